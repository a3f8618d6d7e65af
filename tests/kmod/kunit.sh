#!/bin/sh
# kmod/kunit: KUnit suites built as modules (configs/test.config, and
# the project's wb_cmpxchg and wb_string of tests/modules) run when
# loaded and print their KTAP results to the kernel log; each suite's
# top-level line must say "ok N SUITE".  A "not ok", or a suite that
# printed nothing, fails.
# wb-config: test
# wb-timeout: 120
. ./lib
need_modules

# MODULE:SUITE[,SUITE...]
SUITES="bitfield_kunit:bitfields list-test:list-kunit-test,hlist,klist test_hash:hash wb_cmpxchg:wb-cmpxchg wb_string:wb-string"

have=0
for e in $SUITES; do
	grep -q "/${e%%:*}.ko:" "$MODDIR/modules.dep" && have=$((have + 1))
done
if [ $have = 0 ]; then
	# Without CONFIG_KUNIT the suites are not built; the harness runs
	# this test on the 'test' configuration only, where they must be.
	[ "${wb_config:-}" = test ] &&
		fail "no KUnit modules in $MODDIR, on a kernel of the test configuration"
	skip "no KUnit modules in $MODDIR (not a kernel of configs/test.config)"
fi

bad=""
for e in $SUITES; do
	m=${e%%:*}
	grep -q "/$m.ko:" "$MODDIR/modules.dep" || { bad="$bad $m(not built)"; continue; }
	mark
	if ! $MODPROBE "$m"; then
		bad="$bad $m(modprobe exit $?)"
		continue
	fi
	since_mark >/tmp/kunit.log
	for s in $(echo "${e#*:}" | tr ',' ' '); do
		r=$(grep -E "^(not )?ok [0-9]+ $s\$" /tmp/kunit.log)
		case $r in
		"") echo "$m: suite $s printed no result"; bad="$bad $s(no result)" ;;
		"not ok"*) echo "$m: $r"; grep -E "^ +(not ok|# )" /tmp/kunit.log; bad="$bad $s(not ok)" ;;
		*) echo "$m: $r" ;;
		esac
	done
	$MODPROBE -r "$m" || bad="$bad $m(modprobe -r exit $?)"
	is_loaded "$(echo "$m" | tr - _)" && bad="$bad $m(still loaded)"
done
[ -z "$bad" ] || fail "KUnit modules:$bad"
echo "kunit: every suite passed"
exit 0
