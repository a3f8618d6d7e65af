// SPDX-License-Identifier: GPL-2.0
/*
 * wb_atomics: the kernel's atomics as a module compiles them, checked
 * at init, and which form they took.
 *
 * Both kernels build each atomic, xchg and cmpxchg two ways where the
 * LSE option is on (the port: AARCH64_LSE_ATOMICS, arm64:
 * ARM64_USE_LSE_ATOMICS): the single FEAT_LSE instruction and a
 * load/store-exclusive loop, chosen at run time (the port rewrites a B
 * in each site, kernel/lse.c; arm64 patches an alternative).  A module
 * has its own sites, which the loader must switch as the kernel's were.
 * The init prints one line, "lse=0|1 configured=0|1": whether this
 * module's atomics take the LSE form, and whether the kernel was built
 * with the option (tests/kmod/atomics.sh holds them to the CPU).
 *
 * Then every operation is checked against its arithmetic, on values that
 * carry and overflow (0x7fffffff + 1, all ones), for atomic_t and
 * atomic64_t, the void, fetch, return, relaxed and fully ordered forms,
 * and xchg/cmpxchg of 8, 16, 32 and 64 bits with neighbours that must
 * not change; and under contention, a kthread on each online CPU adds
 * to shared counters, through add, inc_return, fetch_or/andnot pairs,
 * 8- and 16-bit cmpxchg loops and xchg, for totals that come out exact
 * only if no update was lost.  Any mismatch is printed, and the load
 * fails with -EINVAL.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <asm/lse.h>

#if defined(CONFIG_AARCH64_LSE_ATOMICS) || defined(CONFIG_ARM64_LSE_ATOMICS)
#define WB_LSE_CONFIGURED	1
#else
#define WB_LSE_CONFIGURED	0
#endif

/* The choice as this module's own code sees it, patched by the loader. */
static bool wb_lse_in_use(void)
{
#if defined(CONFIG_AARCH64)
	return lse_atomics_in_use();
#elif defined(CONFIG_ARM64_LSE_ATOMICS)
	return alternative_has_cap_likely(ARM64_HAS_LSE_ATOMICS);
#else
	return false;
#endif
}

static int wb_errors;

#define CHECK(what, got, want) do {					\
	u64 __g = (u64)(got), __w = (u64)(want);			\
	if (__g != __w) {						\
		pr_err("%s: got 0x%llx, want 0x%llx\n", what, __g, __w);\
		wb_errors++;						\
	}								\
} while (0)

/*
 * One operation on a fresh counter: T the counter's type, v its start
 * value, expr the operation on &c (its result checked against ret),
 * then the counter against after.
 */
#define OP(pfx, T, v, expr, ret, after) do {				\
	pfx##_t c = { (v) };						\
	T r = (T)(expr);						\
	CHECK(#pfx ": " #expr, r, (T)(ret));				\
	CHECK(#pfx ": " #expr " (value)", (T)pfx##_read(&c), (T)(after));\
} while (0)

#define VOP(pfx, T, v, expr, after) do {				\
	pfx##_t c = { (v) };						\
	expr;								\
	CHECK(#pfx ": " #expr " (value)", (T)pfx##_read(&c), (T)(after));\
} while (0)

#define CHECK_OPS(pfx, T, MAX, ONES)					\
do {									\
	VOP(pfx, T, MAX, pfx##_add(1, &c), MAX + 1);			\
	VOP(pfx, T, 5, pfx##_sub(7, &c), -2);				\
	VOP(pfx, T, ONES, pfx##_and(0x0ff0, &c), 0x0ff0);		\
	VOP(pfx, T, 0x0ff0, pfx##_andnot(0x00ff, &c), 0x0f00);		\
	VOP(pfx, T, 0x0f00, pfx##_or(0x00f0, &c), 0x0ff0);		\
	VOP(pfx, T, 0x0ff0, pfx##_xor(0x0f0f, &c), 0x00ff);		\
	OP(pfx, T, MAX, pfx##_fetch_add(1, &c), MAX, MAX + 1);		\
	OP(pfx, T, MAX, pfx##_fetch_add_relaxed(1, &c), MAX, MAX + 1);	\
	OP(pfx, T, 0, pfx##_fetch_sub(1, &c), 0, -1);			\
	OP(pfx, T, 0, pfx##_fetch_sub_relaxed(1, &c), 0, -1);		\
	OP(pfx, T, ONES, pfx##_fetch_and(0xf00f, &c), ONES, 0xf00f);	\
	OP(pfx, T, 0xf0f0, pfx##_fetch_andnot(0x3030, &c), 0xf0f0, 0xc0c0);\
	OP(pfx, T, 0x1000, pfx##_fetch_or_relaxed(0x0001, &c), 0x1000, 0x1001);\
	OP(pfx, T, ONES, pfx##_fetch_xor(ONES, &c), ONES, 0);		\
	OP(pfx, T, MAX, pfx##_add_return(1, &c), MAX + 1, MAX + 1);	\
	OP(pfx, T, 3, pfx##_add_return_relaxed(-5, &c), -2, -2);	\
	OP(pfx, T, MAX + 1, pfx##_sub_return(1, &c), MAX, MAX);		\
	OP(pfx, T, 0, pfx##_sub_return_relaxed(1, &c), -1, -1);		\
	OP(pfx, T, 1, pfx##_dec_and_test(&c), 1, 0);			\
	OP(pfx, T, -1, pfx##_inc_return(&c), 0, 0);			\
	OP(pfx, T, 42, pfx##_xchg(&c, ONES), 42, ONES);			\
	OP(pfx, T, 42, pfx##_xchg_relaxed(&c, MAX), 42, MAX);		\
	OP(pfx, T, MAX, pfx##_cmpxchg(&c, MAX, 7), MAX, 7);		\
	OP(pfx, T, MAX, pfx##_cmpxchg(&c, MAX - 1, 7), MAX, MAX);	\
	OP(pfx, T, ONES, pfx##_cmpxchg_relaxed(&c, ONES, 0), ONES, 0);	\
	OP(pfx, T, 5, pfx##_add_unless(&c, 1, 5), 0, 5);		\
	OP(pfx, T, 4, pfx##_add_unless(&c, 1, 5), 1, 5);		\
	OP(pfx, T, 0, pfx##_dec_if_positive(&c), -1, 0);		\
	OP(pfx, T, 2, pfx##_dec_if_positive(&c), 1, 1);			\
} while (0)

/* xchg and cmpxchg of one size, between neighbours that must not move. */
#define CHECK_XCHG(T, a, b)						\
do {									\
	struct { T lo; T x; T hi; } s = { (T)~0, (a), (T)~0 };		\
	T old;								\
									\
	old = xchg(&s.x, (T)(b));					\
	CHECK("xchg " #T, old, (T)(a));					\
	CHECK("xchg " #T " (value)", s.x, (T)(b));			\
	old = cmpxchg(&s.x, (T)(b), (T)(a));				\
	CHECK("cmpxchg " #T, old, (T)(b));				\
	CHECK("cmpxchg " #T " (value)", s.x, (T)(a));			\
	old = cmpxchg_relaxed(&s.x, (T)(b), (T)0);			\
	CHECK("cmpxchg " #T " (mismatch)", old, (T)(a));		\
	CHECK("cmpxchg " #T " (mismatch, value)", s.x, (T)(a));		\
	CHECK("xchg/cmpxchg " #T " (neighbours)",			\
	      s.lo == (T)~0 && s.hi == (T)~0, 1);			\
} while (0)

static void wb_check_ops(void)
{
	CHECK_OPS(atomic, int, 0x7fffffff, (int)0xffffffff);
	CHECK_OPS(atomic64, s64, 0x7fffffffffffffffLL, -1LL);
	CHECK_XCHG(u8, 0xa5, 0x5a);
	CHECK_XCHG(u16, 0xa55a, 0x5aa5);
	CHECK_XCHG(u32, 0xa55a5aa5, 0x5aa5a55a);
	CHECK_XCHG(u64, 0xa55a5aa5deadbeefULL, 0x5aa5a55afeedf00dULL);
}

#define WB_ROUNDS	20000

struct wb_shared {
	atomic_t add;
	atomic64_t inc;
	atomic_t bits;		/* each thread owns one bit */
	u8 byte;
	u16 half;
	unsigned long token;
	atomic_t started;
	atomic_t done;
	atomic_t errors;
	struct completion all_done;
	int threads;
};

static int wb_thread(void *data)
{
	struct wb_shared *s = data;
	int me = atomic_inc_return(&s->started) - 1;
	int bit = 1 << (me % 31);	/* up to 31 CPUs own a bit each */
	int i;

	for (i = 0; i < WB_ROUNDS; i++) {
		u8 b = READ_ONCE(s->byte), nb;
		u16 h = READ_ONCE(s->half), nh;
		unsigned long t;

		atomic_add(3, &s->add);
		atomic64_inc_return(&s->inc);
		/* Set and clear this thread's bit: others' must survive. */
		if (atomic_fetch_or(bit, &s->bits) & bit)
			atomic_inc(&s->errors);
		if (!(atomic_fetch_andnot_relaxed(bit, &s->bits) & bit))
			atomic_inc(&s->errors);
		do {
			nb = b + 1;
		} while ((b = cmpxchg(&s->byte, (u8)(nb - 1), nb)) !=
			 (u8)(nb - 1));
		do {
			nh = h + 1;
		} while ((h = cmpxchg_relaxed(&s->half, (u16)(nh - 1), nh)) !=
			 (u16)(nh - 1));
		/* Pass the token on: each value is taken exactly once. */
		t = xchg(&s->token, 0);
		if (t)
			xchg(&s->token, t);
		if ((i & 255) == 0)
			cond_resched();
	}
	if (atomic_inc_return(&s->done) == s->threads)
		complete(&s->all_done);
	return 0;
}

static void wb_check_contention(void)
{
	struct wb_shared *s = kzalloc(sizeof(*s), GFP_KERNEL);
	struct task_struct *t;
	unsigned int cpu;
	int n = 0;

	if (!s) {
		wb_errors++;
		return;
	}
	init_completion(&s->all_done);
	s->token = 1;
	cpus_read_lock();
	s->threads = num_online_cpus();
	for_each_online_cpu(cpu) {
		t = kthread_create_on_cpu(wb_thread, s, cpu, "wb_atomics/%u");
		if (IS_ERR(t)) {
			pr_err("no kthread on CPU%u: %ld\n", cpu, PTR_ERR(t));
			wb_errors++;
			break;
		}
		wake_up_process(t);
		n++;
	}
	cpus_read_unlock();
	if (n != s->threads) {
		/* The threads started cannot finish the count: wait them out. */
		while (atomic_read(&s->done) < n)
			msleep(10);
		kfree(s);
		return;
	}
	wait_for_completion(&s->all_done);

	CHECK("contended atomic_add", atomic_read(&s->add), 3 * WB_ROUNDS * n);
	CHECK("contended atomic64_inc_return", atomic64_read(&s->inc),
	      (s64)WB_ROUNDS * n);
	CHECK("contended fetch_or/fetch_andnot", atomic_read(&s->bits), 0);
	CHECK("contended fetch_or/fetch_andnot (own bit)",
	      atomic_read(&s->errors), 0);
	CHECK("contended 8-bit cmpxchg", s->byte, (u8)(WB_ROUNDS * n));
	CHECK("contended 16-bit cmpxchg", s->half, (u16)(WB_ROUNDS * n));
	CHECK("contended xchg token", s->token, 1);
	pr_info("%d threads, %d rounds each\n", n, WB_ROUNDS);
	kfree(s);
}

static int __init wb_atomics_init(void)
{
	pr_info("lse=%d configured=%d\n", wb_lse_in_use(), WB_LSE_CONFIGURED);
	wb_check_ops();
	wb_check_contention();
	if (wb_errors) {
		pr_err("%d checks failed\n", wb_errors);
		return -EINVAL;
	}
	pr_info("all checks passed\n");
	return 0;
}
module_init(wb_atomics_init);

static void __exit wb_atomics_exit(void)
{
}
module_exit(wb_atomics_exit);

MODULE_DESCRIPTION("The atomics as modules compile them, checked at load");
MODULE_LICENSE("GPL");
