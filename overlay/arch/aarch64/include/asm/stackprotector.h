/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The stack protector's canary.  With STACKPROTECTOR_PER_TASK each task
 * has its own (task_struct.stack_canary, chosen by fork), which the
 * compiler reads through SP_EL0; otherwise every frame compares with
 * the one __stack_chk_guard.  Based on arch/arm64/include/asm/
 * stackprotector.h.
 */
#ifndef __ASM_AARCH64_STACKPROTECTOR_H
#define __ASM_AARCH64_STACKPROTECTOR_H

#include <linux/random.h>
#include <linux/sched.h>

extern unsigned long __stack_chk_guard;

/*
 * Called by start_kernel(), which is built without the protector and
 * never returns: no frame on the stack holds the canary replaced here.
 * Every other task gets its own from fork, the secondary CPUs' idle
 * tasks included.
 */
static __always_inline void boot_init_stack_canary(void)
{
	unsigned long canary = get_random_canary();

	current->stack_canary = canary;
	if (!IS_ENABLED(CONFIG_STACKPROTECTOR_PER_TASK))
		__stack_chk_guard = canary;
}

#endif /* __ASM_AARCH64_STACKPROTECTOR_H */
