#!/bin/sh
# kmod/probes: kprobes and kretprobes on each class of instruction.
# wb_probes.ko (tests/modules/wb_probes_main.c) has a function with an
# instruction of each class kprobes copy out of line or simulate; each
# read of its 'check' parameter calls it 4 times and checks every value
# it computed.  Checked:
#   - writing 1 to 'probes' puts a kprobe on each of those instructions,
#     one on the function's entry and a kretprobe on it; kprobes on an
#     MSR DAIFSet, an LDXR, an instruction between LDXR and STXR, the
#     exception vectors and noinstr context tracking code are refused
#     with EINVAL (the module fails the write otherwise, naming the
#     one accepted);
#   - two tasks read 'check' side by side while the probes are on, and
#     every call computes what it should ("ok calls="): each simulated
#     instruction did what it means;
#   - writing 0 removes the probes and 'probes' reads "ok": each probe
#     was hit once per call, none missed, the entry probe saw each
#     argument and the kretprobe each return value as often as the
#     calls had them;
#   - afterwards the results are still right and the module unloads.
# wb-config: test
# wb-timeout: 180
. ./lib
need_modules
m=wb_probes
project_module $m
P=/sys/module/$m/parameters
reads=6

$INSMOD "$ko" || fail "insmod $ko exited with $?"
is_loaded $m || fail "$m is not in /proc/modules after insmod"

mark
echo 1 >$P/probes || { since_mark | grep wb_probes; fail "registering the kprobes failed: $(cat $P/probes)"; }
since_mark | grep 'wb_probes: a kprobe on'

reader() {
	i=0
	while [ $i -lt $reads ]; do
		chk=$(cat $P/check) || { echo "reading check failed"; return 1; }
		case $chk in
		"ok calls="*) ;;
		*) echo "$chk"; return 1 ;;
		esac
		i=$((i + 1))
	done
}
reader >/tmp/probes.r1 2>&1 &
p1=$!
reader >/tmp/probes.r2 2>&1 &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
echo 0 >$P/probes || fail "removing the kprobes failed"
[ $r1 = 0 ] && [ $r2 = 0 ] ||
	fail "the module's results were wrong under kprobes: $(cat /tmp/probes.r1 /tmp/probes.r2)"
v=$(cat $P/probes)
want=$((2 * reads * 4))
case $v in
"ok probes="*" calls=$want") echo "kprobes: $v" ;;
*) fail "after $want calls under the kprobes: '$v'" ;;
esac

chk=$(cat $P/check)
case $chk in
"ok calls="*) ;;
*) fail "after the probes were removed: '$chk'" ;;
esac
$RMMOD $m || fail "rmmod $m exited with $?"
rm -f /tmp/probes.r1 /tmp/probes.r2
exit 0
