#!/bin/sh
# Every device QEMU put behind the virt machine's PCIe host bridge
# (scripts/wb.py pci_args()) is enumerated by the kernel, has its
# memory BARs placed inside the bridge's windows, and, once the modules
# its modalias names are loaded as udev would, is bound to its driver.
. ./lib

host=$(ls -d /sys/firmware/devicetree/base/pcie@* 2>/dev/null | head -1)
[ -n "$host" ] || fail "no pcie@ node in the device tree"
[ -d /sys/bus/platform/drivers/pci-host-generic ] ||
	fail "no pci-host-generic driver: the ECAM host bridge is not driven"

load_drivers

# VENDOR DEVICE DRIVER WHAT: QEMU's IDs.  The virtio functions sit on
# the root bus, where QEMU makes them transitional (legacy IDs
# 0x1000-0x103f, an I/O BAR too).
check() {
	d=$(pci_need $1 $2 "$4") || exit 1
	drv=$(bound_driver $d)
	[ "$drv" = "$3" ] || fail "$4 ($1:$2 at ${d##*/}) bound to '${drv:-nothing}', not $3"
	# Every memory BAR the function has lies in a window of the bridge
	# (/proc/iomem nests it under "pcie@..."), none left unassigned.
	i=0
	while read -r start end flags; do
		if [ $i -lt 6 ] && [ $((flags & 0x200)) != 0 ] && [ $((end)) != 0 ]; then
			[ $((start)) != 0 ] || fail "$4: BAR $i not assigned"
			s=$(printf '%x' $((start)))
			grep -q "^ *0*$s-.* : ${d##*/}\$" /proc/iomem ||
				fail "$4: BAR $i at 0x$s is not in /proc/iomem under the bridge"
		fi
		i=$((i + 1))
	done <$d/resource
	echo "${d##*/} $1:$2 $4: $drv"
}

check 1b36 0008 "" "host bridge"
check 1b36 000c pcieport "PCIe root port"
check 1af4 1001 virtio-pci "virtio-blk"
check 1af4 1000 virtio-pci "virtio-net"
check 1af4 1005 virtio-pci "virtio-rng"
check 1af4 1003 virtio-pci "virtio-serial"
check 1b36 0010 nvme "NVMe controller"
check 1b36 000d xhci_hcd "xHCI controller"

# The virtio devices on their own bus, each with its driver.
for want in virtio_blk virtio_net virtio_rng virtio_console; do
	found=
	for v in /sys/bus/virtio/devices/*; do
		[ "$(bound_driver $v)" = $want ] && found=${v##*/}
	done
	[ -n "$found" ] || fail "no virtio device bound to $want"
done

# The USB disk on the xHCI controller, bound to usb-storage.
found=
for u in /sys/bus/usb/devices/*:*; do
	[ "$(bound_driver $u)" = usb-storage ] && found=${u##*/}
done
[ -n "$found" ] || fail "no USB interface bound to usb-storage"
echo "USB mass storage: interface $found"
