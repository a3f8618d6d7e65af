#!/bin/sh
# kmod/reloc: wb_reloc.ko (tests/modules/wb_reloc_main.c) holds a
# relocation of each of the 37 types the arm64 module loader applies,
# written by hand in assembly, against module data, text and rodata in
# other sections, absolute symbols, and exported kernel data and
# functions.  Its init runs or reads every site and compares the result
# with the address or value the compiler computed for the same symbol;
# any mismatch is logged with the relocation's name and fails the load.
# On success it logs "wb_reloc: N relocations checked".  Then rmmod.
# wb-timeout: 60
. ./lib
need_modules
m=wb_reloc
project_module $m

mark
$INSMOD "$ko" || fail "insmod $ko exited with $?: $(since_mark)"
is_loaded $m || fail "$m is not in /proc/modules after insmod"
since_mark | grep "^$m: " || true
since_mark | grep -q "^$m: [0-9][0-9]* relocations checked\$" ||
	fail "no '$m: N relocations checked' line in the kernel log"

$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
exit 0
