#!/bin/sh
# hardening/write_ro: LKDTM's WRITE_RO writes to a const variable of its
# own, in the module's .rodata, which STRICT_MODULE_RWX maps read-only.
# The write must fault as a permission fault (a data abort from EL1 with
# WnR set) at the very address LKDTM printed, end in an oops that kills
# the writer, and nothing else may be reported (lib: oops).
. ./lib
attack WRITE_RO
oops WRITE_RO
attempted "rodata write"
fault_at $addr
fault_kind "write to read-only memory" dabt perm write
exit 0
