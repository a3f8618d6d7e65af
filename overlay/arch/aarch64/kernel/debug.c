// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware single step: of user tasks, for PTRACE_SINGLESTEP, uprobes
 * and the step over a user breakpoint; of the kernel, for the step over
 * a kernel breakpoint or watchpoint (hw_breakpoint.c).
 *
 * Software step (DDI 0487 L.a, "Software Step exceptions"): while
 * MDSCR_EL1.SS is 1 and debug exceptions are enabled from the current
 * Exception level, an exception return whose SPSR_EL1.SS is 1 lets the
 * target execute one instruction and then takes a Software Step
 * exception to EL1 (ESR_ELx.EC 0x32 from EL0, 0x33 from EL1).  Debug
 * exceptions are enabled from EL0 whenever MDSCR_EL1.SS allows, and
 * from EL1 only while MDSCR_EL1.KDE is 1 and PSTATE.D is 0: KDE is set
 * while this CPU holds a kernel breakpoint or watchpoint.
 *
 * The step request of a user task is SS in its saved PSTATE, set by
 * ptrace; the hardware clears it once the instruction has completed,
 * including one that ends in an exception such as SVC, so after a
 * system call the step is reported on the way back to EL0.  MDSCR_EL1
 * belongs to the CPU: it follows the running task's TIF_SINGLESTEP at
 * context switch.
 *
 * That leaves MDSCR_EL1.SS set while the kernel runs for a stepping
 * task.  With KDE 1, an exception taken to EL1 clears PSTATE.SS, so
 * the step state machine is active-pending there and a Software Step
 * exception is taken from EL1 as soon as the kernel unmasks PSTATE.D.
 * Rather than clearing MDSCR_EL1.SS on every entry from EL0, the port
 * takes that one exception: it clears MDSCR_EL1.SS, and the return to
 * EL0 of a stepping task sets it again with PSTATE.D masked
 * (debug_exit_to_user_step()), so that the kernel is never stepped.
 */
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <asm/daif.h>
#include <asm/hw_breakpoint.h>
#include <asm/sysreg.h>
#include <asm/traps.h>
#include <asm/uprobes.h>

/*
 * Every change of MDSCR_EL1 on this CPU: called with interrupts masked
 * (or from an exception handler), since the register is read, modified
 * and written.  The change takes effect at the next context
 * synchronisation event; callers that need it earlier than the next
 * exception return add the ISB.
 */
void mdscr_modify(u64 clear, u64 set)
{
	u64 old = read_sysreg(mdscr_el1);
	u64 new = (old & ~clear) | set;

	if (new != old)
		write_sysreg(new, mdscr_el1);
}
NOKPROBE_SYMBOL(mdscr_modify);

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

static void mdscr_set_step(bool step)
{
	if (step)
		mdscr_modify(0, MDSCR_EL1_SS);
	else
		mdscr_modify(MDSCR_EL1_SS, 0);
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

/*
 * The last step to EL0 of a task with TIF_SINGLESTEP, interrupts
 * masked: MDSCR_EL1.SS set again if an exception from EL1 cleared it.
 * PSTATE.D and A are masked first (the exit path masks them anyway
 * before the exception return), so that no Software Step exception can
 * be taken from EL1 between here and the return.
 */
void debug_exit_to_user_step(void)
{
	asm volatile("msr daifset, #" __stringify(DAIFSET_DBG_SERROR)
		     : : : "memory");
	mdscr_set_step(true);
}

/* The stepped instruction completed: the pc is the next one. */
void do_el0_softstep(struct pt_regs *regs, unsigned long esr)
{
	if (uprobe_step_handler(regs) || hw_breakpoint_step_done(regs))
		return;
	force_sig_fault(SIGTRAP, TRAP_TRACE,
			(void __user *)instruction_pointer(regs));
}

/*
 * Step the kernel code of regs over one instruction: called from a
 * debug exception taken from EL1, whose return is the context
 * synchronisation event that makes MDSCR_EL1.SS take effect.
 */
void kernel_step_arm(struct pt_regs *regs)
{
	regs->pstate |= PSR_SS_BIT;
	mdscr_modify(0, MDSCR_EL1_SS);
}
NOKPROBE_SYMBOL(kernel_step_arm);

/*
 * Stop stepping the kernel code of regs, before PSTATE.D is unmasked:
 * the ISB makes the cleared MDSCR_EL1.SS take effect first, so that
 * a step left pending is not taken.
 */
void kernel_step_disarm(struct pt_regs *regs)
{
	regs->pstate &= ~PSR_SS_BIT;
	mdscr_modify(MDSCR_EL1_SS, 0);
	isb();
}
NOKPROBE_SYMBOL(kernel_step_disarm);

/*
 * A Software Step exception from EL1, with every DAIF bit masked.
 * Either a step over a kernel breakpoint or watchpoint ended, or a
 * user task's step was still armed in MDSCR_EL1.SS (see above).  The
 * kernel is stepped no further either way.
 */
void do_el1_softstep(struct pt_regs *regs, unsigned long esr)
{
	hw_breakpoint_kernel_step_done(regs);
	kernel_step_disarm(regs);
}
NOKPROBE_SYMBOL(do_el1_softstep);
