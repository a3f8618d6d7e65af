/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * While the CPU runs in the kernel, SP_EL0 is not a stack pointer (the
 * kernel runs on SP_EL1): the entry code keeps the current task there,
 * and saves the user's SP_EL0 in pt_regs.
 */
#ifndef __ASM_AARCH64_CURRENT_H
#define __ASM_AARCH64_CURRENT_H

#include <linux/compiler.h>

#ifndef __ASSEMBLY__

struct task_struct;

static __always_inline struct task_struct *get_current(void)
{
	unsigned long cur;

	/*
	 * Not volatile: the value changes only across a context switch,
	 * which the compiler cannot move this read over because
	 * cpu_switch_to() is an external call.
	 */
	asm("mrs %0, sp_el0" : "=r" (cur));
	return (struct task_struct *)cur;
}

#define current get_current()

/* ARCH_HAS_CURRENT_STACK_POINTER */
register unsigned long current_stack_pointer asm("sp");

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_CURRENT_H */
