#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# mkdtb.sh OUT.dtb BIOS SMP MEM [INITRD] [BOOTARGS]
#
# Derive the spin-table DTB from QEMU's own tree for the machine that
# run-spin-table.sh boots: dump it (dumpdtb), decompile it with dtc, edit
# it with mkdtb.py (cpu enable-method/cpu-release-addr, /memreserve/ for
# the pen page, PSCI over SMC for power-off, /chosen), compile it back
# and check the result with fdtget.  INITRD may be "" (no initrd).
# BIOS is the wrapper binary: the tree must be dumped with it, because a
# virt machine with firmware differs from one without (no PSCI node and
# no enable-method; with ACPI available the GPIO controller at 0x09030000
# is replaced by the ACPI GED, and a kernel probing it takes an external
# abort).
# MEM is QEMU's -m (e.g. 1G, 512M).
# Environment: QEMU (qemu-system-aarch64), QEMU_CPU (cortex-a57),
# QEMU_EL (2: virtualization=on; 1: no EL2, the kernel runs at EL1),
# QEMU_GIC (2 or 3: the gic-version).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/layout.mk"

if [ $# -lt 4 ] || [ $# -gt 6 ]; then
	echo "usage: $0 OUT.dtb BIOS SMP MEM [INITRD] [BOOTARGS]" >&2
	exit 2
fi
out=$1 bios=$2 smp=$3 mem=$4 initrd=${5:-} bootargs=${6:-}
qemu=${QEMU:-qemu-system-aarch64}
cpu=${QEMU_CPU:-cortex-a57}
case ${QEMU_EL:-2} in
2) virt=on ;;
1) virt=off ;;
*) echo "mkdtb.sh: QEMU_EL must be 1 or 2" >&2; exit 2 ;;
esac
case ${QEMU_GIC:-2} in
2|3) gic=${QEMU_GIC:-2} ;;
*) echo "mkdtb.sh: QEMU_GIC must be 2 or 3" >&2; exit 2 ;;
esac
machine=virt,secure=on,virtualization=$virt,gic-version=$gic

case $smp in
[1-8]) ;;
*) echo "mkdtb.sh: SMP must be 1..8 (the pen has 8 slots, one per Aff0)" >&2; exit 2 ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkdtb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM PIPE

# The same machine options as the boot: the tree depends on all of them.
"$qemu" -M "$machine,dumpdtb=$tmp/virt.dtb" \
	-cpu "$cpu" -smp "$smp" -m "$mem" -nographic -nic none -bios "$bios" \
	>"$tmp/qemu.log" 2>&1 || { cat "$tmp/qemu.log" >&2; exit 1; }
dtc -q -I dtb -O dts -o "$tmp/virt.dts" "$tmp/virt.dtb"

initrd_args=
if [ -n "$initrd" ]; then
	size=$(wc -c <"$initrd")
	end=$((INITRD_ADDR + size))
	case $mem in
	*[Gg]) ram=$((${mem%?} << 30)) ;;
	*[Mm]) ram=$((${mem%?} << 20)) ;;
	*[0-9]) ram=$((mem << 20)) ;;		# QEMU: plain -m is MiB
	*) echo "mkdtb.sh: cannot read MEM '$mem'" >&2; exit 2 ;;
	esac
	if [ "$end" -gt $((RAM_BASE + ram)) ]; then
		echo "mkdtb.sh: $initrd ($size bytes) does not fit below the end of RAM" >&2
		exit 1
	fi
	initrd_args="--initrd-start $INITRD_ADDR --initrd-size $size"
fi

# shellcheck disable=SC2086
python3 "$here/mkdtb.py" "$tmp/virt.dts" "$tmp/spin.dts" \
	--pen-base "$PEN_BASE" --pen-size "$PEN_SIZE" \
	$initrd_args --bootargs "$bootargs"
dtc -q -I dts -O dtb -o "$tmp/spin.dtb" "$tmp/spin.dts"

# booting.rst: at most 2 MiB.  And check what the kernel will read.
[ "$(wc -c <"$tmp/spin.dtb")" -le 2097152 ] || {
	echo "mkdtb.sh: DTB larger than 2 MiB" >&2; exit 1; }
[ "$(fdtget "$tmp/spin.dtb" /cpus/cpu@0 enable-method)" = spin-table ] || {
	echo "mkdtb.sh: cpu@0 has no spin-table enable-method" >&2; exit 1; }
[ "$(fdtget "$tmp/spin.dtb" /psci method)" = smc ] || {
	echo "mkdtb.sh: /psci is not over SMC" >&2; exit 1; }
mv -f "$tmp/spin.dtb" "$out"
