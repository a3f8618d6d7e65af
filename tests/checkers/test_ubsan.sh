#!/bin/sh
# checkers/test_ubsan: lib/test_ubsan.ko (CONFIG_TEST_UBSAN=m), loaded in
# an expect-report window.  Its init does one bad operation of each kind
# UBSAN can check, each after a line naming it and the option that
# checks it ("test_ubsan_out_of_bounds above (CONFIG_UBSAN_BOUNDS=y)").
# With the options of configs/test.config (UBSAN_BOUNDS, UBSAN_SHIFT)
# three are reported, each right after its line, with its values: the
# shift by a negative exponent, and the array index one above and one
# below the array.  The others must not be, nor anything else: the
# options of signed wrap, bool, enum and alignment are off, and GCC does
# not check a left shift that overflows a signed value when signed
# arithmetic wraps, as it does in the kernel (-fno-strict-overflow).
# wb-config: test
# wb-timeout: 120
. ./lib
need_modules
m=test_ubsan
grep -q "/$m.ko:" "$MODDIR/modules.dep" || fail "no $m.ko in $MODDIR (CONFIG_TEST_UBSAN=m)"
is_loaded $m && fail "$m is loaded before the test"
expect_begin $m
$MODPROBE $m
rc=$?
expect_end
[ $rc = 0 ] || fail "modprobe $m exited with $rc"
not_reports "^test_ubsan_[a-z_]+ .*\(CONFIG_UBSAN_[A-Z_]+=[yn]\)\$" "$m's own lines"
want 1 "^UBSAN: shift-out-of-bounds in (.*/)?lib/test_ubsan\.c:[0-9]+:[0-9]+\$" "shift"
want 2 "^UBSAN: array-index-out-of-bounds in (.*/)?lib/test_ubsan\.c:[0-9]+:[0-9]+\$" "bounds"
nothing_else

# after LINE [KIND DETAIL]: after the line LINE of the module, before its
# next one, comes the report "UBSAN: KIND in ..." saying DETAIL (or,
# without KIND, no report).
after() {
	grep -qxF "$1" $W/window || fail "no line '$1' from $m"
	awk -v l="$1" 'on && /^test_ubsan_/ { exit } on { print } $0 == l { on = 1 }' \
		$W/window >$W/after
	if [ $# = 1 ]; then
		grep -q "^UBSAN: " $W/after && fail "a report after '$1': $(grep "^UBSAN: " $W/after)"
		echo "$1: no report"
	else
		grep -qE "^UBSAN: $2 in " $W/after && grep -qxF "$3" $W/after ||
			fail "no '$2' report saying '$3' after '$1'"
		echo "$1: $2: $3"
	fi
}
after "test_ubsan_shift_out_of_bounds negative exponent (CONFIG_UBSAN_SHIFT=y)" \
	shift-out-of-bounds "shift exponent -1 is negative"
after "test_ubsan_shift_out_of_bounds left overflow (CONFIG_UBSAN_SHIFT=y)"
after "test_ubsan_out_of_bounds above (CONFIG_UBSAN_BOUNDS=y)" \
	array-index-out-of-bounds "index 4 is out of range for type 'int [4]'"
after "test_ubsan_out_of_bounds below (CONFIG_UBSAN_BOUNDS=y)" \
	array-index-out-of-bounds "index -1 is out of range for type 'int [4]'"
$MODPROBE -r $m || fail "modprobe -r $m exited with $?"
exit 0
