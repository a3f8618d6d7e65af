#!/bin/sh
# hardening/stack_canary: the stack protector's canary is the task's own
# (STACKPROTECTOR_PER_TASK), not one value for the whole kernel.  LKDTM's
# REPORT_STACK_CANARY looks for the writer's task_struct.stack_canary in
# the 15 words above a local of one of its functions, records the value
# and its offset for the first writer and, for a later writer (another
# pid), compares: "ok: stack canaries differ between pid A and pid B at
# offset N."  A global canary gives "FAIL: global stack canary found"
# (or "FAIL: canary identical"), no canary at all "FAIL: did not
# correctly locate stack canary".  LKDTM takes the last match, and a
# stale copy of the writer's own canary, left by an earlier, deeper call
# of the same task in a slot the current calls do not write, can be
# found above the real one: both kernels show one 11 words up in about
# one writer in ten, at random (the random stack offset of each system
# call moves the old copies).  The first writer's value and offset are
# recorded; a later writer found at another offset gets "ERROR: canary
# offset changed" and LKDTM keeps the record, so a first writer recorded
# at the stale slot is compared only with a later one found there too.
# Either comparison is sound: each writer's own canary, found at the
# same offset.  Writers are subshells (forked, not exec'd: a new task,
# with few system calls before its write, so few stale copies) that
# write one after the other, inside an expect-report window, until one
# is compared with the first (60 at most; after a stale first record
# about 10 are needed): no report, no FAIL, and the canaries differ.
. ./lib
need_lkdtm
grep -qx REPORT_STACK_CANARY $D || fail "lkdtm does not offer REPORT_STACK_CANARY"
expect_begin stack_canary
first= last= i=0
while [ $i -lt 60 ]; do
	(echo REPORT_STACK_CANARY >$D) & p=$!
	wait $p || fail "writer $p exited with status $?"
	first=${first:-$p} last=$p i=$((i + 1))
	klog | grep -qE "^lkdtm: (FAIL|ok): .*pid $p( |\$)" && break
done
expect_end
grep "^lkdtm: " $W/window | sed 's/^/  /'
nothing_else
grep -E "^lkdtm: (FAIL|WARNING)" $W/window &&
	fail "LKDTM says the canaries are not per task (the line above)"
n=$(sed -n "s/^lkdtm: Recorded stack canary for pid $first at offset \([0-9]*\)\$/\1/p" $W/window)
[ -n "$n" ] || fail "no 'Recorded stack canary for pid $first at offset N' in the window"
has "^lkdtm: ok: stack canaries differ between pid $first and pid $last at offset $n\.\$" \
	"after $i writers, none compared with the first at offset $n"
echo "pids $first and $last: different canaries at offset $n ($i writers)"
exit 0
