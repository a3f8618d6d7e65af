#!/bin/sh
# kmod/ftrace: the function tracers on module text.  wb_plt.ko
# (tests/modules/wb_plt_main.c; see kmod/plt) has over 128 MiB of
# text, so its functions may lie out of BL range of the kernel's
# ftrace_caller; with module_region=far the port places every module
# so (mm/execmem.c), and each traced call site then branches to the
# module's ftrace veneer (kernel/module_plts.c).  Each read of
# /sys/module/wb_plt/parameters/check calls wb_plt_check_get(), which
# calls wb_plt_c_gcd(1071, 462) once.  Checked:
#   - both functions are listed in available_filter_functions with the
#     module's name;
#   - the function tracer, filtered to the two, records 7 calls of each
#     over 7 reads, wb_plt_c_gcd called from wb_plt_run;
#   - the function-graph tracer from wb_plt_check_get down records 3
#     calls, each with wb_plt_c_gcd nested and returning 0x15 (21, the
#     gcd), gcd nested in that;
#   - the module's results are still right while traced ("ok calls=");
#   - after rmmod, the module's functions are gone from the filter
#     list, and tracing everything again works without it.
# wb-config: test
# wb-timeout: 180
. ./lib
need_modules
m=wb_plt
project_module $m
T=/sys/kernel/tracing
[ -f $T/trace ] || mount -t tracefs tracefs $T || fail "mounting tracefs failed"

avail=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB$/\1/p' /proc/meminfo)
[ "${avail:-0}" -ge $((192 * 1024)) ] ||
	skip "$m needs 128 MiB of memory for its text; MemAvailable is ${avail:-?} kB"

reset() {
	echo 0 >$T/tracing_on
	echo nop >$T/current_tracer
	: >$T/set_ftrace_filter
	: >$T/set_graph_function
	: >$T/trace
}

$INSMOD "$ko" || fail "insmod $ko exited with $?"
is_loaded $m || fail "$m is not in /proc/modules after insmod"

# GCC may clone wb_plt_c_gcd() for its constant arguments
# (wb_plt_c_gcd.constprop.0): the clone is the function that runs.
grep -qx "wb_plt_check_get \[$m\]" $T/available_filter_functions ||
	fail "wb_plt_check_get [$m] is not in available_filter_functions"
gcdf=$(sed -n "s/^\(wb_plt_c_gcd[.a-z0-9]*\) \[$m\]\$/\1/p" $T/available_filter_functions | head -1)
[ -n "$gcdf" ] || fail "no wb_plt_c_gcd [$m] in available_filter_functions"

addr=$(awk -v f="$gcdf" '$3 == f { print $1; exit }' /proc/kallsyms)
fc=$(awk '$3 == "ftrace_caller" { print $1; exit }' /proc/kallsyms)
if [ -n "$addr" ] && [ -n "$fc" ]; then
	a=$((0x${addr#????})) t=$((0x${fc#????}))
	d=$((a > t ? a - t : t - a))
	echo "$gcdf is $((d / 1048576)) MiB from ftrace_caller"
fi

reset
echo wb_plt_check_get >$T/set_ftrace_filter || fail "filtering wb_plt_check_get failed"
echo "$gcdf" >>$T/set_ftrace_filter || fail "filtering $gcdf failed"
echo function >$T/current_tracer || fail "selecting the function tracer failed"
echo 1 >$T/tracing_on
i=0
while [ $i -lt 7 ]; do
	chk=$(cat /sys/module/$m/parameters/check) || fail "reading $m's check failed"
	case $chk in
	"ok calls="*) ;;
	*) fail "$m's calls failed while traced: '$chk'" ;;
	esac
	i=$((i + 1))
done
echo 0 >$T/tracing_on
cat $T/trace >/tmp/ftrace.out
# "TASK-PID [CPU] FLAGS TIME: FUNCTION [wb_plt] <-CALLER [wb_plt]"
n=$(grep -cE ': wb_plt_check_get( \[wb_plt\])? <-' /tmp/ftrace.out)
g=$(grep -cE ": $gcdf( \[wb_plt\])? <-wb_plt_run( |\$)" /tmp/ftrace.out)
echo "function tracer: $n calls of wb_plt_check_get, $g of wb_plt_c_gcd from wb_plt_run"
[ "$n" = 7 ] && [ "$g" = 7 ] || { grep -v '^#' /tmp/ftrace.out | head -20; fail "expected 7 and 7"; }

reset
echo wb_plt_check_get >$T/set_graph_function || fail "set_graph_function failed"
echo 1 >$T/options/funcgraph-retval
echo 1 >$T/options/funcgraph-retval-hex
echo function_graph >$T/current_tracer || fail "selecting the function_graph tracer failed"
echo 1 >$T/tracing_on
for i in 1 2 3; do cat /sys/module/$m/parameters/check >/dev/null; done
echo 0 >$T/tracing_on
cat $T/trace >/tmp/ftrace.out
echo 0 >$T/options/funcgraph-retval
echo 0 >$T/options/funcgraph-retval-hex
# One call, as the graph tracer prints it (comments and spacing vary):
#   wb_plt_c_gcd [wb_plt]() {
#     gcd(); /* = 0x15 */
#   } /* wb_plt_c_gcd [wb_plt] = 0x15 */
n=$(grep -c 'wb_plt_check_get.*() {' /tmp/ftrace.out)
g=$(grep -cE "} /\* $gcdf( \[wb_plt\])? = 0x15 \*/" /tmp/ftrace.out)
c=$(grep -c ' gcd()' /tmp/ftrace.out)
echo "graph tracer: $n calls of wb_plt_check_get, $g returns of 0x15 from wb_plt_c_gcd, $c calls of gcd"
[ "$n" = 3 ] && [ "$g" = 3 ] && [ "$c" -ge 3 ] ||
	{ grep -v '^#' /tmp/ftrace.out | head -40; fail "expected 3 calls, 3 returns of 0x15 and 3 of gcd"; }

reset
$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
grep -q "\[$m\]" $T/available_filter_functions &&
	fail "$m's functions are still in available_filter_functions after rmmod"
echo function >$T/current_tracer || fail "selecting the function tracer after rmmod failed"
echo 1 >$T/tracing_on
sleep 1
echo 0 >$T/tracing_on
reset
rm -f /tmp/ftrace.out
exit 0
