// SPDX-License-Identifier: GPL-2.0
/*
 * wb_probes: kprobes and kretprobes on each class of instruction.
 *
 * wb_probe_classes() (wb_probes_asm.S) has, each at a global symbol,
 * the instructions a kprobe either runs from a copy (a store pair with
 * SP writeback, a load, a compare) or simulates because they depend on
 * their address (ADR, ADRP, LDR/LDRSW literal) or change the PC (CBZ,
 * TBNZ, B.cond, B, BL, BLR, BR, RET).  Each read of
 * /sys/module/wb_probes/parameters/check calls it for x = 0, 7, 8, 13
 * and checks every value it produced and the branch paths it took
 * against what the instructions mean, computed here in C: "FAIL ..."
 * if one is wrong.
 *
 * Writing 1 to the 'probes' parameter registers a kprobe on each of
 * those instructions, one on the function's entry that records x (its
 * second argument, in x1) and a kretprobe that records the value it
 * returns; it also tries kprobes where none may go (an MSR DAIFSet, an
 * LDXR, an instruction between LDXR and STXR, the exception vectors,
 * noinstr context tracking code) and fails with EINVAL unless each is
 * refused with EINVAL.
 * Writing 0 unregisters them and compares: every probe hit once per
 * call, none missed, each x and each return value as often as the
 * calls had them.  Reading 'probes' gives the verdict, "ok ..." or
 * "FAIL ...".  The kmod/probes test reads 'check' from two tasks at
 * once while the probes are on.
 */
#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/ptrace.h>

struct wb_probe_out {
	u64 adr, ldr_x, ldr_w, ldrsw, adrp, load;
};

u64 wb_probe_classes(struct wb_probe_out *out, u64 x);
extern const u64 wb_probe_lit[];
extern const u32 wb_probe_at_adr[], wb_probe_at_ldr_x[], wb_probe_at_ldr_w[],
	wb_probe_at_ldrsw[], wb_probe_at_adrp[], wb_probe_at_load[],
	wb_probe_at_cbz[], wb_probe_at_tbnz[], wb_probe_at_cmp[],
	wb_probe_at_b_lt[], wb_probe_at_b[], wb_probe_at_bl[],
	wb_probe_at_blr[], wb_probe_at_br[], wb_probe_at_ret[],
	wb_probe_at_leaf_ret[], wb_probe_at_msr_daifset[], wb_probe_at_ldxr[];

/* Read by wb_probe_classes() through ADRP + ADD :lo12:. */
u64 wb_probe_data = 0x0123456789abcdefULL;

static const u64 xs[] = { 0, 7, 8, 13 };
static atomic_long_t calls, calls_x[ARRAY_SIZE(xs)];

/* The branch paths wb_probe_classes() takes for @x. */
static u64 paths(u64 x)
{
	u64 p = 16 | 32;		/* BL and BLR targets */

	if (x != 0)
		p |= 1;			/* CBZ not taken */
	if (!(x & 8))
		p |= 2;			/* TBNZ #3 not taken */
	if ((s64)x >= 5)
		p |= 4;			/* B.LT not taken */
	return p;
}

static int check_one(int i, char *buf)
{
	struct wb_probe_out o;
	u64 x = xs[i], got = wb_probe_classes(&o, x);
	u64 lit = wb_probe_lit[0];

	atomic_long_inc(&calls);
	atomic_long_inc(&calls_x[i]);
	if (o.adr != (u64)wb_probe_lit)
		return sprintf(buf, "FAIL adr %llx, want %px\n", o.adr, wb_probe_lit);
	if (o.ldr_x != lit || o.ldr_w != (u32)lit)
		return sprintf(buf, "FAIL ldr literal %llx/%llx, want %llx\n",
			       o.ldr_x, o.ldr_w, lit);
	if (o.ldrsw != (u64)-16LL)
		return sprintf(buf, "FAIL ldrsw %llx, want -16\n", o.ldrsw);
	if (o.adrp != ((u64)&wb_probe_data & ~0xfffULL) ||
	    o.load != wb_probe_data)
		return sprintf(buf, "FAIL adrp %llx load %llx, want page of %px\n",
			       o.adrp, o.load, &wb_probe_data);
	if (got != paths(x))
		return sprintf(buf, "FAIL x=%llu: paths %llx, want %llx\n",
			       x, got, paths(x));
	return 0;
}

static int check_get(char *buf, const struct kernel_param *kp)
{
	int i, n;

	for (i = 0; i < ARRAY_SIZE(xs); i++) {
		n = check_one(i, buf);
		if (n)
			return n;
	}
	return sprintf(buf, "ok calls=%ld\n", atomic_long_read(&calls));
}

static const struct kernel_param_ops check_ops = {
	.get = check_get,
};
module_param_cb(check, &check_ops, NULL, 0444);
MODULE_PARM_DESC(check, "read: run and check wb_probe_classes() 4 times");

struct site {
	const char *name;
	const u32 *addr;
	struct kprobe kp;
	atomic_long_t hits;
};

#define SITE(n) { .name = #n, .addr = wb_probe_at_##n }
static struct site sites[] = {
	SITE(adr), SITE(ldr_x), SITE(ldr_w), SITE(ldrsw), SITE(adrp),
	SITE(load), SITE(cbz), SITE(tbnz), SITE(cmp), SITE(b_lt), SITE(b),
	SITE(bl), SITE(blr), SITE(br), SITE(ret), SITE(leaf_ret),
};

static int site_hit(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_long_inc(&container_of(kp, struct site, kp)->hits);
	return 0;
}

/* Entry: x, the second argument, is in x1. */
static atomic_long_t entry_x[ARRAY_SIZE(xs)], entry_other;

static int entry_hit(struct kprobe *kp, struct pt_regs *regs)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(xs); i++) {
		if (regs->regs[1] == xs[i]) {
			atomic_long_inc(&entry_x[i]);
			return 0;
		}
	}
	atomic_long_inc(&entry_other);
	return 0;
}

static struct kprobe entry_kp = {
	.symbol_name = "wb_probe_classes",
	.pre_handler = entry_hit,
};

static atomic_long_t ret_x[ARRAY_SIZE(xs)], ret_other;

static int ret_hit(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	u64 r = regs_return_value(regs);
	int i;

	/* Values, not calls: x = 8 and 13 take the same paths. */
	for (i = 0; i < ARRAY_SIZE(xs); i++) {
		if (r == paths(xs[i])) {
			atomic_long_inc(&ret_x[i]);
			return 0;
		}
	}
	atomic_long_inc(&ret_other);
	return 0;
}

static struct kretprobe ret_rp = {
	.kp.symbol_name = "wb_probe_classes",
	.handler = ret_hit,
	.maxactive = 16,
};

static DEFINE_MUTEX(probes_lock);
static bool probes_on;
static long calls_at_on;
static char verdict[256] = "none\n";

/* Where no kprobe may go: register_kprobe() must fail. */
static int try_refused(void)
{
	static const struct {
		const char *what, *symbol;
		const u32 *addr;
	} refused[] = {
		{ "MSR DAIFSet", NULL, wb_probe_at_msr_daifset },
		{ "LDXR", NULL, wb_probe_at_ldxr },
		{ "an instruction between LDXR and STXR", NULL, wb_probe_at_ldxr + 1 },
		{ "the exception vectors", "vectors" },
		{ "noinstr context tracking code", "ct_nmi_enter" },
	};
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		struct kprobe kp = {
			.addr = (kprobe_opcode_t *)refused[i].addr,
			.symbol_name = refused[i].symbol,
			.pre_handler = site_hit,
		};

		ret = register_kprobe(&kp);
		if (!ret)
			unregister_kprobe(&kp);
		if (ret != -EINVAL) {
			pr_err("wb_probes: a kprobe on %s: %d, not refused with EINVAL\n",
			       refused[i].what, ret);
			return -EINVAL;
		}
		pr_info("wb_probes: a kprobe on %s: refused, %d\n",
			refused[i].what, ret);
	}
	return 0;
}

static void unregister_sites(int n)
{
	while (n--)
		unregister_kprobe(&sites[n].kp);
}

static int probes_register(void)
{
	int i, ret;

	ret = try_refused();
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(sites); i++) {
		sites[i].kp = (struct kprobe){
			.addr = (kprobe_opcode_t *)sites[i].addr,
			.pre_handler = site_hit,
		};
		atomic_long_set(&sites[i].hits, 0);
		ret = register_kprobe(&sites[i].kp);
		if (ret) {
			pr_err("wb_probes: a kprobe on %s was refused: %d\n",
			       sites[i].name, ret);
			unregister_sites(i);
			return ret;
		}
	}
	for (i = 0; i < ARRAY_SIZE(xs); i++) {
		atomic_long_set(&entry_x[i], 0);
		atomic_long_set(&ret_x[i], 0);
		atomic_long_set(&calls_x[i], 0);
	}
	atomic_long_set(&entry_other, 0);
	atomic_long_set(&ret_other, 0);
	entry_kp.addr = NULL;
	entry_kp.flags = 0;
	ret = register_kprobe(&entry_kp);
	if (!ret) {
		ret_rp.kp.addr = NULL;
		ret_rp.kp.flags = 0;
		ret = register_kretprobe(&ret_rp);
		if (ret)
			unregister_kprobe(&entry_kp);
	}
	if (ret) {
		unregister_sites(ARRAY_SIZE(sites));
		return ret;
	}
	calls_at_on = atomic_long_read(&calls);
	return 0;
}

/* Unregister, then compare what the probes saw with the calls made. */
static void probes_unregister(void)
{
	long n, want;
	int i;

	unregister_kretprobe(&ret_rp);
	unregister_kprobe(&entry_kp);
	unregister_sites(ARRAY_SIZE(sites));
	n = atomic_long_read(&calls) - calls_at_on;

	for (i = 0; i < ARRAY_SIZE(sites); i++) {
		if (atomic_long_read(&sites[i].hits) != n ||
		    sites[i].kp.nmissed) {
			snprintf(verdict, sizeof(verdict),
				 "FAIL %s: %ld hits, %lu missed, for %ld calls\n",
				 sites[i].name, atomic_long_read(&sites[i].hits),
				 sites[i].kp.nmissed, n);
			return;
		}
	}
	for (i = 0; i < ARRAY_SIZE(xs); i++) {
		want = atomic_long_read(&calls_x[i]);
		if (atomic_long_read(&entry_x[i]) != want) {
			snprintf(verdict, sizeof(verdict),
				 "FAIL entry: x=%llu seen %ld times, called %ld\n",
				 xs[i], atomic_long_read(&entry_x[i]), want);
			return;
		}
		/* x = 13 returns what x = 8 does. */
		if (i == 2)
			want += atomic_long_read(&calls_x[3]);
		if (i == 3)
			want = 0;
		if (atomic_long_read(&ret_x[i]) != want) {
			snprintf(verdict, sizeof(verdict),
				 "FAIL return: %#llx seen %ld times, want %ld\n",
				 paths(xs[i]), atomic_long_read(&ret_x[i]), want);
			return;
		}
	}
	if (atomic_long_read(&entry_other) || atomic_long_read(&ret_other) ||
	    entry_kp.nmissed || ret_rp.nmissed || ret_rp.kp.nmissed) {
		snprintf(verdict, sizeof(verdict),
			 "FAIL entry/return: %ld/%ld other values, %lu/%d/%lu missed\n",
			 atomic_long_read(&entry_other), atomic_long_read(&ret_other),
			 entry_kp.nmissed, ret_rp.nmissed, ret_rp.kp.nmissed);
		return;
	}
	snprintf(verdict, sizeof(verdict), "ok probes=%zu calls=%ld\n",
		 ARRAY_SIZE(sites) + 2, n);
}

static int probes_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret)
		return ret;
	mutex_lock(&probes_lock);
	if (on && !probes_on) {
		ret = probes_register();
		probes_on = !ret;
		snprintf(verdict, sizeof(verdict), ret ? "FAIL register %d\n" : "on\n", ret);
	} else if (!on && probes_on) {
		probes_unregister();
		probes_on = false;
	}
	mutex_unlock(&probes_lock);
	return ret;
}

static int probes_get(char *buf, const struct kernel_param *kp)
{
	int n;

	mutex_lock(&probes_lock);
	n = sprintf(buf, "%s", verdict);
	mutex_unlock(&probes_lock);
	return n;
}

static const struct kernel_param_ops probes_ops = {
	.set = probes_set,
	.get = probes_get,
};
module_param_cb(probes, &probes_ops, NULL, 0644);
MODULE_PARM_DESC(probes, "1: kprobes on, 0: off and compare; read: verdict");

static int __init wb_probes_init(void)
{
	char buf[128];
	int i;

	for (i = 0; i < ARRAY_SIZE(sites); i++)
		atomic_long_set(&sites[i].hits, 0);
	check_get(buf, NULL);
	if (buf[0] != 'o') {
		pr_err("wb_probes: %s", buf);
		return -EINVAL;
	}
	return 0;
}
module_init(wb_probes_init);

static void __exit wb_probes_exit(void)
{
	mutex_lock(&probes_lock);
	if (probes_on)
		probes_unregister();
	mutex_unlock(&probes_lock);
}
module_exit(wb_probes_exit);

MODULE_DESCRIPTION("kprobes instruction classes test");
MODULE_LICENSE("GPL");
