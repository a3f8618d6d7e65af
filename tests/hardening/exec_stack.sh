#!/bin/sh
# hardening/exec_stack: LKDTM's EXEC_STACK copies a function into an
# array on its kernel stack and calls it there.  A kernel stack
# (VMAP_STACK: vmalloc'ed) is mapped non-executable: the call must end
# in an instruction abort from EL1, a permission fault, at the very
# address LKDTM printed ("attempting bad execution at ADDR"), then an
# oops that kills the writer, and nothing else may be reported (lib:
# oops).
. ./lib
attack EXEC_STACK
oops EXEC_STACK
attempted execution
fault_at $addr
fault_kind "execut" iabt perm
exit 0
