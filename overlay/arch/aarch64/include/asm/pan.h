/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Keeping user memory out of the kernel's reach outside the uaccess
 * routines, so that a stray kernel pointer into user space cannot read
 * or write what user space put there.
 *
 * Privileged Access Never (FEAT_PAN, ARMv8.1): while PSTATE.PAN is set,
 * a load or store the kernel makes at EL1 to memory that EL0 can reach
 * faults with a permission fault (DDI 0487 L.a, "PSTATE.PAN").  The
 * accessors' LDTR/STTR are unprivileged accesses, which PAN does not
 * check; only the futex atomics, which need the exclusives, open a
 * window with uaccess_enable_privileged().  Cache maintenance by VA is
 * not checked either.
 *
 * Software PAN, for CPUs without FEAT_PAN: the kernel runs with
 * TTBR0_EL1 pointing at the reserved (empty) table with ASID 0
 * (asm/mmu_context.h), so the user half has no translation at all, and
 * every user access, LDTR/STTR and cache maintenance included, opens a
 * window with uaccess_ttbr0_enable(): the task's own TTBR0_EL1, kept in
 * its thread_info.  Changing the ASID with the table matters: TLB
 * entries of the user's mappings are tagged with the user's ASID and
 * would still hit under the empty table.  The exception vectors close
 * the window on entry and reopen it on the way back to the code they
 * interrupted (kernel/entry.S), so a window never spans a context
 * switch.  Each window is short and never sleeps: the arguments of an
 * access are evaluated before it opens.
 */
#ifndef __ASM_AARCH64_PAN_H
#define __ASM_AARCH64_PAN_H

#include <linux/irqflags.h>
#include <linux/jump_label.h>
#include <linux/stringify.h>
#include <linux/thread_info.h>
#include <asm/barrier.h>
#include <asm/sysreg.h>

/* MSR PAN, #imm (op1 0, op2 4, CRm #imm); older assemblers lack it. */
#define __MSR_PAN(imm)	".inst	" __stringify(0xd500409f | ((imm) << 8)) "\n"

#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
DECLARE_STATIC_KEY_FALSE(aarch64_ttbr0_pan);
/* reserved_ttbr0(), for the code that cannot compute it (entry.S). */
extern u64 ttbr0_pan_reserved;

static __always_inline bool ttbr0_pan_on(void)
{
	return static_branch_unlikely(&aarch64_ttbr0_pan);
}

static __always_inline void uaccess_ttbr0_enable(void)
{
	unsigned long flags;

	if (!ttbr0_pan_on())
		return;
	/*
	 * An interrupt between the load and the write could switch this
	 * task out and let its mm's ASID be renumbered at a rollover
	 * before it comes back: the value written would be stale.
	 */
	flags = arch_local_irq_save();
	write_sysreg(READ_ONCE(current_thread_info()->ttbr0), ttbr0_el1);
	isb();
	arch_local_irq_restore(flags);
}

static __always_inline void uaccess_ttbr0_disable(void)
{
	if (!ttbr0_pan_on())
		return;
	write_sysreg(ttbr0_pan_reserved, ttbr0_el1);
	isb();
}
#else
static __always_inline bool ttbr0_pan_on(void) { return false; }
static __always_inline void uaccess_ttbr0_enable(void) { }
static __always_inline void uaccess_ttbr0_disable(void) { }
#endif

#ifdef CONFIG_AARCH64_PAN
DECLARE_STATIC_KEY_FALSE(aarch64_pan);

static __always_inline void uaccess_enable_privileged(void)
{
	if (static_branch_likely(&aarch64_pan))
		asm volatile(__MSR_PAN(0) : : : "memory");
	else
		uaccess_ttbr0_enable();
}

static __always_inline void uaccess_disable_privileged(void)
{
	if (static_branch_likely(&aarch64_pan))
		asm volatile(__MSR_PAN(1) : : : "memory");
	else
		uaccess_ttbr0_disable();
}
#else
static __always_inline void uaccess_enable_privileged(void)
{
	uaccess_ttbr0_enable();
}

static __always_inline void uaccess_disable_privileged(void)
{
	uaccess_ttbr0_disable();
}
#endif

void pan_init_boot(void);
bool pan_enable_secondary(unsigned int cpu);

#endif /* __ASM_AARCH64_PAN_H */
