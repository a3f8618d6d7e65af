#!/bin/sh
# kmod/dma: the DMA API on a device that does not snoop the caches.
# tests/modules/wb_dma.ko checks at load, on a virtio-mmio device (which
# QEMU's device tree does not mark dma-coherent), that the DMA API
# treats it as non-coherent, that its dma_alloc_coherent() buffer is a
# remap, and that map/sync/unmap round trips in every direction keep
# the data (DMA_API_DEBUG watches them on this kernel).  Here, the
# buffer's address must then lie in a kernel page table dump line that
# maps it Normal Non-cacheable ("MEM/NORMAL-NC", arm64's ptdump names,
# which the port's follow), not cacheable memory.
# wb-config: test
# wb-timeout: 60
. ./lib
need_modules
m=wb_dma
project_module $m
grep -q " /sys/kernel/debug debugfs " /proc/mounts ||
	mount -t debugfs debugfs /sys/kernel/debug || fail "cannot mount debugfs"
mark
$INSMOD "$ko" || fail "insmod $ko exited with $?: $(since_mark)"
since_mark | grep "^$m: " >/tmp/$m.log || true
cat /tmp/$m.log
grep -q "treats it as non-coherent" /tmp/$m.log ||
	fail "the device was not non-coherent for the DMA API"
addr=$(sed -n 's/^wb_dma: coherent buffer at \([0-9a-f]\{16\}\), a remap$/\1/p' /tmp/$m.log)
[ -n "$addr" ] || fail "no 'coherent buffer at ADDR, a remap' line"
# Addresses compared as 16-hex-digit strings ("k" prefixed, so that awk
# never takes them for numbers), as checkers/page_tables does.
line=$(awk -v a="k$addr" '
$1 ~ /^0x[0-9a-f]+-0x[0-9a-f]+$/ {
	s = "k" substr($1, 3, 16); e = "k" substr($1, 22, 16)
	if (s <= a && a < e) { print; exit }
}' /sys/kernel/debug/kernel_page_tables)
echo "page tables: $line"
[ -n "$line" ] || fail "no line of the page table dump maps $addr"
case " $line " in
*" MEM/NORMAL-NC "*) ;;
*) fail "$addr is not mapped Normal Non-cacheable" ;;
esac
$RMMOD $m || fail "rmmod $m exited with $?"
exit 0
