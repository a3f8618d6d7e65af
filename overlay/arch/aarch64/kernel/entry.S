/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exception vectors and the register save/restore around them, task
 * switching, and the first return of a new task.  The decisions about
 * an exception are taken in C (entry-common.c) on top of the generic
 * entry code (kernel/entry/common.c).
 */

#include <linux/init.h>
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>
#include <asm/daif.h>
#include <asm/jump_label.h>
#include <asm/ptrace.h>
#include <asm/scs.h>
#include <asm/spectre.h>
#include <asm/sysreg.h>
#include <linux/arm-smccc.h>
#include <asm/thread_info.h>

/*
 * Save the interrupted context as a struct pt_regs at the bottom of the
 * stack frame the vector allocated.  From EL0, SP_EL0 held the user
 * stack pointer; it gets `current` back from the per-cpu __entry_task
 * (TPIDR_EL1 is the per-cpu offset).
 */
/* Store or load the pair x<a>, x<b> at its pt_regs slot. */
	.macro	gpr_pair, op, a, b
	\op	x\a, x\b, [sp, #(S_REGS + 8 * \a)]
	.endm

/* x0..x29 in pairs; x30 (lr) travels with sp. */
	.macro	gprs, op
	gpr_pair \op, 0, 1
	gpr_pair \op, 2, 3
	gpr_pair \op, 4, 5
	gpr_pair \op, 6, 7
	gpr_pair \op, 8, 9
	gpr_pair \op, 10, 11
	gpr_pair \op, 12, 13
	gpr_pair \op, 14, 15
	gpr_pair \op, 16, 17
	gpr_pair \op, 18, 19
	gpr_pair \op, 20, 21
	gpr_pair \op, 22, 23
	gpr_pair \op, 24, 25
	gpr_pair \op, 26, 27
	gpr_pair \op, 28, 29
	.endm

/*
 * Spectre-BHB: on entry from EL0, before the kernel's first indirect
 * branch, overwrite the branch history as this CPU needs
 * (spectre_bhb_entry, kernel/spectre.c): a loop of taken branches, or
 * the firmware's ARCH_WORKAROUND_3, whose call may clobber x0-x3
 * (SMCCC 1.1).  The barrier keeps later branches from being predicted
 * before the loop has run.  Uses x0-x3, saved already.  Where no CPU
 * needs it, the static key leaves a NOP on the entry path and the rest
 * is out of line (subsection 1).
 */
	.macro	spectre_bhb_mitigate
#ifdef CONFIG_MITIGATE_SPECTRE_BRANCH_HISTORY
	static_branch_unlikely_asm spectre_bhb_on_entry, .Lbhb\@
.Lbhb_done\@:
	.subsection 1
.Lbhb\@:
	adr_sym	x1, spectre_bhb_entry
	mrs	x0, tpidr_el1
	ldr	x0, [x1, x0]
	cbz	x0, .Lbhb_done\@
	tbnz	x0, #SPECTRE_BHB_FW_SMC_BIT, .Lbhb_smc\@
	tbnz	x0, #SPECTRE_BHB_FW_HVC_BIT, .Lbhb_hvc\@
.Lbhb_loop\@:
	b	. + 4
	subs	x0, x0, #1
	b.ne	.Lbhb_loop\@
	dsb	nsh
	isb
	b	.Lbhb_done\@
.Lbhb_smc\@:
	mov	w0, #ARM_SMCCC_ARCH_WORKAROUND_3
	smc	#0
	b	.Lbhb_done\@
.Lbhb_hvc\@:
	mov	w0, #ARM_SMCCC_ARCH_WORKAROUND_3
	hvc	#0
	b	.Lbhb_done\@
	.subsection 0
#endif
	.endm

/*
 * Software PAN (asm/pan.h).  On entry, unmap the user half: TTBR0_EL1
 * to the reserved table, ASID 0.  From EL1, pt_regs keeps the ASID the
 * interrupted code ran with: 0 when its window was closed (or when it
 * ran on the identity map, whose ASID is 0 too and which stays as it
 * is), else the window was open and is closed here.  On exit to EL0,
 * and to EL1 code whose window was open, the task's TTBR0_EL1 comes
 * back from its thread_info, not from pt_regs: the task may have been
 * switched out and its mm's ASID renumbered meanwhile.  The exit needs
 * no ISB: ERET is a context synchronization event (SCTLR_EL1.EOS set).
 * Both use x0, saved already or restored after.
 */
	.macro	sw_pan_entry, el
#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
	static_branch_unlikely_asm aarch64_ttbr0_pan, .Lswpan\@
.Lswpan_done\@:
	.subsection 1
.Lswpan\@:
	.if	\el
	mrs	x0, ttbr0_el1
	lsr	x0, x0, #48
	str	x0, [sp, #S_TTBR0_ASID]
	cbz	x0, .Lswpan_done\@
	.endif
	adr_sym	x0, ttbr0_pan_reserved
	ldr	x0, [x0]
	msr	ttbr0_el1, x0
	isb
	b	.Lswpan_done\@
	.subsection 0
#endif
	.endm

	.macro	sw_pan_exit, el
#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
	static_branch_unlikely_asm aarch64_ttbr0_pan, .Lswpan\@
.Lswpan_done\@:
	.subsection 1
.Lswpan\@:
	.if	\el
	ldr	x0, [sp, #S_TTBR0_ASID]
	cbz	x0, .Lswpan_done\@
	.endif
	mrs	x0, sp_el0			// current
	ldr	x0, [x0, #TSK_TI_TTBR0]
	msr	ttbr0_el1, x0
	b	.Lswpan_done\@
	.subsection 0
#endif
	.endm

	.macro	save_regs, el
	gprs	stp
	.if	\el == 0
	spectre_bhb_mitigate
	.endif
	sw_pan_entry \el

	.if	\el == 0
	mrs	x21, sp_el0
	adr_sym	x20, __entry_task
	mrs	x19, tpidr_el1
	ldr	x19, [x20, x19]
	msr	sp_el0, x19
	scs_load x19			// user x18 is in pt_regs now
	.else
	add	x21, sp, #PT_REGS_SIZE
	.endif

	mrs	x22, elr_el1
	mrs	x23, spsr_el1
	mrs	x24, esr_el1
	stp	lr, x21, [sp, #S_LR]
	stp	x22, x23, [sp, #S_PC]
	str	x24, [sp, #S_ESR]

	mov	x0, #NO_SYSCALL
	str	x0, [sp, #S_SYSCALLNO]

	/*
	 * A frame record linking the exception to the interrupted code
	 * (for the unwinder); user frames end the chain.
	 */
	.if	\el
	mov	x25, x29
	mov	x26, x22
	.else
	mov	x25, xzr
	mov	x26, xzr
	.endif
	stp	x25, x26, [sp, #S_STACKFRAME]
	add	x29, sp, #S_STACKFRAME
	.endm

	.macro	restore_regs, el
	/*
	 * Nothing may be taken to EL1 between writing ELR_EL1/SPSR_EL1
	 * and the ERET: it would overwrite them.  IRQs are masked by the
	 * C exit code; debug exceptions and SError are masked here.
	 */
	msr	daifset, #DAIFSET_ALL
	sw_pan_exit \el
	.if	\el == 0
	mrs	x21, sp_el0
	scs_save x21			// before gprs restores user x18
	.endif
	ldp	x21, x22, [sp, #S_PC]
	.if	\el == 0
	ldr	x23, [sp, #S_SP]
	msr	sp_el0, x23
	.endif
	msr	elr_el1, x21
	msr	spsr_el1, x22

	gprs	ldp
	ldr	lr, [sp, #S_LR]
	add	sp, sp, #PT_REGS_SIZE
	eret
	/* Nothing after ERET may run, even speculatively (SB). */
	dsb	nsh
	isb
	.endm

/*
 * One vector slot: 128 bytes, 32 instructions at most.  A vector taken
 * from EL1 with VMAP_STACK first checks that the frame it allocated is
 * still on the stack SP was on.  Every kernel stack is THREAD_SIZE
 * long and starts at a multiple of 2 * THREAD_SIZE (thread_info.h), so
 * bit THREAD_SHIFT of SP is clear on the stack and set below it, where
 * the vmalloc guard page is.  No register is free yet and nothing may
 * be stored to an overflowed stack, so the test swaps SP into x0
 * arithmetically (sp' = sp + x0, x0' = sp' - x0 = sp) and undoes it
 * (x0 = sp' - x0', sp = sp' - x0) on the good path.
 *
 * The per-CPU overflow stack is not aligned that way, so the bit says
 * nothing of an SP on it: after an overflow, panic() runs there and may
 * take an interrupt.  An SP found on this CPU's overflow stack carries
 * on with the vector's handler; any other is an overflow.  That test
 * needs a register more: x0 and the SP are parked in the EL0 thread
 * registers, whose user values the kernel will not return to.
 */
	.macro	vector, label, check_stack=0
	.balign	128
	sub	sp, sp, #PT_REGS_SIZE
#ifdef CONFIG_VMAP_STACK
	.if	\check_stack
	add	sp, sp, x0
	sub	x0, sp, x0
	tbnz	x0, #THREAD_SHIFT, .Lstack_check\@
	sub	x0, sp, x0
	sub	sp, sp, x0
	.endif
#endif
	b	\label
#ifdef CONFIG_VMAP_STACK
	.if	\check_stack
.Lstack_check\@:
	msr	tpidr_el0, x0			// the SP
	sub	x0, sp, x0
	msr	tpidrro_el0, x0			// the interrupted x0
	adr_sym	x0, overflow_stack
	mov	sp, x0
	mrs	x0, tpidr_el1			// this CPU's per-cpu offset
	add	sp, sp, x0			// this CPU's overflow stack
	mrs	x0, tpidr_el0
	sub	x0, sp, x0
	neg	x0, x0				// SP - the overflow stack's base
	cmp	x0, #OVERFLOW_STACK_SIZE
	b.hs	stack_overflow
	mrs	x0, tpidr_el0
	mov	sp, x0
	mrs	x0, tpidrro_el0
	b	\label
	.endif
#endif
	.endm

/*
 * VBAR_EL1 needs 2KB alignment (bits 10:0 RES0).  Four groups of four
 * (synchronous, IRQ, FIQ, SError): from EL1 with SP_EL0, from EL1 with
 * SP_EL1, from AArch64 EL0, from AArch32 EL0.  The kernel always runs
 * on SP_EL1 and there is no AArch32 support, so the first and last
 * groups should never be taken.
 */
	.pushsection ".entry.text", "ax"
	.balign	2048
SYM_CODE_START(vectors)
	vector	el1t_invalid
	vector	el1t_invalid
	vector	el1t_invalid
	vector	el1t_invalid

	vector	el1h_sync, 1
	vector	el1h_irq, 1
	vector	el1h_invalid, 1
	vector	el1h_serror, 1

	vector	el0t_64_sync
	vector	el0t_64_irq
	vector	el0_invalid
	vector	el0t_64_serror

	vector	el0_invalid
	vector	el0_invalid
	vector	el0_invalid
	vector	el0_invalid
SYM_CODE_END(vectors)

#ifdef CONFIG_VMAP_STACK
/*
 * From a vector that found SP off its stack: TPIDR_EL0 = that SP,
 * TPIDRRO_EL0 = the interrupted x0 (the kernel does not return from
 * here, so the task's values of those are no loss).  Build the pt_regs
 * on this CPU's overflow stack, with the interrupted SP and x0.
 */
SYM_CODE_START_LOCAL(stack_overflow)
	adr_sym	x0, overflow_stack + OVERFLOW_STACK_SIZE
	mov	sp, x0
	mrs	x0, tpidr_el1			// this CPU's per-cpu offset
	add	sp, sp, x0
	mrs	x0, tpidrro_el0
	sub	sp, sp, #PT_REGS_SIZE
	save_regs 1
	mrs	x21, tpidr_el0
	add	x21, x21, #PT_REGS_SIZE		// SP before the vector
	str	x21, [sp, #S_SP]
	mov	x0, sp
	bl	handle_bad_stack
	b	.					// not reached
SYM_CODE_END(stack_overflow)
#endif

SYM_CODE_START_LOCAL(el1t_invalid)
	save_regs 1
	mov	x0, sp
	mov	x1, #0
	b	.Lbad_mode
SYM_CODE_END(el1t_invalid)

SYM_CODE_START_LOCAL(el1h_invalid)
	save_regs 1
	mov	x0, sp
	mov	x1, #1
	b	.Lbad_mode
SYM_CODE_END(el1h_invalid)

SYM_CODE_START_LOCAL(el0_invalid)
	save_regs 0
	mov	x0, sp
	bl	el0t_invalid_handler
	b	ret_to_user

.Lbad_mode:
	mrs	x2, esr_el1
	bl	bad_mode		// does not return for EL1
	b	.Lbad_mode
SYM_CODE_END(el0_invalid)

SYM_CODE_START_LOCAL(el1h_sync)
	save_regs 1
	mov	x0, sp
	bl	el1h_sync_handler
	restore_regs 1
SYM_CODE_END(el1h_sync)

SYM_CODE_START_LOCAL(el1h_irq)
	save_regs 1
	mov	x0, sp
	bl	el1h_irq_handler
	restore_regs 1
SYM_CODE_END(el1h_irq)

SYM_CODE_START_LOCAL(el1h_serror)
	save_regs 1
	mov	x0, sp
	bl	serror_handler			// panics
	restore_regs 1
SYM_CODE_END(el1h_serror)

SYM_CODE_START_LOCAL(el0t_64_serror)
	save_regs 0
	mov	x0, sp
	bl	serror_handler			// panics
	b	ret_to_user
SYM_CODE_END(el0t_64_serror)

SYM_CODE_START_LOCAL(el0t_64_sync)
	save_regs 0
	mov	x0, sp
	bl	el0t_64_sync_handler
	b	ret_to_user
SYM_CODE_END(el0t_64_sync)

SYM_CODE_START_LOCAL(el0t_64_irq)
	save_regs 0
	mov	x0, sp
	bl	el0t_64_irq_handler
	b	ret_to_user
SYM_CODE_END(el0t_64_irq)

/* The exit work was done in C (syscall/irqentry_exit_to_user_mode). */
SYM_CODE_START(ret_to_user)
	restore_regs 0
SYM_CODE_END(ret_to_user)

/*
 * First schedule of a new task (see copy_thread()): x0 = the previous
 * task, x19 = a kernel thread's function (0 for a user task), x20 = its
 * argument.  SP points at the task's pt_regs.
 */
SYM_CODE_START(ret_from_fork)
	bl	schedule_tail
	cbz	x19, 1f
	mov	x0, x20
	blr	x19
1:	mov	x0, sp
	bl	syscall_exit_to_user_mode
	b	ret_to_user
SYM_CODE_END(ret_from_fork)
	.popsection

/*
 * void call_on_irq_stack(regs, fn, sp, scs): fn(regs) with SP = sp (the
 * top of this CPU's IRQ stack, irq.c) and, with SHADOW_CALL_STACK, x18
 * = scs (this CPU's IRQ shadow call stack), IRQs masked.  The frame
 * record pushed on the caller's stack is where fn's first frame links
 * to, so the unwinder crosses from the IRQ stack back to the task's.
 * The task's x18 waits in its thread_info meanwhile.
 */
SYM_FUNC_START(call_on_irq_stack)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
#ifdef CONFIG_SHADOW_CALL_STACK
	mrs	x16, sp_el0
	scs_save x16
	mov	x18, x3
#endif
	mov	sp, x2
	blr	x1
	mov	sp, x29
	ldp	x29, x30, [sp], #16
#ifdef CONFIG_SHADOW_CALL_STACK
	mrs	x16, sp_el0
	scs_load x16
#endif
	ret
SYM_FUNC_END(call_on_irq_stack)

/*
 * struct task_struct *cpu_switch_to(prev, next): save the callee-saved
 * registers, SP and the return address in prev->thread.cpu_context
 * (and x18, the shadow call stack pointer, in its thread_info), load
 * next's, and make next current (SP_EL0).  Returns prev.
 */
SYM_FUNC_START(cpu_switch_to)
	mov	x10, #THREAD_CPU_CONTEXT
	add	x11, x0, x10		// &prev->thread.cpu_context
	add	x12, x1, x10		// &next->thread.cpu_context
	mov	x13, sp

	stp	x19, x20, [x11, #(CPU_CTX_REGS + 8 * 0)]
	stp	x21, x22, [x11, #(CPU_CTX_REGS + 8 * 2)]
	stp	x23, x24, [x11, #(CPU_CTX_REGS + 8 * 4)]
	stp	x25, x26, [x11, #(CPU_CTX_REGS + 8 * 6)]
	stp	x27, x28, [x11, #(CPU_CTX_REGS + 8 * 8)]
	stp	x29, x13, [x11, #CPU_CTX_FP]	// fp, then sp
	str	lr, [x11, #CPU_CTX_PC]
	scs_save x0

	ldp	x19, x20, [x12, #(CPU_CTX_REGS + 8 * 0)]
	ldp	x21, x22, [x12, #(CPU_CTX_REGS + 8 * 2)]
	ldp	x23, x24, [x12, #(CPU_CTX_REGS + 8 * 4)]
	ldp	x25, x26, [x12, #(CPU_CTX_REGS + 8 * 6)]
	ldp	x27, x28, [x12, #(CPU_CTX_REGS + 8 * 8)]
	ldp	x29, x13, [x12, #CPU_CTX_FP]
	ldr	lr, [x12, #CPU_CTX_PC]

	mov	sp, x13
	msr	sp_el0, x1		// current = next
	scs_load x1
	ret
SYM_FUNC_END(cpu_switch_to)
