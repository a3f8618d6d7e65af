#!/bin/sh
# hardening/stack_guard_page_trailing: LKDTM's STACK_GUARD_PAGE_TRAILING
# reads the byte right above its task's kernel stack.  With VMAP_STACK
# the stack is a vmalloc area, so that byte is in the guard page that
# vmalloc leaves after every area, which nothing maps: the read must end
# in a data abort from EL1, a translation fault, a read, at exactly the
# stack's top, then an oops that kills the writer, and nothing else may
# be reported (lib: oops).  LKDTM does not print the address; the stack
# is the THREAD_SIZE-aligned block that holds the faulting context's SP
# (the oops's "sp :").
. ./lib
attack STACK_GUARD_PAGE_TRAILING
oops STACK_GUARD_PAGE_TRAILING
has "^lkdtm: attempting bad read from page above current stack\$" "LKDTM's attack"
guard_fault above
exit 0
