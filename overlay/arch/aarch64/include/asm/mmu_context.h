/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Switching user address spaces: TTBR0_EL1 carries the page table base
 * of the user half and, with TCR_EL1.A1 == 0, the ASID that tags its
 * TLB entries.  The kernel half (TTBR1_EL1) never changes.
 */
#ifndef __ASM_AARCH64_MMU_CONTEXT_H
#define __ASM_AARCH64_MMU_CONTEXT_H

#include <linux/mm_types.h>
#include <linux/sched.h>
#include <asm/barrier.h>
#include <asm/pgtable.h>
#include <asm/spectre.h>
#include <asm/sysreg.h>

void check_and_switch_context(struct mm_struct *mm);

/*
 * Kernel threads and the boot CPU before the first user task run with
 * a TTBR0_EL1 pointing at the zero page: every descriptor in it is
 * invalid, so a stray user access faults instead of using stale
 * tables.  ASID 0 is never handed to a user address space.
 */
static inline void cpu_set_reserved_ttbr0(void)
{
	write_sysreg(__pa_symbol(empty_zero_page), ttbr0_el1);
	isb();
}

static inline void __switch_mm(struct mm_struct *next)
{
	if (next == &init_mm) {
		cpu_set_reserved_ttbr0();
		return;
	}
	check_and_switch_context(next);
	/* Nothing user space trained may steer the next task (Spectre-v2). */
	spectre_v2_harden();
}

static inline void switch_mm(struct mm_struct *prev, struct mm_struct *next,
			     struct task_struct *tsk)
{
	if (prev != next)
		__switch_mm(next);
}
#define switch_mm switch_mm

#define init_new_context init_new_context
static inline int init_new_context(struct task_struct *tsk,
				   struct mm_struct *mm)
{
	atomic64_set(&mm->context.id, 0);
	return 0;
}

#include <asm-generic/mm_hooks.h>
#include <asm-generic/mmu_context.h>

#endif /* __ASM_AARCH64_MMU_CONTEXT_H */
