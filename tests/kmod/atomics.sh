#!/bin/sh
# kmod/atomics: the kernel's choice between the LSE atomic instructions
# (FEAT_LSE, ARMv8.1) and load/store-exclusive loops, in the kernel and
# in a module, and the module's atomics checked (wb_atomics.ko,
# tests/modules/wb_atomics.c).
#
# The choice must follow the CPU: QEMU's max (implementer 0x00, part
# 0x051) implements FEAT_LSE, Cortex-A53, A57 and A72 (implementer 0x41,
# parts 0xd03, 0xd07, 0xd08) are ARMv8.0 cores without it.  A kernel
# built without the option (the module says: configured=0) keeps the
# loops everywhere, and so does the port booted with lse_atomics=off.
# Expected, with want = 1 where the CPU has LSE, the kernel was built
# for it, and the port is not told lse_atomics=off:
#   - the module's own atomics in the LSE form exactly when want = 1
#     (its init prints "wb_atomics: lse=0|1 configured=0|1"): the loader
#     switched them with the kernel's;
#   - the port's boot log "LSE atomics: in use at N sites" (N > 0) when
#     want = 1, else "not implemented" or "off (lse_atomics=off)";
#     arm64's "CPU features: detected: LSE atomic instructions" exactly
#     when it was built with the option and the CPU has LSE;
#   - every check of the module's init passed ("all checks passed"; a
#     failure refuses the load), and it unloads.
# wb-timeout: 180
. ./lib
need_modules
m=wb_atomics
project_module $m

# LSE or not, by CPU model; every CPU must be the same model.
models=$(awk -F: '
	/^CPU implementer/ { imp = $2 }
	/^CPU part/ { gsub(/ /, "", imp); p = $2; gsub(/ /, "", p); print imp "/" p }' \
	/proc/cpuinfo | sort -u)
[ -n "$models" ] || fail "no CPU implementer and part in /proc/cpuinfo"
[ "$(echo "$models" | wc -l)" -eq 1 ] ||
	fail "CPUs of different models: $(echo $models)"
case $models in
0x00/0x051) cpu_lse=1 ;;
0x41/0xd03|0x41/0xd07|0x41/0xd08) cpu_lse=0 ;;
*) fail "CPU model $models (implementer/part) is not one this test knows: add whether it has FEAT_LSE" ;;
esac

mark
$INSMOD "$ko" ||
	fail "insmod $ko exited with $? (a check failed?): $(since_mark)"
out=$(since_mark | grep "^$m: ")
echo "$out"
is_loaded $m || fail "$m is not in /proc/modules after insmod"
echo "$out" | grep -q "^$m: all checks passed\$" ||
	fail "$m loaded without reporting its checks passed: $out"
line=$(echo "$out" | sed -n "s/^$m: \(lse=[01] configured=[01]\)\$/\1/p")
[ -n "$line" ] || fail "no 'lse=... configured=...' line from $m: $out"
lse=${line#lse=}
lse=${lse%% *}
configured=${line#*configured=}

off=0
if [ "${wb_kernel:-}" = port ] && grep -qw lse_atomics=off /proc/cmdline; then
	off=1
fi
want=0
[ "$cpu_lse" = 1 ] && [ "$configured" = 1 ] && [ "$off" = 0 ] && want=1
[ "$lse" = "$want" ] ||
	fail "the module's atomics: lse=$lse, want $want (CPU $models has LSE: $cpu_lse, configured: $configured, lse_atomics=off: $off)"

log=$(dmesg | sed 's/^\[[^]]*\] //')
case ${wb_kernel:-} in
port)
	[ "$configured" = 1 ] ||
		fail "the port was built without AARCH64_LSE_ATOMICS (configs/aarch64.config sets it)"
	got=$(echo "$log" | grep '^LSE atomics: ')
	[ -n "$got" ] || fail "no 'LSE atomics:' line in the boot log"
	echo "kernel: $got"
	if [ "$want" = 1 ]; then
		n=$(echo "$got" | sed -n 's/^LSE atomics: in use at \([0-9]*\) sites$/\1/p')
		[ -n "$n" ] && [ "$n" -gt 0 ] ||
			fail "the CPU has LSE but the kernel says '$got'"
	elif [ "$off" = 1 ]; then
		[ "$got" = "LSE atomics: off (lse_atomics=off), using exclusive loops" ] ||
			fail "booted with lse_atomics=off, the kernel says '$got'"
	else
		[ "$got" = "LSE atomics: not implemented, using exclusive loops" ] ||
			fail "the CPU has no LSE, the kernel says '$got'"
	fi
	;;
baseline)
	if echo "$log" | grep -q 'CPU features: detected: LSE atomic instructions'; then
		detected=1
	else
		detected=0
	fi
	[ "$detected" = "$want" ] ||
		fail "arm64 detected LSE: $detected, want $want (CPU has LSE: $cpu_lse, configured: $configured)"
	echo "kernel: LSE atomics detected: $detected"
	;;
*)
	fail "wb_kernel is '${wb_kernel:-}', not port or baseline (check.py sets it on the kernel command line)" ;;
esac

$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
echo "atomics: module lse=$lse (want $want), every operation and the contended counts right"
exit 0
