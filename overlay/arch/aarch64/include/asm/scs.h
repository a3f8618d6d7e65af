/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The shadow call stack pointer (CONFIG_SHADOW_CALL_STACK) in the
 * assembly code.  Compiled code keeps it in x18 (-ffixed-x18) and moves
 * it as it pushes and pops return addresses.  While the task's x18 is
 * not live, because the task is switched out, in user space (whose x18
 * is its own) or has moved to an IRQ's shadow stack, it is kept in the
 * task's thread_info.scs_sp, which linux/scs.h also reads.
 */
#ifndef __ASM_AARCH64_SCS_H
#define __ASM_AARCH64_SCS_H

#ifdef __ASSEMBLY__

#include <asm/asm-offsets.h>

#ifdef CONFIG_SHADOW_CALL_STACK
	/* x18 = the shadow call stack pointer saved in task tsk */
	.macro	scs_load, tsk
	ldr	x18, [\tsk, #TSK_TI_SCS_SP]
	.endm

	/* save x18 as task tsk's shadow call stack pointer */
	.macro	scs_save, tsk
	str	x18, [\tsk, #TSK_TI_SCS_SP]
	.endm
#else
	.macro	scs_load, tsk
	.endm

	.macro	scs_save, tsk
	.endm
#endif /* CONFIG_SHADOW_CALL_STACK */

#endif /* __ASSEMBLY__ */
#endif /* __ASM_AARCH64_SCS_H */
