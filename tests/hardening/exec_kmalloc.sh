#!/bin/sh
# hardening/exec_kmalloc: LKDTM's EXEC_KMALLOC copies a function into a
# kmalloc() buffer, in the linear map, and calls it there.  The linear
# map is mapped non-executable (the kernel's text is executable only
# through the kernel image's mapping): the call must end in an
# instruction abort from EL1, a permission fault, at the very address
# LKDTM printed ("attempting bad execution at ADDR"), then an oops that
# kills the writer, and nothing else may be reported (lib: oops).
. ./lib
attack EXEC_KMALLOC
oops EXEC_KMALLOC
attempted execution
fault_at $addr
fault_kind "execut" iabt perm
exit 0
