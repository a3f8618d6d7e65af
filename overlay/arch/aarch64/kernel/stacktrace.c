// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stack unwinding by frame records (x29 chains, AAPCS64 6.2.3).  Every
 * task stack ends in the frame record of the task's pt_regs, which is
 * zeroed, so a walk stops at fp == 0.
 *
 * The walk of the running task may start on this CPU's overflow stack
 * (traps.c) or IRQ stack (irq.c) and cross to the stack below it
 * through the frame record call_on_irq_stack() or the exception entry
 * left: overflow -> IRQ -> task.  Within a stack, frame records must
 * move towards its base (higher addresses); a stack, once left, is
 * never entered again, so a corrupt chain cannot loop.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/sched/debug.h>
#include <linux/sched/task_stack.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>
#include <asm/stacktrace.h>

enum { STACK_OVERFLOW, STACK_IRQ, STACK_TASK, NR_STACKS };

struct unwind_state {
	struct stack_range stacks[NR_STACKS];
	int on;			/* the stack the last record was on, or -1 */
	unsigned long fp;	/* the last record */
	struct task_struct *task;
	int graph_idx;		/* ftrace_graph_ret_addr()'s place */
	struct llist_node *kr_cur;	/* kretprobe_find_ret_addr()'s */
};

static void unwind_init(struct unwind_state *st, struct task_struct *task)
{
	unsigned long low = (unsigned long)task_stack_page(task);

	memset(st, 0, sizeof(*st));
	st->on = -1;
	st->task = task;
	st->stacks[STACK_TASK] = (struct stack_range){ low, low + THREAD_SIZE };
	/* A sleeping task's frames are all on its own stack. */
	if (task == current) {
		st->stacks[STACK_IRQ] = stack_range_irq();
		st->stacks[STACK_OVERFLOW] = stack_range_overflow();
	}
}

/* May the record at fp come next?  Then it is where the walk is. */
static bool unwind_next_ok(struct unwind_state *st, unsigned long fp)
{
	int i;

	if (!IS_ALIGNED(fp, 8))
		return false;
	for (i = 0; i < NR_STACKS; i++) {
		if (!stack_range_has(st->stacks[i], fp,
				     sizeof(struct frame_record)))
			continue;
		if (i == st->on)
			return fp > st->fp;
		/* A new stack: the ones the walk has left are closed. */
		if (st->on >= 0)
			st->stacks[st->on].low = 0;
		st->on = i;
		return true;
	}
	return false;
}

/*
 * A return address the graph tracer replaced by return_to_handler
 * (kernel/ftrace.c), or a kretprobe by __kretprobe_trampoline
 * (kernel/probes/kprobes.c), stands for the one it saved: the hooked
 * function's entry recorded its caller's frame pointer, which is the
 * next record of the walk.
 */
static unsigned long unwind_real_pc(struct unwind_state *st,
				    unsigned long pc, unsigned long next_fp)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (pc == (unsigned long)return_to_handler)
		pc = ftrace_graph_ret_addr(st->task, &st->graph_idx, pc,
					   (unsigned long *)next_fp);
#endif
#ifdef CONFIG_KRETPROBES
	if (pc == (unsigned long)__kretprobe_trampoline)
		pc = kretprobe_find_ret_addr(st->task, (void *)next_fp,
					     &st->kr_cur);
#endif
	return pc;
}

static void walk_frames(struct task_struct *task, unsigned long fp,
			unsigned long pc, stack_trace_consume_fn consume,
			void *cookie)
{
	struct unwind_state st;

	unwind_init(&st, task);

	/* pc == 0: start with the caller of the frame at fp. */
	if (pc && !consume(cookie, unwind_real_pc(&st, pc, fp)))
		return;

	while (fp && unwind_next_ok(&st, fp)) {
		const struct frame_record *rec = (void *)fp;
		unsigned long next = READ_ONCE_NOCHECK(rec->fp);

		pc = unwind_real_pc(&st, READ_ONCE_NOCHECK(rec->lr), next);
		if (!pc || !consume(cookie, pc))
			return;
		st.fp = fp;
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

/*
 * Stack traces are taken from kprobe handlers: a probe in the walk would
 * be hit from inside a handler, a reentry that cannot always be recovered.
 */
NOKPROBE_SYMBOL(walk_frames);
NOKPROBE_SYMBOL(arch_stack_walk);

/*
 * A user task's call chain (perf's user call chains): its PC, then the
 * return address of each frame record from x29 on, as AAPCS64 code
 * built with frame pointers leaves them.  The records are read without
 * faulting pages in, as this runs in the PMU interrupt; a record that
 * cannot be read, is misaligned or is not above the one before ends
 * the walk, so a corrupt or cyclic chain cannot keep it going.
 */
void arch_stack_walk_user(stack_trace_consume_fn consume, void *cookie,
			  const struct pt_regs *regs)
{
	unsigned long fp = regs->regs[29];
	struct frame_record rec;

	if (!consume(cookie, regs->pc))
		return;
	while (fp && IS_ALIGNED(fp, 8)) {
		if (copy_from_user_nofault(&rec, (const void __user *)fp,
					   sizeof(rec)))
			return;
		if (!consume(cookie, rec.lr) || rec.fp <= fp)
			return;
		fp = rec.fp;
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
