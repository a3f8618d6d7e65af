#!/bin/sh
# hardening/stack_guard_page_leading: LKDTM's STACK_GUARD_PAGE_LEADING
# reads the byte right below its task's kernel stack.  With VMAP_STACK
# the stack is a vmalloc area, and vmalloc follows every area with a
# guard page: the page below the stack is the guard page of the area
# below it, or a gap, and nothing maps it.  The read must end in a data
# abort from EL1, a translation fault, a read, at exactly the stack's
# base minus one, then an oops that kills the writer, and nothing else
# may be reported (lib: oops).  LKDTM does not print the address; the
# stack is the THREAD_SIZE-aligned block that holds the faulting
# context's SP (the oops's "sp :").
. ./lib
attack STACK_GUARD_PAGE_LEADING
oops STACK_GUARD_PAGE_LEADING
has "^lkdtm: attempting bad read from page below current stack\$" "LKDTM's attack"
guard_fault below
exit 0
