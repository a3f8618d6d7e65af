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
# stale copy of the canary left higher up by an earlier, deeper call of
# the same task (where depends on the random stack offset of each
# system call) can move it: "ERROR: canary offset changed", after which
# LKDTM keeps the first record and the next writer is compared with it.
# Subshells (forked, not exec'd: a new task, whose kernel stack starts
# zeroed, with few system calls before its write, so few stale copies
# of its canary) write one after the other, inside an expect-report
# window, until one is compared at the first one's offset (10 at most):
# no report, no FAIL, and the canaries must differ.  A writer that runs
# "sh -c" leaves the copies of a whole execve() behind: its canary was
# seen 10 words above the real one in about one writer in ten, and a
# first writer recorded there makes every comparison fail.
. ./lib
need_lkdtm
grep -qx REPORT_STACK_CANARY $D || fail "lkdtm does not offer REPORT_STACK_CANARY"
expect_begin stack_canary
first= last= i=0
while [ $i -lt 10 ]; do
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
