#!/bin/sh
# check-relocs.sh WB_RELOC_KO: host-side check that the built wb_reloc.ko
# really holds a relocation of every type its init checks, i.e. all the
# types arm64's apply_relocate_add() handles but R_AARCH64_NONE.  The
# assembler resolves what it can by itself (a target in the same
# section), so a change to wb_reloc_asm.S could silently drop a type;
# this catches it before any boot.  Prints the count of each type.
# Usage: sh tests/modules/check-relocs.sh OUT/extmod/wb_reloc.ko
set -eu
ko=${1:?usage: check-relocs.sh WB_RELOC_KO}
readelf=${READELF:-aarch64-linux-gnu-readelf}

want="ABS64 ABS32 ABS16 PREL64 PREL32 PREL16
MOVW_UABS_G0 MOVW_UABS_G0_NC MOVW_UABS_G1 MOVW_UABS_G1_NC
MOVW_UABS_G2 MOVW_UABS_G2_NC MOVW_UABS_G3
MOVW_SABS_G0 MOVW_SABS_G1 MOVW_SABS_G2
MOVW_PREL_G0 MOVW_PREL_G0_NC MOVW_PREL_G1 MOVW_PREL_G1_NC
MOVW_PREL_G2 MOVW_PREL_G2_NC MOVW_PREL_G3
ADR_PREL_PG_HI21 ADR_PREL_PG_HI21_NC ADR_PREL_LO21 ADD_ABS_LO12_NC
LDST8_ABS_LO12_NC LDST16_ABS_LO12_NC LDST32_ABS_LO12_NC
LDST64_ABS_LO12_NC LDST128_ABS_LO12_NC LD_PREL_LO19
TSTBR14 CONDBR19 JUMP26 CALL26"

have=$("$readelf" -rW "$ko" | awk '$3 ~ /^R_AARCH64_/ { n[$3]++ } END { for (t in n) print t, n[t] }') ||
	{ echo "check-relocs: $readelf -rW $ko failed" >&2; exit 1; }
missing="" n=0
for t in $want; do
	n=$((n + 1))
	c=$(echo "$have" | awk -v t="R_AARCH64_$t" '$1 == t { print $2 }')
	if [ -z "$c" ]; then
		missing="$missing $t"
	else
		printf '%-32s %s\n' "R_AARCH64_$t" "$c"
	fi
done
if [ -n "$missing" ]; then
	echo "check-relocs: $ko lacks relocation types:$missing" >&2
	exit 1
fi
echo "check-relocs: all $n relocation types present in $ko"
