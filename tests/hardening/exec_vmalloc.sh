#!/bin/sh
# hardening/exec_vmalloc: LKDTM's EXEC_VMALLOC copies a function into a
# vmalloc() buffer and calls it there.  vmalloc() maps its pages
# non-executable (PAGE_KERNEL): the call must end in an instruction
# abort from EL1, a permission fault, at the very address LKDTM printed
# ("attempting bad execution at ADDR"), then an oops that kills the
# writer, and nothing else may be reported (lib: oops).
. ./lib
attack EXEC_VMALLOC
oops EXEC_VMALLOC
attempted execution
fault_at $addr
fault_kind "execut" iabt perm
exit 0
