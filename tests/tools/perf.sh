#!/bin/sh
# tools/perf: Debian bookworm's own perf (package linux-perf, perf 6.1,
# linked against Debian's arm64 libraries, unmodified) against this
# kernel, as a user runs it:
#  - 'perf list' names the PMU's hardware events;
#  - 'perf stat' counts user cycles, task-clock and page faults of a
#    workload (./spin: wb_spin_outer() calls wb_spin_inner(), which
#    spins), each count a number above zero;
#  - 'perf record -g' samples the workload's cycles with call chains
#    (frame pointers), and 'perf report' names wb_spin_inner() as where
#    most samples (60% or more) fell, with wb_spin_outer() as its
#    caller;
#  - 'perf stat' of a hardware breakpoint (-e mem:ADDR:x) on
#    wb_spin_outer(), whose address nm gave at build time (spin.syms),
#    counts its one call.
# perf and its libraries come in perf.cpio, which check.py appends to
# the initrd of the rows running this group.
# wb-config: normal
# wb-timeout: 180
fail() { echo "FAIL: $*"; exit 1; }

PERF=/usr/bin/perf
[ -x $PERF ] || fail "no $PERF: this boot's initrd lacks perf.cpio"
v=$($PERF --version 2>&1) || fail "perf --version: $v"
echo "$v"
case $v in "perf version 6.1."*) ;; *) fail "not Debian's perf 6.1: '$v'" ;; esac

out=$($PERF list hw 2>&1) || fail "perf list hw: $out"
echo "$out" | grep -q 'cpu-cycles OR cycles' ||
	fail "perf list hw does not name cpu-cycles: $out"
echo "perf list hw:" $(echo "$out" | sed -n 's/^ *\(.*[^ ]\) *\[Hardware event\]/\1;/p')

out=$($PERF stat -x, -e cycles:u,task-clock,page-faults -- ./spin 2>&1) ||
	fail "perf stat exited with $?: $out"
for ev in cycles:u task-clock page-faults; do
	n=$(echo "$out" | awk -F, -v ev="$ev" '$3 == ev { print $1 }')
	echo "perf stat: $ev $n"
	case $n in
	''|*[!0-9.]*) fail "perf stat gave no count for $ev: $out" ;;
	esac
	awk -v n="$n" 'BEGIN { exit !(n > 0) }' || fail "perf stat: $ev counted $n"
done

# Under TCG a PMU interrupt can take long in host time, and the kernel
# then lowers perf_event_max_sample_rate mid-run (a cascade of
# "interrupt took too long" lines), which leaves fewer samples for the
# spin against the program's start-up: the time limit is off for the
# recording, and restored after it, as c/perf_events does.
lim=/proc/sys/kernel/perf_cpu_time_max_percent
old_lim=$(cat $lim) || fail "cannot read $lim"
echo 0 >$lim || fail "cannot write $lim"
data=/tmp/perf.data
rm -f $data
out=$($PERF record -q -e cycles:u -g -o $data -- ./spin 2>&1)
rc=$?
echo "$old_lim" >$lim
[ $rc = 0 ] || fail "perf record exited with $rc: $out"
[ -s $data ] || fail "perf record left no $data: $out"
rep=$($PERF report -i $data --stdio --no-children --sort symbol \
	--percent-limit 5 2>/tmp/perf.err) ||
	fail "perf report exited with $?: $(cat /tmp/perf.err)"
echo "$rep" | grep -v '^#' | grep -v '^$' | head -12
top=$(echo "$rep" | grep -v '^#' | grep -m1 '%')
case $top in
*wb_spin_inner*) ;;
*) fail "the top symbol is not wb_spin_inner: '$top'" ;;
esac
# Under the top entry, its callers from the frame records, nearest first.
echo "$rep" | grep -A3 -F "$top" | grep -q -- '---wb_spin_outer$' ||
	fail "wb_spin_inner's call chain does not start at wb_spin_outer"
echo "$rep" | grep -A4 -- '---wb_spin_outer$' | grep -q '^ *main$' ||
	fail "wb_spin_inner's call chain does not go on to main"
# Most samples: the spin is about 30 million iterations; the loader and
# libc's start-up take the rest (79% once while the limit above was on,
# 95% on the other kernel in the same run).
pct=$(echo "$top" | awk '{ sub("%", "", $1); print int($1) }')
[ "${pct:-0}" -ge 60 ] || fail "only $pct% of the samples in wb_spin_inner"

# spin.syms: the workload's symbols, from nm at build time.
addr=$(awk '$3 == "wb_spin_outer" { print $1 }' ./spin.syms)
[ -n "$addr" ] || fail "no wb_spin_outer in spin.syms"
out=$($PERF stat -x, -e mem:0x$addr:x -- ./spin 1000 2>&1) ||
	fail "perf stat -e mem:0x$addr:x exited with $?: $out"
n=$(echo "$out" | awk -F, '$3 ~ /^mem:/ { print $1 }')
echo "perf stat: mem:0x$addr:x (wb_spin_outer) $n"
[ "$n" = 1 ] || fail "a breakpoint on wb_spin_outer counted '$n', not 1: $out"
exit 0
