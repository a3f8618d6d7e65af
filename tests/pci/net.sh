#!/bin/sh
# The virtio-net-pci NIC on QEMU's user-mode network (restrict=on: the
# guest reaches QEMU's own gateway and nothing beyond): brought up, its
# link is up, and an ARP request for the gateway gets the gateway's
# reply (./arp, a packet socket: transmit and receive through the
# driver's queues).  The NIC's packet counters move both ways.
. ./lib

load_drivers
nic=
for n in /sys/class/net/*; do
	[ "$(cat $n/address)" = 52:54:00:12:34:56 ] && nic=${n##*/}
done
[ -n "$nic" ] || fail "no network interface with the NIC's MAC 52:54:00:12:34:56: $(ls /sys/class/net | tr '\n' ' ')"
drv=$(bound_driver /sys/class/net/$nic/device)
[ "$drv" = virtio_net ] || fail "$nic is driven by '$drv', not virtio_net"
ip link set $nic up || fail "ip link set $nic up exited with $?"
for i in 1 2 3 4 5 6 7 8 9 10; do
	[ "$(cat /sys/class/net/$nic/operstate)" = up ] && break
	sleep 1
done
[ "$(cat /sys/class/net/$nic/operstate)" = up ] ||
	fail "$nic: operstate '$(cat /sys/class/net/$nic/operstate)' 10 s after ip link set up"
ip link show $nic | grep -q "[<,]UP,LOWER_UP[,>]" || fail "ip link show $nic: $(ip link show $nic)"
tx=$(cat /sys/class/net/$nic/statistics/tx_packets)
rx=$(cat /sys/class/net/$nic/statistics/rx_packets)
./arp $nic || exit 1
tx2=$(cat /sys/class/net/$nic/statistics/tx_packets)
rx2=$(cat /sys/class/net/$nic/statistics/rx_packets)
[ $tx2 -gt $tx ] && [ $rx2 -gt $rx ] ||
	fail "$nic: packets tx $tx -> $tx2, rx $rx -> $rx2"
echo "$nic ($drv): up; tx $tx -> $tx2, rx $rx -> $rx2"
