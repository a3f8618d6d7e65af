#!/bin/sh
# The three PCI disks (scripts/wb.py pci_args()): virtio-blk-pci, NVMe,
# and USB mass storage on the xHCI controller.  On each, a random
# pattern is written, flushed, dropped from the page cache and read
# back from the device; it must come back unchanged.
. ./lib

load_drivers
d=$(mktemp -d) || fail "mktemp -d"
dd if=/dev/urandom of="$d/pat" bs=65536 count=16 2>/dev/null || fail "dd from /dev/urandom"
for serial in wb-virtio-blk wb-nvme wb-usb; do
	b=$(block_by_serial $serial) || fail "no block device with serial $serial"
	size=$(($(cat /sys/block/$b/size) * 512))
	[ $size = $((4 << 20)) ] || fail "$b ($serial): $size bytes, not the 4 MiB image"
	dd if="$d/pat" of=/dev/$b bs=65536 conv=fsync 2>/dev/null || fail "writing /dev/$b"
	echo 3 >/proc/sys/vm/drop_caches || fail "drop_caches"
	dd if=/dev/$b of="$d/back" bs=65536 count=16 2>/dev/null || fail "reading /dev/$b"
	cmp "$d/pat" "$d/back" || fail "$b ($serial): the data read back differs from what was written"
	echo "$serial: 1 MiB round-tripped through /dev/$b"
done
rm -rf "$d"
