#!/bin/sh
# kaslr/layout: where the kernel image runs (RANDOMIZE_BASE, the normal
# kernels).  The boot loader's /chosen/kaslr-seed picks the place: QEMU
# writes a random one into its device tree, check.py a chosen one for
# rows with wb_kaslr_seed=0xHEX (0 and "none" give a zero or no seed).
# "nokaslr" on the command line, or a zero or missing seed, keeps the
# link address of _stext, which check.py passes as wb_link_stext.
#   - the log says which, in arm64's words, exactly once;
#   - _stext in /proc/kallsyms is the link address, or (KASLR enabled)
#     another one, at a multiple of 2 MiB from it;
#   - on the port, with a forced seed, the linear map has moved too;
#   - the seed is gone from the device tree the kernel kept (but for
#     arm64 under nokaslr);
#   - a module (LKDTM) is within 2 GiB of _stext, where ADRP reaches,
#     and a warning from it is reported with symbols (the module's and
#     the core kernel's) in its call trace;
#   - two lines are for check.py: "kaslr: seed S, _stext at X" (the
#     last), which must differ between the rows of two seeds, and
#     "_stext at X, linked at Y", whose offset a panic at the end of
#     the boot (the fatal group) must print as "Kernel Offset: ...".
. ../hardening/lib

case ${wb_kaslr_seed:-random} in
none|0|0x0) want=noseed ;;
*) want=on ;;
esac
grep -qw nokaslr /proc/cmdline && want=cmdline
case $want in
on) msg="KASLR enabled" ;;
cmdline) msg="KASLR disabled on command line" ;;
noseed) msg="KASLR disabled due to lack of seed" ;;
esac
n=$(klog | grep -c "^KASLR ")
klog | grep "^KASLR " | sed 's/^/  log: /'
[ "$n" = 1 ] || fail "$n 'KASLR ...' lines in the kernel log, expected one: '$msg'"
klog | grep -qxF "$msg" || fail "the kernel log does not say '$msg'"

link=${wb_link_stext:-}
case $link in
????????????????) ;;
*) fail "no wb_link_stext=<16 hex digits> on the command line (check.py passes it)" ;;
esac
stext=$(awk '$3 == "_stext" { print $1; exit }' /proc/kallsyms)
case $stext in
0000000000000000) fail "/proc/kallsyms hides addresses (kptr_restrict?)" ;;
????????????????) ;;
*) fail "no _stext in /proc/kallsyms" ;;
esac
# Differences of the low 60 bits: both addresses are in the kernel half.
off=$(( 0x${stext#?} - 0x${link#?} ))
echo "_stext at $stext, linked at $link: offset $off"
case $want in
on)
	[ "$off" != 0 ] || fail "KASLR enabled, yet _stext is at its link address"
	[ $((off % 2097152)) = 0 ] || fail "offset $off is not a multiple of 2 MiB"
	;;
*)
	[ "$off" = 0 ] || fail "KASLR off ($want), yet _stext is $off bytes from its link address"
	;;
esac

# The port's linear map (4KB pages; a forced seed): RAM starts a
# random number of 1 GiB steps into [PAGE_OFFSET, PAGE_END), from the
# seed's low 16 bits (arch/aarch64/mm/init.c), not at PAGE_OFFSET plus
# its offset in the first 128 MiB section: a kernel socket (slab, in
# the linear map, from /proc/net/netlink) must lie in RAM's window at
# the place the seed gives.  arm64 moves its linear map only where it
# is larger than the CPU's physical address range, never at 39 bits.
linear_map() {
	seed=$((wb_kaslr_seed & 0xffff))
	G=1073741824
	# Low 60 bits of every kernel address (its top nibble is f).
	page_end=$(( 0x${link#?} / G * G ))
	size=$(( 0x1000000000000000 - page_end ))
	page_offset=$(( page_end - size ))
	# RAM: the device tree's memory node (QEMU's virt machine has one
	# bank), reg = <address size> in two big-endian cells each.
	set -- $(od -An -tx1 -v /proc/device-tree/memory@*/reg | tr -d ' \n' |
		 sed 's/\(.\{16\}\)\(.\{16\}\)/\1 \2/')
	[ $# = 2 ] || fail "cannot read the memory node's reg: '$*'"
	start=$((0x$1)) end=$((0x$1 + 0x$2))
	memstart=$(( start / 134217728 * 134217728 ))
	room=$(( (size - (end - memstart)) / G ))
	memstart=$(( memstart - G * ((room * seed) >> 16) ))
	low=$(( page_offset + start - memstart )) high=$(( page_offset + end - memstart ))
	old=$(cat /proc/sys/kernel/kptr_restrict)
	echo 1 >/proc/sys/kernel/kptr_restrict || fail "cannot set kptr_restrict"
	sk=$(awk 'NR == 2 { print $1 }' /proc/net/netlink)
	echo "$old" >/proc/sys/kernel/kptr_restrict
	case $sk in
	????????????????) ;;
	*) fail "no socket address in /proc/net/netlink: '$sk'" ;;
	esac
	a=$((0x${sk#?}))
	printf 'linear map: RAM at %x..%x (seed 0x%04x), a netlink socket at %s\n' \
		$low $high $seed "$sk"
	[ $a -ge $low ] && [ $a -lt $high ] ||
		fail "the socket at $sk is not in RAM's randomised window of the linear map"
}
case $want:${wb_kernel:-}:$(page_size):${wb_kaslr_seed:-} in
on:port:4096:0x*) linear_map ;;
esac

# arm64 does not read (or wipe) the seed under nokaslr; the port does.
f=/proc/device-tree/chosen/kaslr-seed
if [ -e $f ] && { [ $want != cmdline ] || [ "${wb_kernel:-}" = port ]; }; then
	left=$(od -An -tx1 $f | tr -d ' \n')
	case $left in
	*[1-9a-f]*) fail "the seed is still in the device tree: $left" ;;
	esac
	echo "/chosen/kaslr-seed wiped ($left)"
fi

need_lkdtm
addr=$(awk '$1 == "lkdtm" { print $6 }' /proc/modules)
case $addr in
0x????????????????) ;;
*) fail "no address for lkdtm in /proc/modules: '$addr'" ;;
esac
a=$((0x${addr#0x?})) t=$((0x${stext#?}))
d=$((a > t ? a - t : t - a))
echo "lkdtm at $addr, $((d / 1048576)) MiB from _stext"
[ $d -lt 2147483648 ] || fail "lkdtm is $d bytes from _stext: out of ADRP reach"

grep -qx WARNING $D || fail "lkdtm does not offer WARNING"
expect_begin kaslr_warning
sh -c "echo WARNING >$D" || fail "writing WARNING to $D failed"
expect_end
want 1 "^WARNING: CPU: [0-9]+ PID: [0-9]+ at " "the warning"
nothing_else
section "^Call trace:" >$W/trace
sed 's/^/  /' $W/trace
grep -qE "^ *lkdtm_WARNING\+0x[0-9a-f]+/0x[0-9a-f]+ \[lkdtm\]\$" $W/trace ||
	fail "the call trace does not name lkdtm_WARNING in the module"
grep -qE "^ *(vfs_write|ksys_write)\+0x[0-9a-f]+/0x[0-9a-f]+\$" $W/trace ||
	fail "the call trace does not name vfs_write or ksys_write in the kernel"

echo "kaslr: seed ${wb_kaslr_seed:-random}, _stext at $stext"
exit 0
