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
#include <asm/pan.h>
#include <asm/pgtable.h>
#include <asm/spectre.h>
#include <asm/sysreg.h>

void check_and_switch_context(struct mm_struct *mm);

/*
 * TTBR0_EL1 for the reserved (empty) table: kernel threads and the boot
 * CPU before the first user task run with it, and so does all kernel
 * code under software PAN (asm/pan.h).  Every descriptor in the zero
 * page is invalid, so a stray user access faults instead of using
 * stale tables.  Its ASID is 0, which is never handed to a user
 * address space.
 */
static inline u64 reserved_ttbr0(void)
{
	return __pa_symbol(empty_zero_page);
}

static inline void cpu_set_reserved_ttbr0(void)
{
	write_sysreg(reserved_ttbr0(), ttbr0_el1);
	isb();
}

/*
 * TTBR0_EL1 for @mm with its ASID @asid: with TCR_EL1.A1 == 0 the ASID
 * that tags the TLB entries of the user half is TTBR0_EL1.ASID, bits
 * 63:48, next to the table's base address, so one write switches both.
 */
static inline u64 mm_ttbr0(struct mm_struct *mm, unsigned long asid)
{
	return __pa(mm->pgd) | ((u64)asid << 48);
}

#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
/*
 * Under software PAN the TTBR0_EL1 a task's user space needs is kept
 * in its thread_info and written to the register only when the kernel
 * returns to user space or opens a uaccess window.  Updated on every
 * switch to @tsk, also between threads of one mm, since the mm's ASID
 * may have been renumbered at a rollover while @tsk was not running.
 */
static inline void update_saved_ttbr0(struct task_struct *tsk,
				      struct mm_struct *mm)
{
	u64 ttbr0;

	if (!ttbr0_pan_on())
		return;
	if (mm == &init_mm)
		ttbr0 = reserved_ttbr0();
	else
		ttbr0 = mm_ttbr0(mm, ASID(mm));
	WRITE_ONCE(task_thread_info(tsk)->ttbr0, ttbr0);
}
#else
static inline void update_saved_ttbr0(struct task_struct *tsk,
				      struct mm_struct *mm)
{
}
#endif

/*
 * A kernel thread borrows the previous task's mm (lazy TLB); kernel
 * threads never reach user memory through it, and the mm may go away
 * while they run (kthread_unuse_mm(), exit_mm()).
 */
#define enter_lazy_tlb enter_lazy_tlb
static inline void enter_lazy_tlb(struct mm_struct *mm,
				  struct task_struct *tsk)
{
	update_saved_ttbr0(tsk, &init_mm);
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
	update_saved_ttbr0(tsk, next);
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
