// SPDX-License-Identifier: GPL-2.0-only
/*
 * Errata of the cores the port runs on, recognised by MIDR_EL1 (and, for
 * parts fixed in a revision, REVIDR_EL1), each under its Kconfig option.
 * Every CPU checks the table as it comes up; a workaround any CPU needs
 * is switched on for the whole system (aarch64_workarounds) and, where
 * it needs per-CPU state, on that CPU.  The erratum numbers and affected
 * revisions are those of ARM's Cortex-A53 MPCore Software Developers
 * Errata Notice; the same table, in another form, is
 * arch/arm64/kernel/cpu_errata.c's.
 *
 * The workarounds, and where each acts:
 *  - 843419 (a load or store after an ADRP at page offset 0xff8 or
 *    0xffc may use a wrong address): vmlinux is linked with
 *    --fix-cortex-a53-843419 (arch/aarch64/Makefile), and the module
 *    loader never leaves an ADRP at those offsets (kernel/module.c).
 *  - 826319, 827319, 824069, 819472 (a clean by VA may not make the
 *    data visible where it should): the kernel's cleans become clean
 *    and invalidate (mm/cache.S), and EL0's cache maintenance by VA,
 *    which SCTLR_EL1.UCI otherwise lets it execute, traps to
 *    do_el0_cache_maint() to be done the same way.
 *  - 835769 (a 64-bit multiply-accumulate after a load or store may
 *    give a wrong result) is avoided by the compiler
 *    (-mfix-cortex-a53-835769, arch/aarch64/Makefile): nothing to do
 *    at run time.
 */
#include <linux/bug.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/sched/signal.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <asm/cputype.h>
#include <asm/errata.h>
#include <asm/extable.h>
#include <asm/insn.h>
#include <asm/pan.h>
#include <asm/ptrace.h>
#include <asm/sysreg.h>

unsigned long aarch64_workarounds __read_mostly;

struct erratum {
	const char *name;
	bool enabled;			/* its Kconfig option */
	unsigned int wa;		/* AARCH64_WA_* */
	struct midr_range part;
	/* REVIDR_EL1 bit that says a part of revision rnpm_max has the fix */
	u32 revidr_fixed;
};

static const struct erratum errata[] = {
	{
		.name = "843419",
		.enabled = IS_ENABLED(CONFIG_AARCH64_ERRATUM_843419),
		.wa = AARCH64_WA_843419,
		.part = MIDR_REVS(MIDR_CORTEX_A53, 0x00, 0x04),
		.revidr_fixed = BIT(8),
	}, {
		.name = "843419",
		.enabled = IS_ENABLED(CONFIG_AARCH64_ERRATUM_843419),
		.wa = AARCH64_WA_843419,
		.part = MIDR_REVS(MIDR_BRAHMA_B53, 0x00, 0x00),
	}, {
		.name = "826319",
		.enabled = IS_ENABLED(CONFIG_AARCH64_ERRATUM_826319),
		.wa = AARCH64_WA_CLEAN_CACHE,
		.part = MIDR_REVS(MIDR_CORTEX_A53, 0x00, 0x02),
	}, {
		.name = "827319",
		.enabled = IS_ENABLED(CONFIG_AARCH64_ERRATUM_827319),
		.wa = AARCH64_WA_CLEAN_CACHE,
		.part = MIDR_REVS(MIDR_CORTEX_A53, 0x00, 0x02),
	}, {
		.name = "824069",
		.enabled = IS_ENABLED(CONFIG_AARCH64_ERRATUM_824069),
		.wa = AARCH64_WA_CLEAN_CACHE,
		.part = MIDR_REVS(MIDR_CORTEX_A53, 0x00, 0x02),
	}, {
		.name = "819472",
		.enabled = IS_ENABLED(CONFIG_AARCH64_ERRATUM_819472),
		.wa = AARCH64_WA_CLEAN_CACHE,
		.part = MIDR_REVS(MIDR_CORTEX_A53, 0x00, 0x01),
	},
};

static bool erratum_affects(const struct erratum *e, u32 midr)
{
	if (!e->enabled || !midr_in_range(midr, &e->part))
		return false;
	if (e->revidr_fixed && MIDR_RNPM(midr) == e->part.rnpm_max &&
	    (read_sysreg(revidr_el1) & e->revidr_fixed))
		return false;
	return true;
}

/* What a workaround needs on each CPU that needs it. */
static void workaround_enable_this_cpu(unsigned int wa)
{
	switch (wa) {
	case AARCH64_WA_CLEAN_CACHE:
		/* EL0's DC CVAU/CVAC/CVAP/CIVAC and IC IVAU trap (EC 0x18). */
		write_sysreg(read_sysreg(sctlr_el1) & ~SCTLR_EL1_UCI, sctlr_el1);
		isb();
		break;
	}
}

static unsigned long reported;	/* errata[] entries named in the log */

/*
 * Called on each CPU as it comes up, before it runs anything else:
 * the boot CPU from setup_arch(), the others from
 * secondary_start_kernel().
 */
void errata_enable_this_cpu(void)
{
	u32 midr = read_cpuid_id();
	unsigned long done = 0;
	unsigned int i;

	BUILD_BUG_ON(ARRAY_SIZE(errata) > BITS_PER_LONG);

	for (i = 0; i < ARRAY_SIZE(errata); i++) {
		const struct erratum *e = &errata[i];
		bool first;

		if (!erratum_affects(e, midr))
			continue;
		first = !test_and_set_bit(e->wa, &aarch64_workarounds);
		if (!test_and_set_bit(i, &reported))
			pr_info("CPU%u: ARM erratum %s: workaround enabled (MIDR 0x%08x)\n",
				smp_processor_id(), e->name, midr);
		/* Modules already loaded were relocated without it. */
		if (first && e->wa == AARCH64_WA_843419 &&
		    system_state >= SYSTEM_RUNNING)
			pr_warn("CPU%u: ARM erratum 843419 first seen after boot: modules loaded before are not worked around\n",
				smp_processor_id());
		if (!(done & BIT(e->wa)))
			workaround_enable_this_cpu(e->wa);
		done |= BIT(e->wa);
	}
}

/*
 * One cache maintenance instruction on a user address, done by the
 * kernel: 0, or -EFAULT when the address has no mapping (the fault
 * handler first tries to map it, as for a load: ESR_ELx.CM says the
 * access is a read).  FEAT_PAN does not check cache maintenance; the
 * software PAN's empty table would fault it, so it opens a window.
 */
#define user_cache_maint(insn, addr)					\
({									\
	unsigned long __addr = (addr);					\
	int __err = 0;							\
	uaccess_ttbr0_enable();						\
	asm volatile(							\
	"1:	" insn ", %1\n"						\
	"2:\n"								\
	_ASM_EXTABLE_UACCESS_ERR(1b, 2b, "%w0")				\
	: "+r" (__err)							\
	: "r" (__addr)							\
	: "memory");							\
	uaccess_ttbr0_disable();					\
	__err;								\
})

/*
 * ESR_ELx of a trapped system instruction (EC 0x18), DDI 0487 L.a,
 * ISS encoding for an exception from MSR, MRS or System instruction
 * execution in AArch64 state: Op0 [21:20], Op2 [19:17], Op1 [16:14],
 * CRn [13:10], Rt [9:5], CRm [4:1], Direction [0].  The cache
 * maintenance instructions by VA that SCTLR_EL1.UCI = 0 traps are all
 * SYS #3, C7, Cm, #1 (Op0 1, Op1 3, CRn 7, Op2 1, Direction 0).
 */
#define SYS_ISS_FIXED_MASK	(GENMASK(21, 10) | BIT(0))
#define SYS_ISS_CACHE_BY_VA	((1 << 20) | (1 << 17) | (3 << 14) | (7 << 10))
#define SYS_ISS_RT(esr)		(((esr) >> 5) & 0x1f)
#define SYS_ISS_CRM(esr)	(((esr) >> 1) & 0xf)

#define CRM_IC_IVAU	5
#define CRM_DC_CVAC	10
#define CRM_DC_CVAU	11
#define CRM_DC_CVAP	12
#define CRM_DC_CVADP	13
#define CRM_DC_CIVAC	14

/*
 * EL0 cache maintenance trapped for AARCH64_WA_CLEAN_CACHE: done here,
 * every clean as a clean and invalidate.  A user address without a
 * mapping gets SIGSEGV, as the instruction itself would have raised.
 */
bool do_el0_cache_maint(struct pt_regs *regs, unsigned long esr)
{
	unsigned int rt = SYS_ISS_RT(esr);
	unsigned long addr;
	int err;

	if (!aarch64_needs_workaround(AARCH64_WA_CLEAN_CACHE) ||
	    (esr & SYS_ISS_FIXED_MASK) != SYS_ISS_CACHE_BY_VA)
		return false;

	addr = untagged_addr(rt == 31 ? 0 : regs->regs[rt]);
	if (!access_ok((void __user *)addr, 1)) {
		err = -EFAULT;
	} else {
		switch (SYS_ISS_CRM(esr)) {
		case CRM_IC_IVAU:
			err = user_cache_maint("ic	ivau", addr);
			break;
		case CRM_DC_CVAC:
		case CRM_DC_CVAU:
		case CRM_DC_CVAP:
		case CRM_DC_CVADP:
		case CRM_DC_CIVAC:
			err = user_cache_maint("dc	civac", addr);
			break;
		default:
			return false;
		}
	}

	if (err) {
		struct vm_area_struct *vma;
		int code = SEGV_MAPERR;

		mmap_read_lock(current->mm);
		vma = vma_lookup(current->mm, addr);
		if (vma)
			code = SEGV_ACCERR;
		mmap_read_unlock(current->mm);
		force_sig_fault(SIGSEGV, code, (void __user *)addr);
		return true;
	}
	regs->pc += AARCH64_INSN_SIZE;
	return true;
}
