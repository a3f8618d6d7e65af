/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Low-level per-task flags.  thread_info is the first member of
 * task_struct (THREAD_INFO_IN_TASK), so current_thread_info() is just
 * SP_EL0.
 */
#ifndef __ASM_AARCH64_THREAD_INFO_H
#define __ASM_AARCH64_THREAD_INFO_H

#include <linux/const.h>
#include <asm/page.h>

/*
 * Kernel stacks: 16KB with 4KB pages, one page with bigger pages.
 * KASAN's redzones around stack variables double the frames, and with
 * them the stack (4KB pages only: 64KB is enough either way).
 */
#ifdef CONFIG_KASAN
#define KASAN_STACK_ORDER	1
#else
#define KASAN_STACK_ORDER	0
#endif

#ifdef CONFIG_AARCH64_4K_PAGES
#define THREAD_SIZE_ORDER	(2 + KASAN_STACK_ORDER)
#elif defined(CONFIG_AARCH64_16K_PAGES)
#define THREAD_SIZE_ORDER	KASAN_STACK_ORDER
#else
#define THREAD_SIZE_ORDER	0
#endif
#define THREAD_SHIFT		(PAGE_SHIFT + THREAD_SIZE_ORDER)
#define THREAD_SIZE		(_AC(1, UL) << THREAD_SHIFT)

/*
 * With VMAP_STACK, every kernel stack (task and IRQ) starts at a
 * multiple of twice its size, so bit THREAD_SHIFT of an SP on the
 * stack is 0 and becomes 1 when SP runs off its bottom: the exception
 * vectors test that bit before they store anything (entry.S).
 */
#ifdef CONFIG_VMAP_STACK
#define THREAD_ALIGN		(2 * THREAD_SIZE)
#else
#define THREAD_ALIGN		THREAD_SIZE
#endif

/* The IRQ stack of each CPU has the size of a task stack. */
#define IRQ_STACK_SIZE		THREAD_SIZE

/* Where an exception that found its stack overflowed reports it. */
#define OVERFLOW_STACK_SIZE	4096

#ifndef __ASSEMBLY__

struct thread_info {
	unsigned long		flags;		/* TIF_* below */
	unsigned long		syscall_work;	/* SYSCALL_WORK_* (generic entry) */
	int			preempt_count;	/* 0: preemptible, <0: bug */
	u32			cpu;		/* the CPU this task runs on */
#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
	u64			ttbr0;		/* its user TTBR0_EL1 (asm/pan.h) */
#endif
#ifdef CONFIG_SHADOW_CALL_STACK
	/*
	 * The task's shadow call stack (linux/scs.h): its base, and x18
	 * while the task is switched out or in user space (entry.S).
	 */
	void			*scs_base;
	void			*scs_sp;
#endif
};

#ifdef CONFIG_SHADOW_CALL_STACK
#define INIT_SCS						\
	.scs_base	= init_shadow_call_stack,		\
	.scs_sp		= init_shadow_call_stack,
#else
#define INIT_SCS
#endif

#define INIT_THREAD_INFO(tsk)			\
{						\
	.flags		= 0,			\
	.preempt_count	= INIT_PREEMPT_COUNT,	\
	INIT_SCS				\
}

#endif /* __ASSEMBLY__ */

#define TIF_SIGPENDING		0	/* signal pending */
#define TIF_NEED_RESCHED	1	/* rescheduling necessary */
#define TIF_NOTIFY_RESUME	2	/* callback before returning to user */
#define TIF_UPROBE		4	/* breakpointed or single-stepping */
#define TIF_NOTIFY_SIGNAL	5	/* signal notifications exist */
#define TIF_PATCH_PENDING	6	/* pending live patching update */
#define TIF_POLLING_NRFLAG	16	/* idle loop polls TIF_NEED_RESCHED */
#define TIF_MEMDIE		18	/* killed by the OOM killer */
#define TIF_SINGLESTEP		21	/* ptrace single step */

#define _TIF_SIGPENDING		(1 << TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	(1 << TIF_NEED_RESCHED)
#define _TIF_NOTIFY_RESUME	(1 << TIF_NOTIFY_RESUME)
#define _TIF_UPROBE		(1 << TIF_UPROBE)
#define _TIF_NOTIFY_SIGNAL	(1 << TIF_NOTIFY_SIGNAL)
#define _TIF_PATCH_PENDING	(1 << TIF_PATCH_PENDING)
#define _TIF_POLLING_NRFLAG	(1 << TIF_POLLING_NRFLAG)
#define _TIF_SINGLESTEP		(1 << TIF_SINGLESTEP)

#ifndef __ASSEMBLY__
void arch_setup_new_exec(void);
#define arch_setup_new_exec arch_setup_new_exec
#endif

#endif /* __ASM_AARCH64_THREAD_INFO_H */
