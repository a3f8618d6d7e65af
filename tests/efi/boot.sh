#!/bin/sh
# efi/boot: the kernel was started as a UEFI application, through the
# EFI stub behind the Image's PE/COFF header, and runs on what the
# firmware handed over:
#   - /sys/firmware/efi, a 64-bit firmware (fw_platform_size);
#   - the log names the firmware (EDK II) and enables the runtime
#     services;
#   - the device tree is the stub's: /chosen has the UEFI system table
#     and memory map properties;
#   - the memory comes from the UEFI memory map, whose runtime regions
#     are kept out of the linear map: /proc/iomem has "reserved" ranges
#     at the top level beside "System RAM" (the device tree's memory
#     node, which the kernel ignores, would give one System RAM range),
#     and the kernel image is inside System RAM.
. ./lib

need_runtime
size=$(cat /sys/firmware/efi/fw_platform_size) ||
	fail "cannot read /sys/firmware/efi/fw_platform_size"
[ "$size" = 64 ] || fail "fw_platform_size is '$size', expected 64"

line=$(klog | grep -m1 "^efi: EFI v[0-9]") || fail "no 'efi: EFI vX.Y by ...' line in the log"
case $line in
*"by EDK II"*) ;;
*) fail "the firmware is not EDK II: '$line'" ;;
esac

C=/proc/device-tree/chosen
for p in linux,uefi-system-table linux,uefi-mmap-start linux,uefi-mmap-size \
	 linux,uefi-mmap-desc-size linux,uefi-mmap-desc-ver; do
	[ -f "$C/$p" ] || fail "no $p in /chosen: not the EFI stub's device tree"
done

grep -q "^[0-9a-f]*-[0-9a-f]* : reserved\$" /proc/iomem || {
	sed 's/^/  /' /proc/iomem
	fail "no top-level 'reserved' range in /proc/iomem: the runtime regions are not kept out"
}
code=$(sed -n 's/^  \([0-9a-f]*\)-[0-9a-f]* : Kernel code$/\1/p' /proc/iomem)
[ -n "$code" ] || fail "no 'Kernel code' inside System RAM in /proc/iomem"
echo "boot: $line, kernel code at 0x$code, $(grep -c ' : reserved$' /proc/iomem) reserved ranges"
