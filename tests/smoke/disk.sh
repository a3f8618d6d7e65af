#!/bin/sh
# Smoke test: the virtio block device every test boot has (scripts/wb.py
# gives QEMU an empty disk image as a modern virtio-mmio device with
# VIRTIO_F_ACCESS_PLATFORM, so that its driver goes through the DMA API,
# and, on PSCI boots, a device tree without "dma-coherent" on it: every
# transfer then takes the kernel's non-coherent DMA path).  A random pattern is
# written, flushed, dropped from the page cache and read back from the
# device; it must come back unchanged.
fail() { echo "FAIL: $*"; exit 1; }

dev=/dev/vda
[ -b $dev ] || fail "no $dev: the boot has no virtio disk"
feat=$(cat /sys/block/vda/device/features) || fail "no /sys/block/vda/device/features"
# Bit 33, VIRTIO_F_ACCESS_PLATFORM: the driver maps its buffers with the
# DMA API instead of handing the device physical addresses.
[ "$(echo "$feat" | cut -c34)" = 1 ] ||
	fail "VIRTIO_F_ACCESS_PLATFORM (bit 33) not negotiated: features $feat"

d=$(mktemp -d) || fail "mktemp -d"
dd if=/dev/urandom of="$d/pat" bs=65536 count=64 2>/dev/null || fail "dd from /dev/urandom"
dd if="$d/pat" of=$dev bs=65536 conv=fsync 2>/dev/null || fail "writing $dev"
sync
echo 3 >/proc/sys/vm/drop_caches || fail "drop_caches"
dd if=$dev of="$d/back" bs=65536 count=64 2>/dev/null || fail "reading $dev"
cmp "$d/pat" "$d/back" || fail "the data read back from $dev differs from what was written"
rm -rf "$d"
coh=coherent
[ -e /sys/firmware/devicetree/base/virtio_mmio@a003e00/dma-coherent ] || coh=non-coherent
echo "disk: $((65536 * 64)) bytes round-tripped through $dev ($coh transport in the device tree)"
