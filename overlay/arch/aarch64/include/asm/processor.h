/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-thread CPU state that lives outside pt_regs, and the user
 * address space limits.
 */
#ifndef __ASM_AARCH64_PROCESSOR_H
#define __ASM_AARCH64_PROCESSOR_H

#include <asm/memory.h>

/*
 * User space gets the whole lower half selected by TTBR0_EL1:
 * TCR_EL1.T0SZ = 64 - VA_BITS.
 */
#define TASK_SIZE_64		(_AC(1, UL) << VA_BITS)
#define TASK_SIZE		TASK_SIZE_64
#define TASK_SIZE_MAX		TASK_SIZE_64
#define DEFAULT_MAP_WINDOW	TASK_SIZE_64
#define STACK_TOP_MAX		TASK_SIZE_64
#define STACK_TOP		STACK_TOP_MAX

#ifndef __ASSEMBLY__

#include <linux/types.h>
#include <linux/string.h>
#include <asm/barrier.h>
#include <asm/hw_breakpoint.h>
#include <asm/ptrace.h>
#include <asm/page.h>
#include <asm/sysreg.h>
#include <vdso/processor.h>
#include <uapi/asm/sigcontext.h>

#define TASK_UNMAPPED_BASE	(PAGE_ALIGN(TASK_SIZE / 4))

/*
 * The callee-saved registers (AAPCS64: x19-x28), the frame pointer,
 * the stack pointer and the resume address of a switched-out task.
 * kernel/entry.S (cpu_switch_to) relies on this order.
 */
struct cpu_context {
	unsigned long callee_saved[10];	/* x19..x28 */
	/* fp and sp are saved and loaded as one pair: keep them adjacent */
	unsigned long fp;		/* x29 */
	unsigned long sp;
	unsigned long pc;		/* where cpu_switch_to() returns */
};

struct thread_struct {
	struct cpu_context	cpu_context;
	unsigned long		tp_value;	/* TPIDR_EL0 */
	unsigned long		tp2_value;	/* TPIDRRO_EL0 */
	unsigned long		fault_address;
	unsigned long		fault_code;	/* ESR_EL1 of the fault */
	struct user_fpsimd_state fpsimd_state;
#ifdef CONFIG_HAVE_HW_BREAKPOINT
	struct debug_info	debug;		/* hw_breakpoint.c, ptrace.c */
#endif
};

#define INIT_THREAD	{ }

/* PSTATE.SSBS for the new program (kernel/spectre.c). */
void spectre_v4_start_thread(struct pt_regs *regs);

static inline void start_thread(struct pt_regs *regs, unsigned long pc,
				unsigned long sp)
{
	memset(regs, 0, sizeof(*regs));
	forget_syscall(regs);
	regs->pc = pc;
	regs->sp = sp;
	/* EL0t with all of DAIF clear: interrupts on in user space. */
	regs->pstate = PSR_MODE_EL0t;
	spectre_v4_start_thread(regs);
}

#define task_pt_regs(p)	\
	((struct pt_regs *)(THREAD_SIZE + task_stack_page(p)) - 1)

#define KSTK_EIP(tsk)	((unsigned long)task_pt_regs(tsk)->pc)
#define KSTK_ESP(tsk)	user_stack_pointer(task_pt_regs(tsk))

struct task_struct;
unsigned long __get_wchan(struct task_struct *p);



#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_PROCESSOR_H */
