#!/bin/sh
# kmod/adrp: the module loader's workaround for ARM's "Cortex-A53 MPCore
# Software Developers Errata Notice", erratum 843419 (an ADRP at page
# offset 0xff8 or 0xffc, followed by loads or stores, can make them use
# a wrong address on Cortex-A53 r0p0-r0p4).  wb_adrp.ko
# (tests/modules/wb_adrp_main.c, wb_adrp_asm.S) has ADRPs at page
# offsets 0xff8 and 0xffc, one against its own .data and one against the
# kernel's jiffies.  On an affected CPU arm64's loader (with
# CONFIG_ARM64_ERRATUM_843419, in configs/arm64.config) rewrites both,
# into an ADR or a branch to a veneer; elsewhere it leaves them.  The
# module, loaded with affected=1 on an affected CPU, refuses to load if
# a site still holds an ADRP, and in every case checks the addresses the
# sites compute; it logs "wb_adrp: 2 sites checked, N rewritten".
#
# Affected, as arm64 decides it (arch/arm64/kernel/cpu_errata.c,
# erratum_843419_list): any CPU in /proc/cpuinfo with implementer 0x41
# (Arm), part 0xd03 (Cortex-A53), variant 0 and revision <= 4, except
# r0p4 with REVIDR_EL1 bit 8 set (the erratum fixed; read from
# /sys/devices/system/cpu/cpuN/regs/identification/revidr_el1 where the
# kernel provides it, else taken as 0, as on QEMU), or Broadcom
# Brahma-B53 r0p0 (implementer 0x42, part 0x100).  Then N must be 2;
# on every other CPU N must be 0, as on arm64 (the loader leaves an
# ADRP alone on a CPU without the erratum).  QEMU's cortex-a53 is r0p4
# with REVIDR 0, and the a53 machine (tests/machines) an r0p0: both
# affected.
. ./lib
need_modules
m=wb_adrp
project_module $m

# One "implementer part variant revision" line a CPU.
cpus=$(awk -F: '
	/^processor/ { if (n++) print imp, part, var, rev; imp = part = var = rev = "" }
	/^CPU implementer/ { imp = $2 }
	/^CPU part/ { part = $2 }
	/^CPU variant/ { var = $2 }
	/^CPU revision/ { rev = $2 }
	END { if (n) print imp, part, var, rev }' /proc/cpuinfo)
[ -n "$cpus" ] || fail "no processor in /proc/cpuinfo"

affected=0 cpu=0
while read -r imp part var rev; do
	revidr=0
	f=/sys/devices/system/cpu/cpu$cpu/regs/identification/revidr_el1
	[ -r "$f" ] && revidr=$(cat "$f")
	echo "cpu$cpu: implementer $imp part $part variant $var revision $rev revidr $revidr"
	case $imp:$part:$var in
	0x41:0xd03:0x0)
		if [ "$rev" -le 3 ] || { [ "$rev" -eq 4 ] && [ $((revidr & 0x100)) -eq 0 ]; }; then
			affected=1
		fi ;;
	0x42:0x100:0x0)
		[ "$rev" -eq 0 ] && affected=1 ;;
	esac
	cpu=$((cpu + 1))
done <<EOF
$cpus
EOF
want=0
[ $affected = 1 ] && want=2
echo "affected by erratum 843419: $affected; sites the loader must rewrite: $want"

mark
$INSMOD "$ko" affected=$affected || fail "insmod $ko affected=$affected exited with $?: $(since_mark)"
is_loaded $m || fail "$m is not in /proc/modules after insmod"
since_mark | grep "^$m: " || true
n=$(since_mark | sed -n "s/^$m: 2 sites checked, \([0-9]*\) rewritten\$/\1/p")
[ -n "$n" ] || fail "no '$m: 2 sites checked, N rewritten' line in the kernel log"
[ "$n" = $want ] ||
	fail "the loader rewrote $n of the 2 ADRP sites, expected $want (affected=$affected)"

$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
exit 0
