#!/bin/sh
# hardening/kstack_offset: with randomize_kstack_offset=on
# (RANDOMIZE_KSTACK_OFFSET), every system call runs its kernel frames
# below a gap of a random size, 0 to 1008 bytes in steps of 16
# (include/linux/randomize_kstack.h), so that an attacker cannot rely on
# where a frame lands.  LKDTM's REPORT_STACK prints, for the same task,
# how far a local variable of its moved from where it was at the task's
# first call, "Stack offset: N".  One shell writes REPORT_STACK 32 times
# through one open file (echo is a builtin: the same pid, one write
# each); every N must be a multiple of 16 with |N| < 1024, and they must
# take at least 8 values (without the randomisation all are 0; with it,
# 32 draws from 64 gaps give about 25).
. ./lib
grep -qw randomize_kstack_offset=on /proc/cmdline ||
	fail "no randomize_kstack_offset=on on the kernel command line (tests/plan: EXTRA of the rows that run the group)"
# A parameter the kernel does not know reaches init's environment.
[ -z "${randomize_kstack_offset+set}" ] ||
	fail "the kernel passed randomize_kstack_offset=on on to init: it was built without RANDOMIZE_KSTACK_OFFSET"
need_lkdtm
mark
exec 3>$D || fail "cannot open $D"
i=0
while [ $i -lt 32 ]; do
	echo REPORT_STACK >&3 || fail "write $i of REPORT_STACK to $D failed"
	i=$((i + 1))
done
exec 3>&-
since_mark >$W/log
n=$(grep -c "^lkdtm: Starting stack offset tracking for pid $$\$" $W/log)
[ "$n" = 1 ] || fail "$n 'Starting stack offset tracking for pid $$' lines, expected 1 (the writer is this shell)"
sed -n 's/^lkdtm: Stack offset: \(-\{0,1\}[0-9][0-9]*\)$/\1/p' $W/log >$W/offsets
[ "$(wc -l <$W/offsets)" = 32 ] || fail "$(wc -l <$W/offsets) 'Stack offset: N' lines, expected 32"
echo "offsets: $(tr '\n' ' ' <$W/offsets)"
while read -r o; do
	[ $((o % 16)) = 0 ] || fail "offset $o is not a multiple of 16"
	[ "$o" -gt -1024 ] && [ "$o" -lt 1024 ] || fail "offset $o: |N| >= 1024"
done <$W/offsets
d=$(sort -n -u $W/offsets | wc -l)
[ "$d" -ge 8 ] || fail "$d distinct offsets in 32, expected at least 8: the stack offset is not randomised"
echo "$d distinct offsets in 32"
exit 0
