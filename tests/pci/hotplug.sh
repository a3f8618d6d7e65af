#!/bin/sh
# PCIe native hot-plug: the host plugs a virtio-blk-pci function into
# the empty root port "wbslot" when asked ("wb-hotplug: add", a line of
# its own on the console, scripts/wb.py Hotplug); the kernel's pciehp driver must see
# the slot's presence change, enumerate the function behind the port
# and bind it, and the new disk must work.  Then the host unplugs it
# ("wb-hotplug: remove": an attention-button press, which pciehp
# honours after its 5 s grace period) and the function must go away.
# wb-timeout: 90
# wb-config: normal
# Not on the lockdep kernels: 6.12's pciehp takes ctrl->reset_lock
# inside pci_rescan_remove_lock when it probes (from pci_host_probe())
# and the other way round when its IRQ thread adds the device, which
# lockdep reports as a possible circular dependency whatever the arch.
. ./lib

load_drivers
port=$(pci_need 1b36 000c "PCIe root port") || exit 1
[ "$(bound_driver $port)" = pcieport ] || fail "the root port is not bound to pcieport"
slot=$(ls -d /sys/bus/pci/slots/* 2>/dev/null | head -1)
[ -n "$slot" ] || fail "no hot-plug slot in /sys/bus/pci/slots (pciehp not bound to the port)"
[ "$(cat $slot/power 2>/dev/null)" != 1 ] || fail "slot ${slot##*/} already powered: not empty"

echo "wb-hotplug: add" >/dev/console
b=$(block_by_serial wb-hotplug 40) || fail "no disk with serial wb-hotplug 40 s after the host plugged it"
# Behind the root port: its secondary bus.
d=$(readlink -f /sys/block/$b/device)
case $d in
*/${port##*/}/*) ;;
*) fail "/dev/$b is at $d, not behind the root port ${port##*/}" ;;
esac
tmp=$(mktemp -d) || fail "mktemp -d"
dd if=/dev/urandom of=$tmp/pat bs=65536 count=4 2>/dev/null || fail "dd from /dev/urandom"
dd if=$tmp/pat of=/dev/$b bs=65536 conv=fsync 2>/dev/null || fail "writing /dev/$b"
echo 3 >/proc/sys/vm/drop_caches || fail "drop_caches"
dd if=/dev/$b of=$tmp/back bs=65536 count=4 2>/dev/null || fail "reading /dev/$b"
cmp $tmp/pat $tmp/back || fail "hot-plugged /dev/$b: the data read back differs"
rm -rf $tmp
echo "hot-plugged /dev/$b works"

fn=$(echo "$d" | sed -n 's|.*/\([0-9a-f]\{4\}:[0-9a-f]\{2\}:[0-9a-f]\{2\}\.[0-9a-f]\)/virtio.*|\1|p')
[ -n "$fn" ] || fail "cannot tell the PCI function of $d"
echo "wb-hotplug: remove" >/dev/console
for i in $(seq 1 30); do
	[ -e $PCI/$fn ] || break
	sleep 1
done
[ ! -e $PCI/$fn ] || fail "$fn still present 30 s after the host unplugged it"
[ ! -e /sys/block/$b ] || fail "/dev/$b still present after its function went away"
echo "$fn unplugged, /dev/$b gone"
