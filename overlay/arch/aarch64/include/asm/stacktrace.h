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

#include <asm/current.h>
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

void dump_backtrace(struct pt_regs *regs, struct task_struct *tsk,
		    const char *loglvl);

#endif /* __ASM_AARCH64_STACKTRACE_H */
