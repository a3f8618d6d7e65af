// SPDX-License-Identifier: GPL-2.0
/*
 * wb_plt: calls from a module to the kernel that B/BL cannot reach, so
 * that the module loader must route them through PLT veneers.
 *
 * B and BL (R_AARCH64_JUMP26, R_AARCH64_CALL26) reach +-128 MiB.  arm64
 * places a module where its branches reach the whole kernel image when
 * it can (the 128 MiB window [_end - 128 MiB, _end), with KASLR off) and
 * only otherwise in a 2 GiB fallback window, where the loader redirects
 * each out-of-range branch to a veneer it emits in the module's .plt
 * (module_emit_plt_entry()).  A small module never needs one, so the
 * veneers go untested unless something fills the near window.
 *
 * This module fills it by itself: its text carries 128 MiB of padding
 * (an executable NOBITS section, see wb_plt_asm.S, so the .ko stays
 * small), which cannot fit in the near window; arm64 allocates the text
 * at the bottom of the fallback window, about 2 GiB below the kernel,
 * and every call from it into the kernel needs a veneer.  The cost is
 * 128 MiB of guest memory while the module is loaded.
 *
 * It checks, at init and again each time /sys/module/wb_plt/parameters/
 * check is read (from the core text after init, when .init.plt is gone):
 *   - a BL (CALL26) to gcd() and a B (JUMP26, tail call) to int_sqrt(),
 *     hand-written in wb_plt_asm.S, and a BL to gcd() compiled from C:
 *     each returns the right result;
 *   - the hand-written sites: the instruction is still a B/BL and its
 *     target is either the function itself (possible only within
 *     +-128 MiB) or a veneer inside the module's text;
 *   - at init only: a BL from the init text (a separate allocation) to
 *     the core text, through .init.plt when they are far apart.
 * A wrong result fails the load (-EINVAL) or makes 'check' read
 * "FAIL ...".  It prints each site's distance to its target and whether
 * a veneer was used; tests/kmod/plt.sh requires at least one veneer.
 *
 * Where the veneers are not forced: the code and .plt come first in the
 * module text and the padding last ('ld -r' places NOBITS sections after
 * all the others, whatever the order of the input), so the calls are at
 * the module's lowest addresses.  arm64 puts the text at the bottom of
 * its fallback window, ~2 GiB below the kernel: every call is out of
 * range.  A loader whose fallback starts just above the kernel image (the
 * port's does: VMALLOC_START, 128 MiB above KIMAGE_VADDR) can place the
 * calls within B/BL reach of the kernel; no veneer is then needed and
 * tests/kmod/plt.sh fails saying so.  The port's module_region=far boot
 * parameter moves every module out of reach.  Forcing veneers for any
 * placement would take padding before the code as well, which only a
 * PROGBITS section (128 MiB of zeros in the .ko and the initramfs) could
 * give, and twice the guest memory.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/gcd.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sizes.h>
#include <linux/stdarg.h>

#include "wb_plt.h"

unsigned long wb_plt_call_gcd(unsigned long a, unsigned long b);
unsigned long wb_plt_jump_isqrt(unsigned long x);
unsigned long wb_plt_init_call(unsigned long a, unsigned long b);
extern const u32 wb_plt_site_call[], wb_plt_site_jump[], wb_plt_site_init[];
extern const char wb_plt_pad[];

#define A(x)	((u64)(unsigned long)(x))
#define OP_B	0x14000000
#define OP_BL	0x94000000

struct wb_plt_result {
	int calls, veneers, failures;
};

static bool in_mem(enum mod_mem_type type, u64 addr)
{
	const struct module_memory *m = &THIS_MODULE->mem[type];

	return m->base && addr >= A(m->base) && addr < A(m->base) + m->size;
}

static void bad(struct wb_plt_result *r, bool quiet, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	r->failures++;
	if (quiet)
		return;
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_err("%pV", &vaf);
	va_end(args);
}

/*
 * A B/BL site bound for func: where does it branch, and how far is func?
 * It must be a B/BL that lands on func itself (only possible within
 * +-128 MiB) or on a veneer in this module's text.
 */
static void check_site(struct wb_plt_result *r, bool quiet, const char *what,
		       const u32 *site, u64 func, u32 op)
{
	u32 insn = le32_to_cpu(*site);
	u64 t = A(site) + sign_extend64((u64)(insn & 0x03ffffff) << 2, 27);
	s64 dist = (s64)(func - A(site));
	bool reach = dist >= -(s64)SZ_128M && dist < (s64)SZ_128M;

	if ((insn & 0xfc000000) != op) {
		bad(r, quiet, "%s: site %px holds %08x, not a %s\n", what, site,
		    insn, op == OP_BL ? "BL" : "B");
		return;
	}
	if (t == func) {
		if (!quiet)
			pr_info("%s: site %px, target %px, %lld MiB away: direct\n",
				what, site, (void *)func, dist / SZ_1M);
		return;
	}
	if (!in_mem(MOD_TEXT, t) && !in_mem(MOD_INIT_TEXT, t)) {
		bad(r, quiet, "%s: site %px branches to %px: neither %px nor a veneer in the module\n",
		    what, site, (void *)t, (void *)func);
		return;
	}
	r->veneers++;
	if (!quiet)
		pr_info("%s: site %px, target %px, %lld MiB away%s: via veneer at %px\n",
			what, site, (void *)func, dist / SZ_1M,
			reach ? " (in B/BL range)" : "", (void *)t);
}

static void expect(struct wb_plt_result *r, bool quiet, const char *what,
		   unsigned long got, unsigned long want)
{
	r->calls++;
	if (got != want)
		bad(r, quiet, "%s returned %lu, want %lu\n", what, got, want);
}

/* Kept out of line so that the compiled call to gcd() is a real BL. */
static noinline unsigned long wb_plt_c_gcd(unsigned long a, unsigned long b)
{
	return gcd(a, b);
}

static void wb_plt_run(struct wb_plt_result *r, bool quiet)
{
	memset(r, 0, sizeof(*r));
	expect(r, quiet, "BL gcd(84, 36) + 1", wb_plt_call_gcd(84, 36), 13);
	expect(r, quiet, "B int_sqrt(1000000)", wb_plt_jump_isqrt(1000000), 1000);
	expect(r, quiet, "C call gcd(1071, 462)", wb_plt_c_gcd(1071, 462), 21);
	check_site(r, quiet, "CALL26 gcd", wb_plt_site_call, A(gcd), OP_BL);
	check_site(r, quiet, "JUMP26 int_sqrt", wb_plt_site_jump, A(int_sqrt), OP_B);
}

/* /sys/module/wb_plt/parameters/check: run the calls again, from core text */
static int wb_plt_check_get(char *buf, const struct kernel_param *kp)
{
	struct wb_plt_result r;

	wb_plt_run(&r, true);
	return scnprintf(buf, PAGE_SIZE, "%s calls=%d veneers=%d\n",
			 r.failures ? "FAIL" : "ok", r.calls, r.veneers);
}

static const struct kernel_param_ops wb_plt_check_ops = {
	.get = wb_plt_check_get,
};
module_param_cb(check, &wb_plt_check_ops, NULL, 0444);
MODULE_PARM_DESC(check, "read: call the kernel again through the module's branch sites");

static int __init wb_plt_init(void)
{
	const struct module_memory *text = &THIS_MODULE->mem[MOD_TEXT];
	struct wb_plt_result r;

	pr_info("module text %px-%px (%u MiB), padding at %px, gcd at %px\n",
		text->base, text->base + text->size, text->size / SZ_1M,
		wb_plt_pad, gcd);
	wb_plt_run(&r, false);
	expect(&r, false, "init BL wb_plt_call_gcd(84, 36)",
	       wb_plt_init_call(84, 36), 13);
	check_site(&r, false, "CALL26 init text to core text", wb_plt_site_init,
		   A(wb_plt_call_gcd), OP_BL);
	if (r.failures) {
		pr_err("%d of the checks failed\n", r.failures);
		return -EINVAL;
	}
	pr_info("ok: %d calls checked, %d through veneers\n", r.calls, r.veneers);
	return 0;
}

static void __exit wb_plt_exit(void)
{
}

module_init(wb_plt_init);
module_exit(wb_plt_exit);
MODULE_DESCRIPTION("Calls the kernel from module text out of B/BL range, through PLT veneers");
MODULE_LICENSE("GPL");
