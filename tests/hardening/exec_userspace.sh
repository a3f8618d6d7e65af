#!/bin/sh
# hardening/exec_userspace: LKDTM's EXEC_USERSPACE maps a page in the
# writer's user space (read, write, execute), copies a function into it
# and calls it from the kernel.  Both kernels map every user page
# privileged execute-never (PXN): the call must end in an instruction
# abort from EL1 at the very (user) address LKDTM printed ("attempting
# bad execution at ADDR"), then an oops that kills the writer, and
# nothing else may be reported (lib: oops).  The abort is a permission
# fault, or a translation fault where PAN is emulated (lib: pan): the
# kernel then runs with no user memory mapped at all.
. ./lib
pan
fsc=perm
[ "$pan" = sw ] && fsc=trans
attack EXEC_USERSPACE
oops EXEC_USERSPACE
attempted execution
fault_at $addr
fault_kind "execut" iabt $fsc
exit 0
