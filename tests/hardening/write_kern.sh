#!/bin/sh
# hardening/write_kern: LKDTM's WRITE_KERN copies one of its functions
# over the next one, in the module's text, which STRICT_MODULE_RWX maps
# read-only.  The copy (memcpy) must fault as a permission fault (a data
# abort from EL1 with WnR set) inside the bytes LKDTM said it would
# overwrite ("attempting bad SIZE byte write at ADDR"), end in an oops
# that kills the writer, and nothing else may be reported (lib: oops).
. ./lib
attack WRITE_KERN
oops WRITE_KERN
line=$(grep "^lkdtm: attempting bad [0-9]* byte write at [0-9a-f]\{16\}\$" $W/window) ||
	fail "no 'lkdtm: attempting bad SIZE byte write at ADDR' line in the window"
size=$(echo "$line" | sed 's/.* bad \([0-9]*\) byte .*/\1/')
addr=$(echo "$line" | sed 's/.* at //')
[ "$size" -gt 0 ] || fail "LKDTM would write $size bytes"
# The first store of a copy need not be to its first byte; any of the
# bytes aimed at is the defence firing at the attack.
off=$((0x$far - 0x$addr))
[ $off -ge 0 ] && [ $off -lt "$size" ] ||
	fail "the fault is at $far, outside the $size bytes at $addr that LKDTM attacked"
echo "the fault is at $far, byte $off of the $size LKDTM attacked at $addr"
fault_kind "write to read-only memory" dabt perm write
exit 0
