#!/bin/sh
# Smoke test: RAM in the kernel's resource tree (/proc/iomem, read as
# root), which region_intersects() consults to tell RAM from I/O
# (memremap(), /dev/mem, page_is_ram()).  The device tree's memory
# node (QEMU's virt machine has one bank) must appear as one top-level
# "System RAM" range with the same bounds, and the kernel image's
# "Kernel code" and "Kernel data" ranges must be nested inside it, code
# below data.  Booted by UEFI, the memory comes from its memory map
# instead, and the stub removes the memory node: the image must then be
# inside one of the top-level "System RAM" ranges.
fail() { echo "FAIL: $*"; exit 1; }

if [ -d /sys/firmware/efi ]; then
	want=$(sed -n 's/^\([0-9a-f]*-[0-9a-f]*\) : System RAM$/\1/p' /proc/iomem |
	       while read -r r; do
		       code=$(sed -n "/^$r : System RAM\$/,/^[0-9a-f]/s/^  \([0-9a-f]*\)-.* : Kernel code\$/\1/p" /proc/iomem)
		       [ -n "$code" ] && echo "$r"
	       done)
	[ -n "$want" ] || {
		sed 's/^/  /' /proc/iomem
		fail "no top-level System RAM range holds the kernel code in /proc/iomem"
	}
else
	set -- $(od -An -tx1 -v /proc/device-tree/memory@*/reg | tr -d ' \n' |
		 sed 's/\(.\{16\}\)\(.\{16\}\)/\1 \2/')
	[ $# = 2 ] || fail "cannot read the device tree's memory node: '$*'"
	want=$(printf '%08x-%08x' $((0x$1)) $((0x$1 + 0x$2 - 1)))
fi

grep -q "^$want : System RAM\$" /proc/iomem || {
	sed 's/^/  /' /proc/iomem
	fail "no top-level '$want : System RAM' in /proc/iomem"
}
lo=$((0x${want%-*})) hi=$((0x${want#*-}))
for what in "Kernel code" "Kernel data"; do
	r=$(sed -n "s/^  \([0-9a-f]*-[0-9a-f]*\) : $what\$/\1/p" /proc/iomem)
	[ -n "$r" ] || fail "no '$what' one level inside System RAM in /proc/iomem"
	s=$((0x${r%-*})) e=$((0x${r#*-}))
	[ $s -ge $lo ] && [ $e -le $hi ] && [ $s -le $e ] ||
		fail "'$what' at $r is not inside System RAM $want"
	eval "${what#Kernel }=$s"
done
[ "$code" -lt "$data" ] || fail "Kernel code does not come before Kernel data"
echo "iomem: System RAM $want, $(grep -E ' : Kernel (code|data)$' /proc/iomem | tr -s ' ' | paste -sd, -)"
