#!/bin/sh
# hardening/exec_data: LKDTM's EXEC_DATA copies a function into an
# array of its own, in the module's .data, and calls it there.
# STRICT_MODULE_RWX maps a module's data non-executable: the call must
# end in an instruction abort from EL1, a permission fault, at the very
# address LKDTM printed ("attempting bad execution at ADDR"), then an
# oops that kills the writer, and nothing else may be reported (lib:
# oops).
. ./lib
attack EXEC_DATA
oops EXEC_DATA
attempted execution
fault_at $addr
fault_kind "execut" iabt perm
exit 0
