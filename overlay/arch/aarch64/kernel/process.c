// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tasks: creation (copy_thread), switching (__switch_to), idle, and
 * register dumps.
 */
#include <linux/cpu.h>
#include <linux/elfcore.h>
#include <linux/ftrace.h>
#include <linux/hw_breakpoint.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/nospec.h>
#include <linux/prctl.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/debug.h>
#include <linux/sched/task.h>
#include <linux/sched/task_stack.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/fpsimd.h>
#include <asm/processor.h>
#include <asm/stacktrace.h>
#include <asm/switch_to.h>
#include <asm/traps.h>

/*
 * The task whose pt_regs the next exception from EL0 on this CPU
 * saves: the entry code reloads `current` from here, as SP_EL0 held
 * the user stack pointer.
 */
DEFINE_PER_CPU(struct task_struct *, __entry_task) = &init_task;

#if defined(CONFIG_STACKPROTECTOR) && !defined(CONFIG_STACKPROTECTOR_PER_TASK)
/*
 * A compiler that cannot read the canary through SP_EL0 compares every
 * frame with this one, set once at boot (asm/stackprotector.h).
 */
unsigned long __stack_chk_guard __ro_after_init;
EXPORT_SYMBOL(__stack_chk_guard);
#endif

asmlinkage void ret_from_fork(void);
struct task_struct *cpu_switch_to(struct task_struct *prev,
				  struct task_struct *next);

void arch_cpu_idle(void)
{
	/*
	 * Entered with IRQs masked; WFI still wakes on a pending
	 * interrupt (DDI 0487 L.a, "Wait for Interrupt").  The DSB
	 * completes outstanding memory accesses first.
	 */
	dsb(sy);
	wfi();
}

#ifdef CONFIG_HOTPLUG_CPU
void __noreturn arch_cpu_idle_dead(void)
{
	cpu_die();
}
#endif

/* The parent's FP/SIMD state lives in the registers: store it first. */
int arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	if (current == src)
		fpsimd_save_state(&src->thread.fpsimd_state);
	*dst = *src;
	return 0;
}

int copy_thread(struct task_struct *p, const struct kernel_clone_args *args)
{
	struct pt_regs *childregs = task_pt_regs(p);

	memset(&p->thread.cpu_context, 0, sizeof(p->thread.cpu_context));
	/* The parent's ptrace breakpoints are its own. */
	ptrace_hw_copy_thread(p);

	if (likely(!args->fn)) {
		*childregs = *current_pt_regs();
		/* fork()/clone() return 0 in the child */
		childregs->regs[0] = 0;
		if (args->stack)
			childregs->sp = args->stack;
		p->thread.tp_value = read_sysreg(tpidr_el0);
		if (args->flags & CLONE_SETTLS)
			p->thread.tp_value = args->tls;
	} else {
		/* A kernel thread: ret_from_fork calls fn(fn_arg). */
		memset(childregs, 0, sizeof(*childregs));
		childregs->pstate = PSR_MODE_EL1h;
		p->thread.cpu_context.callee_saved[0] = (unsigned long)args->fn;
		p->thread.cpu_context.callee_saved[1] = (unsigned long)args->fn_arg;
		p->thread.tp_value = 0;
	}
	p->thread.tp2_value = 0;

	/* The child's unwind chain ends at its pt_regs frame record. */
	childregs->stackframe[0] = 0;
	childregs->stackframe[1] = 0;
	p->thread.cpu_context.fp = (unsigned long)&childregs->stackframe;
	p->thread.cpu_context.sp = (unsigned long)childregs;
	p->thread.cpu_context.pc = (unsigned long)ret_from_fork;
	return 0;
}

/*
 * Make @state the current task's FP/SIMD state.  While a task runs, its
 * state is the live registers; thread.fpsimd_state is only the copy
 * __switch_to() (or an explicit fpsimd_save_state() by a reader such as
 * signal delivery or ptrace) makes of them.  Loading the registers is
 * therefore the whole update: a switch before it saves and restores the
 * old registers, which the load then overwrites; a switch after it
 * saves the new ones.  Preemption is off so that no switch splits the
 * load, which would matter to anything that uses the FP/SIMD registers
 * in the kernel meanwhile.  Every writer of current's state goes
 * through here; @state must be a copy the caller staged beforehand (a
 * user copy may fault and sleep, and a switch meanwhile would save the
 * live registers over a half-made update in thread.fpsimd_state).
 */
void fpsimd_update_current_state(const struct user_fpsimd_state *state)
{
	preempt_disable();
	fpsimd_load_state(state);
	preempt_enable();
}

/* execve(): the new program starts with clean FP/SIMD and TLS state. */
void flush_thread(void)
{
	struct user_fpsimd_state clean = {};

	fpsimd_update_current_state(&clean);
	current->thread.tp_value = 0;
	write_sysreg(0, tpidr_el0);
	flush_ptrace_hw_breakpoint(current);
}

static void tls_switch(struct task_struct *prev, struct task_struct *next)
{
	prev->thread.tp_value = read_sysreg(tpidr_el0);
	write_sysreg(next->thread.tp_value, tpidr_el0);
	write_sysreg(next->thread.tp2_value, tpidrro_el0);
}

/*
 * A program that asked for no speculative store bypass until its next
 * execve() (PR_SPEC_DISABLE_NOEXEC) gets the default back.
 */
void arch_setup_new_exec(void)
{
	if (task_spec_ssb_noexec(current))
		arch_prctl_spec_ctrl_set(current, PR_SPEC_STORE_BYPASS,
					 PR_SPEC_ENABLE);
}

/*
 * Not hooked by the graph tracer: the task would return from it only
 * when next scheduled, after every other task's trace on this CPU, and
 * the graph would show all that time as this one call.
 */
__notrace_funcgraph struct task_struct *__switch_to(struct task_struct *prev,
						    struct task_struct *next)
{
	fpsimd_save_state(&prev->thread.fpsimd_state);
	fpsimd_load_state(&next->thread.fpsimd_state);
	tls_switch(prev, next);
	debug_switch_to(next);
	hw_breakpoint_thread_switch(next);
	__this_cpu_write(__entry_task, next);

	/*
	 * Complete TLB and cache maintenance issued by prev before next
	 * (maybe migrated here) can depend on it.
	 */
	dsb(ish);

	return cpu_switch_to(prev, next);
}

void __show_regs(struct pt_regs *regs)
{
	int i;

	show_regs_print_info(KERN_DEFAULT);
	if (user_mode(regs)) {
		pr_info("pc : %016llx\n", regs->pc);
		pr_info("lr : %016llx\n", regs->regs[30]);
	} else {
		pr_info("pc : %pS\n", (void *)regs->pc);
		pr_info("lr : %pS\n", (void *)regs->regs[30]);
	}
	pr_info("sp : %016llx pstate : %08llx\n", regs->sp, regs->pstate);

	for (i = 29; i >= 1; i -= 2)
		pr_info("x%-2d: %016llx x%-2d: %016llx\n",
			i, regs->regs[i], i - 1, regs->regs[i - 1]);
}

void show_regs(struct pt_regs *regs)
{
	__show_regs(regs);
	dump_backtrace(regs, NULL, KERN_DEFAULT);
}
