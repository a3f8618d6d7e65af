#!/bin/sh
# checkers/kfence_test: mm/kfence's KUnit suite (CONFIG_KFENCE_KUNIT_TEST=m,
# module kfence_test), loaded in an expect-report window: it waits for
# KFENCE to sample its allocations, makes bad accesses to them and
# checks KFENCE's report of each from the console.  Every case must be
# ok or skipped, the suite ok, and the window's reports KFENCE's only
# ("BUG: KFENCE: ..."): any other report in it fails.  KFENCE's
# statistics are shown before and after.
# wb-config: test
# wb-timeout: 300
. ./lib
need_modules
need_debugfs
m=kfence_test
grep -q "/$m.ko:" "$MODDIR/modules.dep" || fail "no $m.ko in $MODDIR (CONFIG_KFENCE_KUNIT_TEST=m)"
is_loaded $m && fail "$m is loaded before the test"
S=/sys/kernel/debug/kfence/stats
[ -f $S ] || fail "no $S: KFENCE is not built in"
echo "sample interval: $(cat $KFENCE_P) ms"
sed 's/^/before: /' $S
grep -qx "enabled: 1" $S || fail "KFENCE is not enabled"
t0=$(cut -d' ' -f1 /proc/uptime)
expect_begin $m
$MODPROBE $m
rc=$?
expect_end
echo "the suite took $(echo "$(cut -d' ' -f1 /proc/uptime) $t0" | awk '{ print $1 - $2 }') s"
sed 's/^/after: /' $S
[ $rc = 0 ] || fail "modprobe $m exited with $rc"
ktap kfence
want + "^BUG: KFENCE: " "KFENCE"
nothing_else
$MODPROBE -r $m || fail "modprobe -r $m exited with $?"
exit 0
