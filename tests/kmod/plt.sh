#!/bin/sh
# kmod/plt: wb_plt.ko (tests/modules/wb_plt_main.c) carries 128 MiB of
# padding in its text (an executable NOBITS section: the file stays
# small), more than the 128 MiB window from which B/BL reach the whole
# kernel, so the loader places the text further away, from where it may
# have to route the module's calls into the kernel through PLT veneers.
# Its init calls gcd() and int_sqrt() by BL and B (hand-written sites it
# decodes) and from C, and its init text calls its core text; a wrong
# result fails the load.  Here: the module's distance from the kernel
# (from /proc/modules and /proc/kallsyms), the same calls again after
# init through /sys/module/wb_plt/parameters/check, then rmmod.  The
# guest needs about 128 MiB free for it (the test is skipped with less
# than 192 MiB available).
# The module's calls into the kernel are at the low end of its text: a
# loader whose fallback window lies just above the kernel image (the
# port's, mm/execmem.c) may reach the kernel from there directly, and
# under KASLR, whose module windows are random, even the init text may
# reach the core text: every call may then go direct, which the module
# checks site by site (a direct branch must hit its target, anything
# else a veneer in the module).  With module_region=far, the port's
# own parameter (mm/execmem.c; arm64 has none and ignores it), the
# port puts modules out of every call's reach, so there at least one
# veneer is required at init and after it.
# wb-timeout: 120
. ./lib
need_modules
m=wb_plt
project_module $m

avail=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB$/\1/p' /proc/meminfo)
[ "${avail:-0}" -ge $((192 * 1024)) ] ||
	skip "$m needs 128 MiB of memory for its text; MemAvailable is ${avail:-?} kB"

mark
$INSMOD "$ko" || fail "insmod $ko exited with $?: $(since_mark)"
is_loaded $m || fail "$m is not in /proc/modules after insmod"
since_mark | grep "^$m: " || true
since_mark | grep -q "^$m: ok: " || fail "no '$m: ok: ...' line in the kernel log"

# Where the module text is, against the kernel text.  (/proc/kallsyms
# has only text symbols without KALLSYMS_ALL: _stext, not _text or _end.)
# Addresses are compared on their low 48 bits, which the shell's 64-bit
# arithmetic holds without sign trouble (a kernel address has its top 16
# bits set).
addr=$(awk -v m=$m '$1 == m { print $6 }' /proc/modules)
stext=$(awk '$3 == "_stext" { print $1; exit }' /proc/kallsyms)
a=${addr#0x}
case $a:$stext in
????????????????:????????????????) ;;
*) fail "unexpected addresses: $m at '$addr' in /proc/modules, _stext '$stext'" ;;
esac
[ "$a" != 0000000000000000 ] || fail "/proc/modules hides addresses (kptr_restrict?)"
a=$((0x${a#????})) t=$((0x${stext#????}))
if [ $a -lt $t ]; then
	echo "module text at $addr, $(((t - a) / 1048576)) MiB below the kernel's _stext (0x$stext)"
else
	echo "module text at $addr, $(((a - t) / 1048576)) MiB above the kernel's _stext (0x$stext)"
fi

chk=$(cat /sys/module/$m/parameters/check) || fail "reading $m's check parameter failed"
echo "after init: $chk"
case $chk in
"ok calls="*) ;;
*) fail "the calls through $m's branch sites failed after init: '$chk': $(since_mark)" ;;
esac
v=$(since_mark | sed -n "s/^$m: ok: .*, \([0-9]*\) through veneers$/\1/p")
echo "veneers used by the calls at init: ${v:-0}"
if [ "${wb_kernel:-}" = port ] && grep -qw module_region=far /proc/cmdline; then
	[ "${v:-0}" -ge 1 ] ||
		fail "module_region=far, yet no call of $m's init used a veneer"
	[ "${chk##*veneers=}" -ge 1 ] ||
		fail "module_region=far, yet the calls after init used no veneer"
fi

$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
exit 0
