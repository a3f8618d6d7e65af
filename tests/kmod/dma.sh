#!/bin/sh
# kmod/dma: the DMA API on a device that does not snoop the caches.
# tests/modules/wb_dma.ko checks at load, on a virtio-mmio device, that
# the DMA API treats it as coherent exactly when the device tree says
# so, that a non-coherent device's dma_alloc_coherent() buffer is a
# remap, and that map/sync/unmap round trips in every direction keep
# the data (DMA_API_DEBUG watches them on this kernel).  Here, the
# buffer's address must then lie in a kernel page table dump line that
# maps it Normal Non-cacheable ("MEM/NORMAL-NC", arm64's ptdump names,
# which the port's follow), or, for a coherent device, Normal memory.
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
# The device tree decides (scripts/wb.py gives PSCI boots QEMU's tree
# without "dma-coherent" on virtio-mmio): the module checked that the
# DMA API agrees; here the buffer's mapping must match.
if grep -q "treats it as non-coherent" /tmp/$m.log; then
	want=MEM/NORMAL-NC how="a remap"
else
	want=MEM/NORMAL how="in the linear map"
fi
addr=$(sed -n "s/^wb_dma: coherent buffer at \([0-9a-f]\{16\}\), $how\$/\1/p" /tmp/$m.log)
[ -n "$addr" ] || fail "no 'coherent buffer at ADDR, $how' line"
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
*" $want "*) ;;
*) fail "$addr is not mapped $want" ;;
esac
$RMMOD $m || fail "rmmod $m exited with $?"
exit 0
