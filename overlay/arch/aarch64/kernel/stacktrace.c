// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stack unwinding by frame records (x29 chains, AAPCS64 6.2.3).  Every
 * kernel stack ends in the frame record of the task's pt_regs, which is
 * zeroed, so a walk stops at fp == 0.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/debug.h>
#include <linux/sched/task_stack.h>
#include <linux/stacktrace.h>
#include <asm/stacktrace.h>

/* The frame record must lie within the task's stack. */
static bool frame_on_stack(struct task_struct *task, unsigned long fp)
{
	unsigned long low = (unsigned long)task_stack_page(task);
	unsigned long high = low + THREAD_SIZE;

	return fp >= low && fp <= high - sizeof(struct frame_record) &&
	       IS_ALIGNED(fp, 8);
}

static void walk_frames(struct task_struct *task, unsigned long fp,
			unsigned long pc, stack_trace_consume_fn consume,
			void *cookie)
{
	/* pc == 0: start with the caller of the frame at fp. */
	if (pc && !consume(cookie, pc))
		return;

	while (fp && frame_on_stack(task, fp)) {
		const struct frame_record *rec = (void *)fp;
		unsigned long next = READ_ONCE_NOCHECK(rec->fp);

		pc = READ_ONCE_NOCHECK(rec->lr);
		if (!pc || !consume(cookie, pc))
			return;
		/* Frames must move towards the stack's base. */
		if (next && next <= fp)
			return;
		fp = next;
	}
}

noinline notrace void arch_stack_walk(stack_trace_consume_fn consume,
				      void *cookie, struct task_struct *task,
				      struct pt_regs *regs)
{
	if (regs) {
		walk_frames(current, regs->regs[29], regs->pc, consume,
			    cookie);
	} else if (!task || task == current) {
		walk_frames(current, (unsigned long)__builtin_frame_address(0),
			    0, consume, cookie);
	} else {
		/* A sleeping task: start from where cpu_switch_to() saved. */
		walk_frames(task, task->thread.cpu_context.fp,
			    task->thread.cpu_context.pc, consume, cookie);
	}
}

static bool print_entry(void *loglvl, unsigned long pc)
{
	printk("%s %pSb\n", (const char *)loglvl, (void *)pc);
	return true;
}

void dump_backtrace(struct pt_regs *regs, struct task_struct *tsk,
		    const char *loglvl)
{
	if (regs && user_mode(regs))
		return;
	if (!tsk)
		tsk = current;
	if (!try_get_task_stack(tsk))
		return;

	printk("%sCall trace:\n", loglvl);
	arch_stack_walk(print_entry, (void *)loglvl, tsk, regs);
	put_task_stack(tsk);
}

void show_stack(struct task_struct *tsk, unsigned long *sp, const char *loglvl)
{
	dump_backtrace(NULL, tsk, loglvl);
	barrier();
}

static bool find_wchan(void *arg, unsigned long pc)
{
	unsigned long *wchan = arg;

	if (in_sched_functions(pc))
		return true;
	*wchan = pc;
	return false;
}

unsigned long __get_wchan(struct task_struct *p)
{
	unsigned long wchan = 0;

	if (!try_get_task_stack(p))
		return 0;
	arch_stack_walk(find_wchan, &wchan, p, NULL);
	put_task_stack(p);
	return wchan;
}
