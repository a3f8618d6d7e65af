#!/bin/sh
# kmod/bpf_jit: the eBPF JIT compiles every program of the kernel's
# test_bpf module (lib/test_bpf.c) and each compiled program computes
# what the interpreter does.  test_bpf runs three suites when loaded:
# about a thousand eBPF and classic BPF programs with their expected
# results, the tail call programs (chains, the 33-call limit, calls to
# kernel functions between tail calls, NULL and out-of-range slots),
# and skb segmentation.  With /proc/sys/net/core/bpf_jit_enable at 1,
# all three suites as they are, then with bpf_jit_harden at 2 (constant
# blinding of every program) the main suite up to its "all ...
# magnitudes" programs (see below) and the tail call suite; each load
# must:
#   - succeed (test_bpf's init fails when any test failed);
#   - print "Summary: N PASSED, 0 FAILED, [J/R JIT'ed]" for the main
#     and tail call suites with J = R > 0: every program that ran was
#     JIT-compiled, none fell back to the interpreter;
#   - print "test_skb_segment: Summary: N PASSED, 0 FAILED" (first load).
# wb-config: test
# wb-timeout: 600
. ./lib
need_modules

SYS=/proc/sys/net/core
grep -q "/test_bpf.ko:" "$MODDIR/modules.dep" ||
	fail "no test_bpf.ko in $MODDIR (configs/test.config has CONFIG_TEST_BPF=m)"
[ -w $SYS/bpf_jit_enable ] ||
	fail "no writable $SYS/bpf_jit_enable: the kernel has no BPF JIT"
is_loaded test_bpf && fail "test_bpf is loaded before the test"

old_enable=$(cat $SYS/bpf_jit_enable)
old_harden=$(cat $SYS/bpf_jit_harden)
restore() {
	echo "$old_enable" >$SYS/bpf_jit_enable
	echo "$old_harden" >$SYS/bpf_jit_harden
}

# summary LOG SUITE: check SUITE's summary line ("" for the main suite)
summary() {
	if [ -z "$2" ]; then
		line=$(grep -E '^test_bpf: Summary: ' "$1")
	else
		line=$(grep -E "^test_bpf: $2: Summary: " "$1")
	fi
	[ -n "$line" ] || { echo "no summary of ${2:-test_bpf}"; return 1; }
	echo "$line"
	case $line in
	*" 0 FAILED"*) ;;
	*) return 1 ;;
	esac
	[ "$2" = test_skb_segment ] && return 0
	jit=$(echo "$line" | sed -n 's/.*\[\([0-9]*\)\/\([0-9]*\) JIT.ed\]$/\1 \2/p')
	set -- $jit
	[ $# = 2 ] && [ "$1" -gt 0 ] && [ "$1" = "$2" ]
}

# load LOG PARAMS...: load test_bpf with PARAMS, its log in LOG; the
# modprobe exit status in $rc
load() {
	log=$1
	shift
	mark
	$MODPROBE test_bpf "$@"
	rc=$?
	since_mark >"$log"
	is_loaded test_bpf && $RMMOD test_bpf
}

# check HARDEN LOG SUITE...: the summaries of SUITE... in LOG
check() {
	harden=$1 log=$2
	shift 2
	bad=""
	for s in "$@"; do
		summary "$log" "$s" || bad="$bad ${s:-test_bpf}"
	done
	[ $rc = 0 ] || bad="$bad (modprobe exit $rc)"
	[ -z "$bad" ] && return 0
	# The programs that failed or ran interpreted
	grep -E 'FAIL|jited:0' "$log" | head -40
	restore
	fail "bpf_jit_harden=$harden:$bad"
}

jit() {
	echo 1 >$SYS/bpf_jit_enable || { restore; fail "cannot enable the JIT"; }
	echo "$1" >$SYS/bpf_jit_harden ||
		{ restore; fail "cannot set bpf_jit_harden to $1"; }
	echo "bpf_jit_harden=$1:"
}

jit 0
load /tmp/bpf_jit.log
check 0 /tmp/bpf_jit.log "" test_tail_calls test_skb_segment

# Constant blinding rewrites every instruction with an immediate into
# three, one at a time (bpf_jit_blind_constants()), before any JIT sees
# the program.  From the "all ... magnitudes" programs on, test_bpf's
# main suite is made of programs that blinding cannot serve, on any
# JIT: tens of thousands of immediates each, rewritten in time
# quadratic in the program's length (hours under emulation), then
# jumps that span the most a 16-bit BPF offset can, which blinding's
# longer code would overflow, so that the interpreter runs them.  The
# blinded run takes the main suite up to the first of those, found by
# name in the first run's log, and the tail call suite.
first_mag=$(sed -n '1,/^test_bpf: Summary:/s/^test_bpf: #\([0-9]*\) .* magnitudes .*/\1/p' /tmp/bpf_jit.log | head -1)
[ -n "$first_mag" ] && [ "$first_mag" -gt 0 ] ||
	fail "no \"all ... magnitudes\" test in the first run's log"

jit 2
load /tmp/bpf_jit.log test_range=0,$((first_mag - 1))
check 2 /tmp/bpf_jit.log ""
load /tmp/bpf_jit.log test_suite=test_tail_calls
check 2 /tmp/bpf_jit.log test_tail_calls
restore
echo "test_bpf passed with every program JIT-compiled, with and without constant blinding"
