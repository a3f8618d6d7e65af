#!/bin/sh
# checkers/kasan_test: mm/kasan's KUnit suite (CONFIG_KASAN_KUNIT_TEST=m,
# module kasan_test): each case makes a kind of bad access KASAN knows
# and fails if KASAN's report does not come.  Every case run must be ok
# or skipped (a case for another KASAN mode or an option that is off),
# and the reports in the window KASAN's only ("BUG: KASAN: ...", and
# one more, below): any other report fails.  KFENCE is paused meanwhile:
# an object of the suite's that KFENCE took would be KFENCE's to check,
# and KASAN's report would not come.
#
# Three cases are left out.  kmalloc_large_uaf and page_alloc_uaf read
# pages given back to the page allocator, which DEBUG_PAGEALLOC has
# unmapped, so after KASAN's report the read faults (an oops), the case
# dies and the report it leaves behind fails the next case too.
# kmalloc_oob_left reads the byte before its object, which belongs to
# the neighbouring object, and KASAN's report prints that object's
# allocation and free stacks: another task may free or reuse it while
# the report is printed, and the free stack's handle is then garbage
# ("pool index ... out of bounds", a WARN in lib/stackdepot.c), as seen
# once on the baseline.  KUnit's
# filter can only pick cases, by a shell-style glob over SUITE.CASE
# (/sys/module/kunit/parameters/filter_glob), so the suite is loaded
# once a glob (parts, below) that together match every case but those
# two; most match none.
#
# The one report besides KASAN's: rcu_uaf passes
# rcu_dereference_protected() a NULL condition, which lockdep's RCU
# checks report ("WARNING: suspicious RCU usage", at kasan_test_c.c, in
# rcu_uaf) if lockdep is still on then, that is, if no KASAN report came
# before in the boot: the first one taints the kernel, which turns
# lockdep off (/proc/lockdep_stats says which).
# wb-config: test
# wb-timeout: 300
. ./lib
need_modules
m=kasan_test
LEFT_OUT="kmalloc_large_uaf page_alloc_uaf kmalloc_oob_left"
grep -q "/$m.ko:" "$MODDIR/modules.dep" || fail "no $m.ko in $MODDIR (CONFIG_KASAN_KUNIT_TEST=m)"
is_loaded $m && fail "$m is loaded before the test"
G=/sys/module/kunit/parameters/filter_glob
[ -f $G ] || fail "no $G"

# parts NAME...: globs that together match every name but the NAMEs,
# each name once: for each beginning B of a NAME that the characters C
# continue, "B[!C]*", and "NAME?*" for the names that go on past one.
# (A case named just like the beginning of a NAME, say "kmalloc", would
# be missed; the suite has none.)
parts() {
	printf '%s\n' "$@" | awk '
	{
		for (i = 0; i < length($0); i++) {
			b = substr($0, 1, i); c = substr($0, i + 1, 1)
			if (index(next_[b], c) == 0) next_[b] = next_[b] c
		}
		whole[$0] = 1
	}
	END {
		for (b in next_) print b "[!" next_[b] "]*"
		for (n in whole) print n "?*"
	}' | sort
}

kfence_pause
# The filter cannot be unset: "*.*" is what KUnit takes when it is.
on_exit "printf '*.*' >$G"
parts $LEFT_OUT >$W/parts
lockdep=$(sed -n 's/^ *debug_locks: *//p' /proc/lockdep_stats 2>/dev/null)
expect_begin $m
while read -r g; do
	printf '%s' "kasan.$g" >$G || fail "cannot write $G"
	echo "wb: $m part kasan.$g" >/dev/kmsg
	$MODPROBE $m || fail "modprobe $m with filter_glob kasan.$g exited with $?"
	$MODPROBE -r $m || fail "modprobe -r $m exited with $?"
done <$W/parts
expect_end

# Each load's KTAP, when a case matched its glob.
total=0 skips=0 loads=0
while read -r g; do
	loads=$((loads + 1))
	awk -v p="wb: $m part kasan.$g" 'on && /^wb: / { exit } on { print } $0 == p { on = 1 }' \
		$W/window >$W/part
	grep -q "^    # Subtest: kasan\$" $W/part || continue
	echo "kasan.$g:"
	ktap kasan $W/part
	for n in $LEFT_OUT; do
		grep -qE "^    (not )?ok [0-9]+ $n( |\$)" $W/cases && fail "$n ran, with the glob kasan.$g"
	done
	total=$((total + cases)) skips=$((skips + skipped))
done <$W/parts
echo "kasan: $total cases in $loads loads, $skips skipped; left out: $LEFT_OUT"
[ $((total - skips)) -ge 1 ] || fail "no case of kasan ran"

if [ "$lockdep" = 1 ] && grep -qE "^    ok [0-9]+ rcu_uaf\$" $W/window; then
	has "/kasan_test_c\.c:[0-9]+ suspicious rcu_dereference_protected\(\) usage!\$" "rcu_uaf"
	grep -A16 "^stack backtrace:\$" $W/window | grep -q "^ rcu_uaf+0x" ||
		fail "the RCU report's backtrace does not go through rcu_uaf"
	want 1 "^WARNING: suspicious RCU usage\$" "rcu_uaf, lockdep on"
fi
want + "^BUG: KASAN: " "KASAN"
nothing_else
exit 0
