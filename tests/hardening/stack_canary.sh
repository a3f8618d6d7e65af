#!/bin/sh
# hardening/stack_canary: the stack protector's canary is the task's own
# (STACKPROTECTOR_PER_TASK), not one value for the whole kernel.  LKDTM's
# REPORT_STACK_CANARY finds the canary of one of its frames by looking
# for the writer's task_struct.stack_canary next to a local, records it
# and its offset for the first writer, and for the next writer (another
# pid) compares: "ok: stack canaries differ between pid A and pid B at
# offset N."  A global canary gives "FAIL: global stack canary found",
# no canary at all "FAIL: did not correctly locate stack canary".  Two
# child shells write, one after the other, inside an expect-report
# window: no report, and LKDTM's two lines, the second naming the first
# writer's pid and the same offset.
. ./lib
need_lkdtm
grep -qx REPORT_STACK_CANARY $D || fail "lkdtm does not offer REPORT_STACK_CANARY"
expect_begin stack_canary
sh -c "echo REPORT_STACK_CANARY >$D" & a=$!
wait $a || fail "the first writer (pid $a) exited with status $?"
sh -c "echo REPORT_STACK_CANARY >$D" & b=$!
wait $b || fail "the second writer (pid $b) exited with status $?"
expect_end
grep "^lkdtm: " $W/window | sed 's/^/  /'
nothing_else
grep -E "^lkdtm: (FAIL|ERROR|WARNING)" $W/window &&
	fail "LKDTM says the canaries are not per task (the line above)"
n=$(sed -n "s/^lkdtm: Recorded stack canary for pid $a at offset \([0-9]*\)\$/\1/p" $W/window)
[ -n "$n" ] || fail "no 'Recorded stack canary for pid $a at offset N' in the window"
has "^lkdtm: ok: stack canaries differ between pid $a and pid $b at offset $n\.\$" \
	"the second writer's canary, at the same offset, differs from the first's"
echo "pids $a and $b: different canaries at offset $n"
exit 0
