#!/bin/sh
# fatal/exhaust_stack: LKDTM's EXHAUST_STACK recurses with 1 KB frames
# until the task's kernel stack runs out.  With VMAP_STACK the next
# access below the stack lands in its vmalloc guard page, and the
# exception that follows finds SP off its stack: the kernel must report
# a stack overflow and panic, never run on into the memory below.  The
# host checks the report (scripts/check.py): a data abort whose FAR is
# in the guard page right below the "Task stack" range it prints, then
# "Kernel panic - not syncing: kernel stack overflow".
# wb-timeout: 60
. ./lib
provoke EXHAUST_STACK
