// SPDX-License-Identifier: GPL-2.0
/*
 * wb_hwbp: hardware breakpoints and watchpoints on kernel addresses,
 * through register_wide_hw_breakpoint() (one event on every CPU).
 *
 * Each read of /sys/module/wb_hwbp/parameters/check runs the checks
 * below and returns "ok ..." or "FAIL ..." with the first difference:
 *  - a breakpoint on wb_hwbp_target() counts exactly its calls: from
 *    this task with interrupts enabled and with them masked, and from
 *    an IPI on every CPU; each call returns what it computes; after
 *    unregistering, no more;
 *  - a store watchpoint on a doubleword counts its stores and not its
 *    loads, each store made once with its value, and reports the
 *    watched address as the trigger; a load watchpoint counts the
 *    loads only;
 *  - a watchpoint on the upper half of the doubleword counts whole
 *    doubleword stores (the address reported by the CPU is the store's,
 *    outside the watched bytes);
 *  - a breakpoint and a watchpoint on one store instruction
 *    (wb_hwbp_store(), a single STR) both count every call: the step
 *    over the first hit goes on through the second;
 *  - a breakpoint at an address that is not 4-byte aligned is refused
 *    with EINVAL, unless 'misaligned_refused' is 0 (arm64 takes it).
 * On arm64, an interrupt that arrives while the kernel steps over a
 * hit ends the step early, and the instruction hits a second time when
 * it is returned to; the port masks interrupts for the step.  Writing
 * N to 'extra_permille' accepts up to N extra hits per thousand (the
 * kmod/hw_breakpoint test sets it on the baseline only); each count
 * is otherwise exact.
 *
 * The events have perf's default overflow handler, with which the
 * architecture code steps over each hit (a handler of the caller's own
 * is left to do that itself, as ptrace's debugger does); each count is
 * the sum of the events' counts over the CPUs.
 *
 * Writing 1 to 'hold' keeps a breakpoint on wb_hwbp_target() on every
 * CPU, so that MDSCR_EL1.KDE is set everywhere while user space runs
 * its own breakpoint tests; writing 0 removes it.
 */
#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/hw_breakpoint.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/smp.h>

u64 wb_hwbp_data __aligned(8);
void wb_hwbp_store(u64 *p, u64 v);

/* One STR and the return: the breakpoint and the watchpoint share the STR. */
asm(".pushsection .text, \"ax\"\n"
    ".globl wb_hwbp_store\n"
    ".type wb_hwbp_store, %function\n"
    ".balign 4\n"
    "wb_hwbp_store:\n"
    "	str	x1, [x0]\n"
    "	ret\n"
    ".size wb_hwbp_store, . - wb_hwbp_store\n"
    ".popsection\n");

noinline int wb_hwbp_target(int x)
{
	barrier();
	return 3 * x + 1;
}

static atomic_t call_errors;

static unsigned int extra_permille;
module_param(extra_permille, uint, 0600);

/* Whether a count is want, or above it by no more than extra_permille allows. */
static bool count_ok(u64 hits, u64 want)
{
	return hits >= want && hits <= want + want * extra_permille / 1000;
}

static struct perf_event * __percpu *wide(void *addr, int len, int type)
{
	struct perf_event_attr attr;

	hw_breakpoint_init(&attr);
	attr.bp_addr = (unsigned long)addr;
	attr.bp_len = len;
	attr.bp_type = type;
	return register_wide_hw_breakpoint(&attr, NULL, NULL);
}

/* The hits of a wide event, summed over the CPUs; the event is unregistered. */
static u64 hits_and_unregister(struct perf_event * __percpu *ev)
{
	u64 sum = 0, enabled, running;
	int cpu;

	cpus_read_lock();
	for_each_online_cpu(cpu)
		sum += perf_event_read_value(*per_cpu_ptr(ev, cpu), &enabled, &running);
	cpus_read_unlock();
	unregister_wide_hw_breakpoint(ev);
	return sum;
}

static void call_target(int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (wb_hwbp_target(i) != 3 * i + 1)
			atomic_inc(&call_errors);
}

static void call_target_ipi(void *unused)
{
	call_target(10);
}

static int check_breakpoint(char *buf)
{
	struct perf_event * __percpu *bp;
	unsigned int want = 1000 + 100 + 10 * num_online_cpus();
	unsigned long flags;
	u64 hits;

	atomic_set(&call_errors, 0);
	bp = wide(wb_hwbp_target, HW_BREAKPOINT_LEN_4, HW_BREAKPOINT_X);
	if (IS_ERR(bp))
		return sprintf(buf, "FAIL breakpoint on wb_hwbp_target: %ld\n",
			       PTR_ERR(bp));
	call_target(1000);
	local_irq_save(flags);
	call_target(100);
	local_irq_restore(flags);
	on_each_cpu(call_target_ipi, NULL, 1);
	hits = hits_and_unregister(bp);
	call_target(10);

	if (atomic_read(&call_errors))
		return sprintf(buf, "FAIL breakpoint: %d calls returned a wrong value\n",
			       atomic_read(&call_errors));
	if (!count_ok(hits, want))
		return sprintf(buf, "FAIL breakpoint: %llu hits, want %u\n", hits, want);
	return 0;
}

static int check_watchpoints(char *buf)
{
	struct perf_event * __percpu *wp;
	u64 trigger, sum = 0, hits;
	int i, bad = 0;

	/* Stores counted, loads not; each store made once. */
	wp = wide(&wb_hwbp_data, HW_BREAKPOINT_LEN_8, HW_BREAKPOINT_W);
	if (IS_ERR(wp))
		return sprintf(buf, "FAIL store watchpoint: %ld\n", PTR_ERR(wp));
	preempt_disable();
	for (i = 0; i < 500; i++) {
		WRITE_ONCE(wb_hwbp_data, i);
		if (READ_ONCE(wb_hwbp_data) != i)
			bad++;
	}
	trigger = counter_arch_bp(*this_cpu_ptr(wp))->trigger;
	preempt_enable();
	hits = hits_and_unregister(wp);
	if (bad || !count_ok(hits, 500))
		return sprintf(buf, "FAIL store watchpoint: %llu hits, want 500; %d stores lost\n",
			       hits, bad);
	if (trigger != (u64)&wb_hwbp_data)
		return sprintf(buf, "FAIL store watchpoint: trigger %llx, want %px\n",
			       trigger, &wb_hwbp_data);

	/* Loads counted, stores not. */
	wp = wide(&wb_hwbp_data, HW_BREAKPOINT_LEN_8, HW_BREAKPOINT_R);
	if (IS_ERR(wp))
		return sprintf(buf, "FAIL load watchpoint: %ld\n", PTR_ERR(wp));
	for (i = 0; i < 300; i++) {
		WRITE_ONCE(wb_hwbp_data, i);
		sum += READ_ONCE(wb_hwbp_data);
	}
	hits = hits_and_unregister(wp);
	if (!count_ok(hits, 300) || sum != 299 * 300 / 2)
		return sprintf(buf, "FAIL load watchpoint: %llu hits, want 300; sum %llu\n",
			       hits, sum);

	/* The upper half watched, the whole doubleword stored. */
	wp = wide((u8 *)&wb_hwbp_data + 4, HW_BREAKPOINT_LEN_4, HW_BREAKPOINT_W);
	if (IS_ERR(wp))
		return sprintf(buf, "FAIL upper-half watchpoint: %ld\n", PTR_ERR(wp));
	for (i = 0; i < 200; i++)
		WRITE_ONCE(wb_hwbp_data, (u64)i << 32 | i);
	hits = hits_and_unregister(wp);
	if (!count_ok(hits, 200) || wb_hwbp_data != (199ULL << 32 | 199))
		return sprintf(buf, "FAIL upper-half watchpoint: %llu hits, want 200\n",
			       hits);
	return 0;
}

static int check_both(char *buf)
{
	struct perf_event * __percpu *bp, * __percpu *wp;
	u64 bp_hits, wp_hits;
	int i;

	bp = wide(wb_hwbp_store, HW_BREAKPOINT_LEN_4, HW_BREAKPOINT_X);
	if (IS_ERR(bp))
		return sprintf(buf, "FAIL breakpoint on wb_hwbp_store: %ld\n", PTR_ERR(bp));
	wp = wide(&wb_hwbp_data, HW_BREAKPOINT_LEN_8, HW_BREAKPOINT_W);
	if (IS_ERR(wp)) {
		unregister_wide_hw_breakpoint(bp);
		return sprintf(buf, "FAIL watchpoint with the breakpoint: %ld\n", PTR_ERR(wp));
	}
	for (i = 0; i < 200; i++)
		wb_hwbp_store(&wb_hwbp_data, i);
	wp_hits = hits_and_unregister(wp);
	bp_hits = hits_and_unregister(bp);
	if (!count_ok(bp_hits, 200) || !count_ok(wp_hits, 200) ||
	    wb_hwbp_data != 199)
		return sprintf(buf, "FAIL breakpoint and watchpoint on one STR: %llu and %llu hits, want 200 each; value %llu\n",
			       bp_hits, wp_hits, wb_hwbp_data);
	return 0;
}

static bool misaligned_refused = true;
module_param(misaligned_refused, bool, 0600);

static int check_refused(char *buf)
{
	struct perf_event * __percpu *bp;

	if (!misaligned_refused)
		return 0;
	bp = wide((u8 *)wb_hwbp_target + 2, HW_BREAKPOINT_LEN_4, HW_BREAKPOINT_X);
	if (!IS_ERR(bp)) {
		unregister_wide_hw_breakpoint(bp);
		return sprintf(buf, "FAIL a breakpoint at wb_hwbp_target+2 accepted\n");
	}
	if (PTR_ERR(bp) != -EINVAL)
		return sprintf(buf, "FAIL a breakpoint at wb_hwbp_target+2: %ld, want %d\n",
			       PTR_ERR(bp), -EINVAL);
	return 0;
}

static DEFINE_MUTEX(lock);

static int check_get(char *buf, const struct kernel_param *kp)
{
	int n;

	mutex_lock(&lock);
	n = check_breakpoint(buf);
	if (!n)
		n = check_watchpoints(buf);
	if (!n)
		n = check_both(buf);
	if (!n)
		n = check_refused(buf);
	if (!n)
		n = sprintf(buf, "ok breakpoint=%d cpus=%u\n",
			    1100 + 10 * num_online_cpus(), num_online_cpus());
	mutex_unlock(&lock);
	return n;
}

static const struct kernel_param_ops check_ops = {
	.get = check_get,
};
module_param_cb(check, &check_ops, NULL, 0400);

static struct perf_event * __percpu *held;

static int hold_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret)
		return ret;
	mutex_lock(&lock);
	if (on && !held) {
		held = wide(wb_hwbp_target, HW_BREAKPOINT_LEN_4,
			    HW_BREAKPOINT_X);
		if (IS_ERR(held)) {
			ret = PTR_ERR(held);
			held = NULL;
		}
	} else if (!on && held) {
		unregister_wide_hw_breakpoint(held);
		held = NULL;
	}
	mutex_unlock(&lock);
	return ret;
}

static int hold_get(char *buf, const struct kernel_param *kp)
{
	return sprintf(buf, "%d\n", held != NULL);
}

static const struct kernel_param_ops hold_ops = {
	.set = hold_set,
	.get = hold_get,
};
module_param_cb(hold, &hold_ops, NULL, 0600);

static void __exit wb_hwbp_exit(void)
{
	if (held)
		unregister_wide_hw_breakpoint(held);
}
module_exit(wb_hwbp_exit);

MODULE_DESCRIPTION("Kernel hardware breakpoints and watchpoints, checked");
MODULE_LICENSE("GPL");
