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
need_modules
need_debugfs
$MODPROBE lkdtm || fail "modprobe lkdtm exited with $?"
D=/sys/kernel/debug/provoke-crash/DIRECT
[ -w $D ] || fail "no $D after loading lkdtm"
grep -qx EXHAUST_STACK $D || fail "lkdtm does not offer EXHAUST_STACK"
expect_fatal fatal/exhaust_stack
echo EXHAUST_STACK >$D
fail "the kernel came back from EXHAUST_STACK (write status $?)"
