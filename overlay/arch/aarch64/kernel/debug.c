// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware single step of user tasks, for PTRACE_SINGLESTEP.
 *
 * Software step (DDI 0487 L.a, "Software Step exceptions"): while
 * MDSCR_EL1.SS is 1 and debug exceptions are enabled from EL0, an
 * exception return whose SPSR_EL1.SS is 1 lets EL0 execute one
 * instruction and then takes a Software Step exception to EL1
 * (ESR_ELx.EC 0x32).  MDSCR_EL1.KDE stays 0, so EL1 itself is never
 * stepped whatever MDSCR_EL1.SS says.
 *
 * The step request of a task is SS in its saved PSTATE, set by ptrace;
 * the hardware clears it once the instruction has completed, including
 * one that ends in an exception such as SVC, so after a system call the
 * step is reported on the way back to EL0.  MDSCR_EL1 belongs to the
 * CPU: it follows the running task's TIF_SINGLESTEP at context switch.
 */
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <asm/hw_breakpoint.h>
#include <asm/sysreg.h>
#include <asm/traps.h>
#include <asm/uprobes.h>

void user_enable_single_step(struct task_struct *task)
{
	set_tsk_thread_flag(task, TIF_SINGLESTEP);
	task_pt_regs(task)->pstate |= PSR_SS_BIT;
}

void user_disable_single_step(struct task_struct *task)
{
	clear_tsk_thread_flag(task, TIF_SINGLESTEP);
	task_pt_regs(task)->pstate &= ~PSR_SS_BIT;
}

/* MDSCR_EL1.SS on this CPU, for the task about to run at EL0. */
static void mdscr_set_step(bool step)
{
	u64 mdscr = read_sysreg(mdscr_el1);

	if (!!(mdscr & MDSCR_EL1_SS) == step)
		return;
	if (step)
		mdscr |= MDSCR_EL1_SS;
	else
		mdscr &= ~MDSCR_EL1_SS;
	write_sysreg(mdscr, mdscr_el1);
}

/*
 * Called by __switch_to().  The new value takes effect by the exception
 * return to EL0, a context synchronisation event: no ISB is needed.
 */
void debug_switch_to(struct task_struct *next)
{
	mdscr_set_step(test_tsk_thread_flag(next, TIF_SINGLESTEP));
}

/*
 * Step current itself, from an exception it took at EL0 (the step over
 * a hardware breakpoint, a uprobe's copied instruction): no context
 * switch need come before its return to EL0, so this CPU's MDSCR_EL1.SS
 * is set here, with interrupts masked so that the task's flag and the
 * CPU's register change together.
 */
void user_step_current(bool step)
{
	unsigned long flags;

	local_irq_save(flags);
	if (step)
		user_enable_single_step(current);
	else
		user_disable_single_step(current);
	mdscr_set_step(step);
	local_irq_restore(flags);
}

/* The stepped instruction completed: the pc is the next one. */
void do_el0_softstep(struct pt_regs *regs, unsigned long esr)
{
	if (uprobe_step_handler(regs) || hw_breakpoint_step_done(regs))
		return;
	force_sig_fault(SIGTRAP, TRAP_TRACE,
			(void __user *)instruction_pointer(regs));
}
