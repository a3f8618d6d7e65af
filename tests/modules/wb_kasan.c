// SPDX-License-Identifier: GPL-2.0-only
/*
 * wb_kasan: memory-safety bugs made on purpose, one per write of its name
 * to /sys/module/wb_kasan/parameters/run, for KASAN to report
 * (tests/checkers/wb_kasan.sh checks each report):
 *   slab-oob     an 8-byte store just past a 120-byte kmalloc() object,
 *                into the rest of its kmalloc-128 slot, which KASAN keeps
 *                poisoned as a redzone
 *   uaf          a 1-byte load from a 64-byte kmalloc() object after its
 *                kfree() (KASAN's quarantine keeps it poisoned)
 *   stack-oob    a 1-byte load just past a 16-byte array on the stack,
 *                into the redzone KASAN_STACK puts after it
 *   vmalloc-oob  a 1-byte store just past a 3000-byte vmalloc() buffer,
 *                into the rest of its page (KASAN_VMALLOC)
 *   irq-uaf      the use after free of uaf, made in hard interrupt
 *                context by an hrtimer callback on this CPU while the
 *                writing task spins in wb_kasan_irq_wait(): the report's
 *                call trace must run from the callback through the
 *                interrupt entry into the interrupted function
 * Before each access the module logs its address ("wb_kasan: CASE: ...
 * at ADDR"), which the report must name.  The accesses go through
 * volatile pointers whose value the compiler cannot see
 * (OPTIMIZER_HIDE_VAR), so none is folded, dropped or flagged at build
 * time, and each is in a noinline function of its own, which the report
 * names.  The module loads only on a kernel with KASAN: elsewhere these
 * would be real bugs.
 */
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

static noinline int wb_kasan_slab_oob(void)
{
	char *obj = kmalloc(120, GFP_KERNEL);
	volatile u64 *p;

	if (!obj)
		return -ENOMEM;
	p = (u64 *)(obj + 120);
	OPTIMIZER_HIDE_VAR(p);
	pr_info("wb_kasan: slab-oob: 8-byte store at %px, past the 120-byte object at %px\n",
		p, obj);
	*p = 0x5a5a5a5a5a5a5a5aULL;
	kfree(obj);
	return 0;
}

static noinline int wb_kasan_uaf(void)
{
	char *obj = kmalloc(64, GFP_KERNEL);
	volatile char *p;

	if (!obj)
		return -ENOMEM;
	memset(obj, 0x11, 64);
	p = obj + 8;
	kfree(obj);
	OPTIMIZER_HIDE_VAR(p);
	pr_info("wb_kasan: uaf: 1-byte load at %px, inside the freed 64-byte object at %px\n",
		p, obj);
	(void)*p;
	return 0;
}

static noinline int wb_kasan_stack_oob(void)
{
	volatile char buf[16];
	volatile char *p;
	int k;

	for (k = 0; k < sizeof(buf); k++)
		buf[k] = k;
	/* Through a pointer: UBSAN_BOUNDS would report buf[16] itself. */
	p = buf + sizeof(buf);
	OPTIMIZER_HIDE_VAR(p);
	pr_info("wb_kasan: stack-oob: 1-byte load at %px, past the 16-byte array at %px\n",
		p, buf);
	(void)*p;
	return 0;
}

static noinline int wb_kasan_vmalloc_oob(void)
{
	char *buf = vmalloc(3000);
	volatile char *p;

	if (!buf)
		return -ENOMEM;
	p = buf + 3000;
	OPTIMIZER_HIDE_VAR(p);
	pr_info("wb_kasan: vmalloc-oob: 1-byte store at %px, past the 3000-byte buffer at %px\n",
		p, buf);
	*p = 1;
	vfree(buf);
	return 0;
}

static struct hrtimer wb_kasan_timer;
static volatile char *wb_kasan_irq_ptr;
static char *wb_kasan_irq_obj;
static int wb_kasan_irq_done;

static enum hrtimer_restart wb_kasan_irq_timer(struct hrtimer *timer)
{
	volatile char *p = wb_kasan_irq_ptr;

	pr_info("wb_kasan: irq-uaf: 1-byte load at %px, inside the freed 64-byte object at %px\n",
		p, wb_kasan_irq_obj);
	(void)*p;
	WRITE_ONCE(wb_kasan_irq_done, 1);
	return HRTIMER_NORESTART;
}

/*
 * What the timer interrupt interrupts: its report must name it.  The
 * timer was armed with interrupts masked, so however slow the arming
 * (a host that deschedules the vCPU for over the timer's 1 ms), the
 * interrupt is taken here, at the unmasking or in the loop.
 */
static noinline void wb_kasan_irq_wait(void)
{
	local_irq_enable();
	while (!READ_ONCE(wb_kasan_irq_done))
		cpu_relax();
}

static noinline int wb_kasan_irq_uaf(void)
{
	char *obj = kmalloc(64, GFP_KERNEL);

	if (!obj)
		return -ENOMEM;
	memset(obj, 0x22, 64);
	wb_kasan_irq_ptr = obj + 8;
	wb_kasan_irq_obj = obj;
	kfree(obj);
	WRITE_ONCE(wb_kasan_irq_done, 0);

	/* Pinned and hard: the callback runs in this CPU's timer IRQ. */
	preempt_disable();
	local_irq_disable();
	hrtimer_start(&wb_kasan_timer, ms_to_ktime(1),
		      HRTIMER_MODE_REL_PINNED_HARD);
	wb_kasan_irq_wait();
	preempt_enable();
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(void);
} bugs[] = {
	{ "slab-oob", wb_kasan_slab_oob },
	{ "uaf", wb_kasan_uaf },
	{ "stack-oob", wb_kasan_stack_oob },
	{ "vmalloc-oob", wb_kasan_vmalloc_oob },
	{ "irq-uaf", wb_kasan_irq_uaf },
};

static int run_set(const char *val, const struct kernel_param *kp)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(bugs); i++)
		if (sysfs_streq(val, bugs[i].name))
			return bugs[i].fn();
	return -EINVAL;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "make one bug: slab-oob, uaf, stack-oob, vmalloc-oob or irq-uaf");

static int __init wb_kasan_init(void)
{
	if (!IS_ENABLED(CONFIG_KASAN)) {
		pr_err("wb_kasan: this kernel has no KASAN to catch its bugs\n");
		return -ENODEV;
	}
	hrtimer_init(&wb_kasan_timer, CLOCK_MONOTONIC,
		     HRTIMER_MODE_REL_PINNED_HARD);
	wb_kasan_timer.function = wb_kasan_irq_timer;
	return 0;
}
module_init(wb_kasan_init);

static void __exit wb_kasan_exit(void)
{
	hrtimer_cancel(&wb_kasan_timer);
}
module_exit(wb_kasan_exit);

MODULE_DESCRIPTION("memory-safety bugs on purpose, for KASAN to report");
MODULE_LICENSE("GPL");
