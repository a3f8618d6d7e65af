#!/bin/sh
# kmod/cycles: 200 loads and unloads of test_static_keys with the
# test_static_key_base it needs, spread round robin over every CPU
# (tests/kmod/modcycle.c: cycle i loads both on CPU i mod N and unloads
# them on the next CPU) while a busy loop runs on each CPU (at nice 19,
# so that the loads still get most of their CPU's time, but no CPU ever
# idles and the loop and the loader preempt each other).  Every load
# must succeed (test_static_keys fails its init when a static key
# misbehaves) and the cycles must not leak module memory: VmallocUsed
# (/proc/meminfo, kB) may not grow by more than one page and the kernel
# stacks that come and go meanwhile (below) over them.
#
# The loads are finit_module calls from one small program rather than
# kmod processes (two modprobes a cycle took 1.5 s a cycle on two CPUs
# under the busy loops, modcycle 1.1 s): the cycles measure the loader,
# and the other kmod tests cover kmod itself.
#
# VmallocUsed counts pages allocated with vmalloc, module memory among
# them; the first figure is taken after warm-up cycles on every CPU (so
# that caches filled on first use are not counted), the last one a
# second after the cycles, and again, a second apart, up to 10 times
# until it is within the page (memory freed after an RCU grace period).
# With VMAP_STACK, VmallocUsed also counts every task's kernel stack,
# live or kept for reuse (kernel/fork.c caches two a CPU), so the tasks
# and the cache at the two readings move it by whole stacks: one seen
# on 2 CPUs, five on 8 CPUs, on both kernels.  The slack is two stacks a
# CPU and two more, which leaves small leaks unseen on many CPUs: this
# test catches a loader that keeps module memory, not a stray page.
# wb_kmod_cycles=N on the kernel command line changes the count.
# Slow under TCG, as the vCPUs never idle and share the host's cores:
# 200 cycles took 80 s on 2 CPUs (normal kernel), 210 s with lockdep
# (test kernel) and 2.2 s a cycle on 8 CPUs, on a busy 2-core host.
# wb-timeout: 600
. ./lib
need_modules
cycles=${wb_kmod_cycles:-200}
ncpu=$(nproc)
page=$(page_size)
# THREAD_SIZE: 16 KB with 4 KB pages (doubled by KASAN), one page above.
stack=$page
[ $page = 4096 ] && stack=16384
grep -qw kasan_report /proc/kallsyms && [ $page = 4096 ] && stack=32768
limit=$(((page + (2 * ncpu + 2) * stack) / 1024))
base=$($MODINFO -F filename test_static_key_base) &&
	keys=$($MODINFO -F filename test_static_keys) ||
	fail "modinfo finds no test_static_key_base or test_static_keys"

vmalloc_used() { sed -n 's/^VmallocUsed: *\([0-9]*\) kB/\1/p' /proc/meminfo; }
unloaded() {
	for x in test_static_keys test_static_key_base; do
		is_loaded $x && fail "$x is loaded $1"
	done
	return 0
}
unloaded "before the test"

hogs=""
stop_hogs() { [ -n "$hogs" ] && kill $hogs 2>/dev/null; wait 2>/dev/null; hogs=""; }
trap stop_hogs EXIT
c=0
while [ $c -lt $ncpu ]; do
	# Each loop ends with this script (the runner's timeout kills the
	# script only) and holds no pipe of the runner's open.
	taskset -c $c sh -c "while [ -e /proc/$$ ]; do :; done" </dev/null >/dev/null 2>&1 &
	hogs="$hogs $!"
	renice -n 19 -p $! >/dev/null || fail "renice of the busy loop on CPU $c failed"
	c=$((c + 1))
done
echo "$ncpu CPUs, a busy loop on each; page $page bytes"

./modcycle $((2 * ncpu)) "$base" "$keys" || fail "a warm-up cycle failed"
unloaded "after the warm-up cycles"
sleep 1
before=$(vmalloc_used)
t0=$(cut -d' ' -f1 /proc/uptime)
echo "after $((2 * ncpu)) warm-up cycles: VmallocUsed $before kB at $t0 s"

mark
if ! ./modcycle $cycles "$base" "$keys"; then
	since_mark | tail -20
	fail "the load/unload cycles stopped (kernel log above)"
fi
unloaded "after $cycles cycles"
for p in $hogs; do
	kill -0 $p 2>/dev/null || fail "a busy loop (pid $p) died during the cycles"
done

n=0
while :; do
	sleep 1
	after=$(vmalloc_used)
	echo "VmallocUsed: $after kB ($((after - before)) kB more)"
	[ $((after - before)) -le $limit ] && break
	n=$((n + 1))
	[ $n -lt 10 ] || fail "VmallocUsed grew by $((after - before)) kB over $cycles load/unload cycles (limit: one page and $((2 * ncpu + 2)) stacks, $limit kB)"
done
stop_hogs
echo "cycles: $cycles loads and unloads on $ncpu CPUs, VmallocUsed $before -> $after kB"
exit 0
