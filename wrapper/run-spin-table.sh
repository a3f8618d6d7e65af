#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run-spin-table.sh KERNEL_IMAGE INITRD SMP "BOOTARGS" [QEMU ARGS...]
#
# Boot an arm64 Image on QEMU virt through the EL3 spin-table wrapper:
# QEMU's PSCI emulation is off (secure=on + -bios), every CPU starts in
# the wrapper, the kernel is entered at EL2 and brings its secondaries up
# with enable-method = "spin-table".  Builds the wrapper and the DTB as
# needed, then execs QEMU, so this script's status (and PID) is QEMU's:
#   0 PSCI SYSTEM_OFF, 1 bad boot input (the wrapper prints why),
#   2 PSCI SYSTEM_RESET, 3 unexpected exception at EL3 (printed);
# 125 when this script fails before QEMU starts (usage, build, DTB).
# INITRD may be "" for none.  QEMU ARGS are appended (e.g. -icount ...).
# Environment: QEMU (qemu-system-aarch64), QEMU_CPU (cortex-a57),
# QEMU_MEM (1G), QEMU_EL (2: virtualization=on, the kernel is entered at
# EL2; 1: no EL2 in the machine, the kernel is entered at EL1), QEMU_GIC
# (2: GICv2, the default; 3: GICv3), SPIN_DT_CPUS (SMP: how many cpu
# nodes the DTB has; more than SMP describes CPUs that never answer, to
# test the kernel's timeout on a CPU that does not come up),
# SPIN_EL2_TRAPS (1: the firmware leaves every EL2 control set to trap,
# route or distort before entering the kernel at EL2; see el2_traps in
# wrapper.S).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/layout.mk"

if [ $# -lt 4 ]; then
	echo "usage: $0 KERNEL_IMAGE INITRD SMP \"BOOTARGS\" [QEMU ARGS...]" >&2
	exit 125
fi
image=$1 initrd=$2 smp=$3 bootargs=$4
shift 4
qemu=${QEMU:-qemu-system-aarch64}
cpu=${QEMU_CPU:-cortex-a57}
mem=${QEMU_MEM:-1G}
el=${QEMU_EL:-2}
case $el in
2) virt=on ;;
1) virt=off ;;
*) echo "run-spin-table.sh: QEMU_EL must be 1 or 2" >&2; exit 125 ;;
esac
gic=${QEMU_GIC:-2}
case $gic in
2|3) ;;
*) echo "run-spin-table.sh: QEMU_GIC must be 2 or 3" >&2; exit 125 ;;
esac

die() { echo "run-spin-table.sh: $*" >&2; exit 125; }
# A file name inside a QEMU -device option: commas are doubled.
qfile() { printf '%s' "$1" | sed 's/,/,,/g'; }
[ -f "$image" ] || die "no kernel image '$image'"
[ -z "$initrd" ] || [ -f "$initrd" ] || die "no initrd '$initrd'"

# The arm64 Image header (booting.rst): text_offset (le64 at 8),
# image_size (le64 at 16), magic "ARM\x64" (le32 at 0x38).
le64() { od -An -v -t u8 -j "$2" -N 8 "$1" | tr -d ' '; }
magic=$(od -An -v -t x4 -j 56 -N 4 "$image" | tr -d ' ')
[ "$magic" = 644d5241 ] || die "$image is not an arm64 Image (no ARM\\x64 magic)"
text_offset=$(le64 "$image" 8)
image_size=$(le64 "$image" 16)
[ "$image_size" -gt 0 ] || image_size=$(wc -c <"$image")
entry=$(printf '0x%x' $((KERNEL_BASE + text_offset)))
[ $((entry + image_size)) -le $((DTB_ADDR)) ] ||
	die "the kernel ($image_size bytes at $entry) overlaps the DTB at $DTB_ADDR"

# Build the firmware for this entry point (serialised: boots may run in
# parallel and share wrapper/build).
out=${WRAPPER_OUT:-$here/build}
mkdir -p "$out"
traps=${SPIN_EL2_TRAPS:-0}
case $traps in
0|1) ;;
*) die "SPIN_EL2_TRAPS must be 0 or 1" ;;
esac
flock "$out/.lock" make -s -C "$here" O="$out" KERNEL_ENTRY="$entry" EL2_TRAPS="$traps" >&2 ||
	die "building the wrapper failed"
bios=$(make -s -C "$here" O="$out" KERNEL_ENTRY="$entry" EL2_TRAPS="$traps" print-bin)

# The DTB is made for this boot and handed to QEMU as an open file
# (/dev/fd/3) whose name is already gone: nothing is left behind however
# QEMU ends, and exec keeps QEMU's PID and status as ours.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/spin-table.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM PIPE
dt_cpus=${SPIN_DT_CPUS:-$smp}
[ "$dt_cpus" -ge "$smp" ] 2>/dev/null || die "SPIN_DT_CPUS=$dt_cpus: want a number >= SMP ($smp)"
QEMU_CPU=$cpu QEMU_EL=$el QEMU_GIC=$gic "$here/mkdtb.sh" "$tmp/spin.dtb" "$bios" "$dt_cpus" "$mem" "$initrd" "$bootargs" ||
	exit 125
exec 3<"$tmp/spin.dtb"
rm -rf "$tmp"
trap - EXIT HUP INT TERM PIPE

# The pen's ready word is cleared by QEMU itself at every reset (the
# generic loader's data mode writes at reset, before any CPU runs), so a
# secondary can never mistake a previous boot's word for this one's.
ready=$(printf '0x%x' $((PEN_BASE + PEN_READY_OFF)))

set -- -M "virt,secure=on,virtualization=$virt,gic-version=$gic" \
	-cpu "$cpu" -smp "$smp" -m "$mem" \
	-nographic -nic none -no-reboot \
	-semihosting-config enable=on,target=native \
	-bios "$bios" \
	-device "loader,file=$(qfile "$image"),addr=$entry,force-raw=on" \
	-device "loader,file=/dev/fd/3,addr=$DTB_ADDR,force-raw=on" \
	-device "loader,data=0,data-len=8,addr=$ready" \
	"$@"
if [ -n "$initrd" ]; then
	set -- "$@" -device "loader,file=$(qfile "$initrd"),addr=$INITRD_ADDR,force-raw=on"
fi
exec "$qemu" "$@"
