#!/bin/sh
# hardening/exec_rodata: LKDTM's EXEC_RODATA calls a function of its
# own that its build moved into .rodata (lkdtm/rodata.c).
# STRICT_MODULE_RWX maps a module's read-only data non-executable: the
# call must end in an instruction abort from EL1, a permission fault,
# at the very address LKDTM printed ("attempting bad execution at
# ADDR"), then an oops that kills the writer, and nothing else may be
# reported (lib: oops).
. ./lib
attack EXEC_RODATA
oops EXEC_RODATA
attempted execution
fault_at $addr
fault_kind "execut" iabt perm
exit 0
