/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Frame records: with frame pointers, x29 points at a pair
 * {previous x29, return address} on the stack (AAPCS64 6.2.3).
 */
#ifndef __ASM_AARCH64_STACKTRACE_H
#define __ASM_AARCH64_STACKTRACE_H

#include <linux/types.h>

struct frame_record {
	unsigned long fp;
	unsigned long lr;
};

struct task_struct;
struct pt_regs;

#include <linux/percpu.h>
#include <asm/current.h>
#include <asm/irq.h>
#include <asm/thread_info.h>

/*
 * Kernel stacks are THREAD_SIZE aligned (THREAD_ALIGN): SP is on the
 * task's stack when it differs from its base only below THREAD_SIZE.
 */
static inline bool on_thread_stack(void)
{
	return !(((unsigned long)get_current()->stack ^ current_stack_pointer) &
		 ~(THREAD_SIZE - 1));
}

/* Each CPU's stack for reporting a kernel stack overflow (traps.c). */
DECLARE_PER_CPU(unsigned long [OVERFLOW_STACK_SIZE / sizeof(long)],
		overflow_stack);

/* The bytes [low, high) of one stack; low == 0: no such stack. */
struct stack_range {
	unsigned long low;
	unsigned long high;
};

static inline struct stack_range stack_range_irq(void)
{
	unsigned long low = (unsigned long)raw_cpu_read(irq_stack_ptr);

	return (struct stack_range){ low, low ? low + IRQ_STACK_SIZE : 0 };
}

static inline struct stack_range stack_range_overflow(void)
{
	unsigned long low = (unsigned long)raw_cpu_ptr(overflow_stack);

	return (struct stack_range){ low, low + OVERFLOW_STACK_SIZE };
}

static inline bool stack_range_has(struct stack_range r, unsigned long sp,
				   unsigned long size)
{
	return r.low && sp >= r.low && sp < r.high && size <= r.high - sp;
}

/* Do the size bytes at sp lie on this CPU's IRQ stack? */
static inline bool on_irq_stack_of_this_cpu(unsigned long sp,
					    unsigned long size)
{
	return stack_range_has(stack_range_irq(), sp, size);
}

void dump_backtrace(struct pt_regs *regs, struct task_struct *tsk,
		    const char *loglvl);

void *alloc_kernel_stack(unsigned long size, int node);

#endif /* __ASM_AARCH64_STACKTRACE_H */
