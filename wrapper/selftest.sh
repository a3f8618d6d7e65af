#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# selftest.sh [KERNEL_IMAGE [INITRD]]
#
# The wrapper's acceptance boots, one QEMU at a time, each checked from
# its console log: cortex-a57 GICv2 with SMP 1, 4 and 8 at EL2 and SMP 2
# at EL1 (256M), GICv3 with -cpu max (EL2) and cortex-a72 (EL1), and a
# machine without a DTB (the wrapper must say so and exit 1, not hang).
# The initramfs (the project's, by default) gets a small extra cpio
# appended with a test group "spin" that reports what the guest sees:
# processors, each cpu node's enable-method and release address, /psci.
# Logs are kept in wrapper/build/selftest/.  Ends "N passed, N failed".
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
. "$here/layout.mk"
# By default the baseline of 4KB pages and 39-bit VA, from the folder
# scripts/wb.py names.
image=${1:-$(python3 "$top/scripts/wb.py" kernel-dir baseline 0 4k 39)/arch/arm64/boot/Image}
initrd=${2:-$top/build/userspace/initramfs.cpio}
qemu=${QEMU:-qemu-system-aarch64}
logs=$here/build/selftest
timeout=${TIMEOUT:-300}
mkdir -p "$logs"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wrapper-selftest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM PIPE

# The "spin" test group, appended to the initramfs as a second archive.
mkdir -p "$tmp/root/tests/spin"
echo "check 60 sh check.sh" >"$tmp/root/tests/spin.list"
cat >"$tmp/root/tests/spin/check.sh" <<'EOF'
echo "nproc=$(grep -c ^processor /proc/cpuinfo) online=$(cat /sys/devices/system/cpu/online)"
for c in /proc/device-tree/cpus/cpu@*; do
	echo "dt $(basename "$c") enable-method=$(cat "$c/enable-method")" \
	     "cpu-release-addr=$(od -An -t x1 "$c/cpu-release-addr" | tr -d ' ')"
done
echo "dt psci $(cat /proc/device-tree/psci/compatible) $(cat /proc/device-tree/psci/method)"
EOF
(cd "$tmp/root" && find tests | cpio -o -H newc 2>/dev/null) >"$tmp/extra.cpio"
cat "$initrd" "$tmp/extra.cpio" >"$tmp/initrd.cpio"

pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; echo "     log: $3"; tail -n 15 "$3" | sed 's/^/     | /'; }
has() { grep -qF -- "$2" "$1"; }

# boot NAME CPU SMP EL GIC MEM
boot() {
	name=$1 cpu=$2 smp=$3 el=$4 gic=$5 mem=$6 log=$logs/$1.log
	QEMU_CPU=$cpu QEMU_EL=$el QEMU_GIC=$gic QEMU_MEM=$mem \
	timeout "$timeout" "$here/run-spin-table.sh" \
		"$image" "$tmp/initrd.cpio" "$smp" \
		"console=ttyAMA0 earlycon=pl011,0x9000000 panic=-1 wb_mode=tests wb_groups=smoke,spin" \
		>"$log" 2>&1
	rc=$?
	why=
	[ $rc = 0 ] || why="QEMU exit status $rc (124: timeout)"
	# arm64 and the aarch64 port say the same things differently.
	[ -n "$why" ] || has "$log" "CPU: All CPU(s) started at EL$el" ||
		has "$log" "SMP: all CPUs entered the kernel at EL$el" ||
		why="not every CPU started at EL$el"
	for s in "SMP: Total of $smp processors activated." \
		 "ok 1 smoke/busybox" "ok 2 spin/check" "# nproc=$smp " \
		 "# dt psci arm,psci-0.2 smc" "# runner: done" \
		 "wrapper: PSCI SYSTEM_OFF"; do
		[ -n "$why" ] || has "$log" "$s" || why="no '$s'"
	done
	n=1
	while [ -z "$why" ] && [ $n -lt "$smp" ]; do
		has "$log" "CPU$n: Booted secondary processor" ||
			has "$log" "CPU$n: online, MPIDR" || why="CPU$n did not boot"
		slot=$(printf '%016x' $((PEN_BASE + 8 * n)))
		has "$log" "# dt cpu@$n enable-method=spin-table cpu-release-addr=$slot" ||
			why="cpu@$n is not spin-table at 0x$slot"
		n=$((n + 1))
	done
	# Every CPU the kernel released left its pen address in the slot.
	if [ -z "$why" ]; then
		zeros=$(grep "cpu-release-addr slots" "$log" | grep -o ' 0x0000000000000000' | wc -l)
		[ "$zeros" = $((8 - smp)) ] || why="$((8 - smp)) slots should still be 0, $zeros are"
	fi
	if [ -z "$why" ] && grep -qE "Kernel panic|Internal error|WARNING: CPU|BUG: |psci: failed|failed to boot" "$log"; then
		why="kernel report: $(grep -m1 -E "Kernel panic|Internal error|WARNING: CPU|BUG: |psci: failed|failed to boot" "$log")"
	fi
	if [ -z "$why" ]; then ok "$name"; else bad "$name" "$why" "$log"; fi
}

boot a57-smp4-el2 cortex-a57 4 2 2 1G
boot a57-smp1-el2 cortex-a57 1 2 2 1G
boot a57-smp8-el2 cortex-a57 8 2 2 1G
boot a57-smp2-el1 cortex-a57 2 1 2 256M
boot max-smp4-el2-gic3 max 4 2 3 2G
boot a72-smp2-el1-gic3 cortex-a72 2 1 3 1G

# No DTB at DTB_ADDR: a clear message and status 1, not a hang.
log=$logs/no-dtb.log
make -s -C "$here" >/dev/null
bios=$(make -s -C "$here" print-bin)
timeout 60 "$qemu" -M virt,secure=on,virtualization=on,gic-version=2 \
	-cpu cortex-a57 -smp 2 -m 1G -nographic -nic none -no-reboot \
	-semihosting-config enable=on,target=native -bios "$bios" \
	-device "loader,file=$image,addr=$KERNEL_BASE,force-raw=on" >"$log" 2>&1
rc=$?
if [ $rc = 1 ] && has "$log" "wrapper: error: no FDT"; then ok no-dtb
else bad no-dtb "status $rc, expected 1 and an error line" "$log"; fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
