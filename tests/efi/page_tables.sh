#!/bin/sh
# efi/page_tables: the runtime services' own address space, efi_mm,
# dumped by PTDUMP_DEBUGFS (debugfs efi_page_tables): between its
# markers, mappings in the user half at the addresses the stub gave
# the runtime regions, every one not global (nG: tagged with efi_mm's
# ASID) and none reachable from EL0 (no USR), with some executable
# (runtime code) and some not (runtime data, MMIO).
# wb-config: test
. ./lib

need_runtime
grep -q " /sys/kernel/debug debugfs " /proc/mounts ||
	mount -t debugfs debugfs /sys/kernel/debug || fail "cannot mount debugfs"
F=/sys/kernel/debug/efi_page_tables
[ -r $F ] || fail "no $F"
grep -q "UEFI runtime start" $F && grep -q "UEFI runtime end" $F ||
	fail "$F has not its markers"
lines=$(grep '^0x' $F | grep 'MEM/\|DEVICE/')
[ -n "$lines" ] || { sed 's/^/  /' $F; fail "no mapping in $F"; }
echo "$lines" | grep -v " NG " | grep -q . && { sed 's/^/  /' $F; fail "a global mapping in efi_mm"; }
echo "$lines" | grep -q " USR " && { sed 's/^/  /' $F; fail "an EL0-accessible mapping in efi_mm"; }
echo "$lines" | grep -q " x " || { sed 's/^/  /' $F; fail "no executable mapping (runtime code) in efi_mm"; }
echo "$lines" | grep -q " NX " || { sed 's/^/  /' $F; fail "no non-executable mapping (runtime data) in efi_mm"; }
echo "page_tables: $(echo "$lines" | wc -l) runs in efi_mm"
