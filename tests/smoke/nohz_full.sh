#!/bin/sh
# Full dynticks (NO_HZ_FULL): the CPUs named by nohz_full= on the
# command line run with user context tracking on, so that every entry
# from EL0 and every return to it goes through the architecture's
# context-tracking calls, on which RCU then relies.  The kernel must
# have taken the list (/sys/devices/system/cpu/nohz_full says which
# CPUs it did); a busy mix of system calls, page faults, signals, fork
# and exec then runs pinned on each of them.  A missed transition shows
# as an RCU or context-tracking report, which fails the boot.
fail() { echo "FAIL: $*"; exit 1; }

want=$(tr ' ' '\n' </proc/cmdline | sed -n 's/^nohz_full=//p')
if [ -z "$want" ]; then
	echo "SKIP: no nohz_full= on the command line"
	exit 4
fi
f=/sys/devices/system/cpu/nohz_full
[ -r $f ] || fail "no $f: a kernel without NO_HZ_FULL"
got=$(cat $f)
[ "$got" = "$want" ] || fail "$f says '$got', the command line asked for '$want'"

cpus=$(echo "$want" | awk -F, '{ for (i = 1; i <= NF; i++) {
	n = split($i, r, "-"); for (c = r[1]; c <= r[n]; c++) print c } }')
for cpu in $cpus; do
	taskset -c "$cpu" sh -c '
		trap "s=\$((s + 1))" USR1
		i=0 s=0
		while [ $i -lt 50 ]; do
			cat /proc/self/stat >/dev/null
			dd if=/dev/zero of=/dev/null bs=64k count=4 2>/dev/null
			sleep 0 & wait $!
			kill -USR1 $$
			i=$((i + 1))
		done
		[ $s -eq 50 ] || { echo "$s signals of 50 handled"; exit 1; }' ||
		fail "the loop on CPU $cpu"
	n=$(taskset -c "$cpu" cut -d" " -f39 /proc/self/stat)
	[ "$n" = "$cpu" ] || fail "a task pinned to CPU $cpu ran on CPU $n"
done
echo "ok: nohz_full CPUs $got, as asked; system calls, faults, signals, fork and exec on each"
