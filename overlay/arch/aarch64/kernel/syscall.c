// SPDX-License-Identifier: GPL-2.0-only
/*
 * System call dispatch from an SVC at EL0: number in x8, arguments in
 * x0-x5 (the arm64 ABI), through the generic syscall entry/exit work
 * (tracing, seccomp, audit, signals, rescheduling).
 */
#include <linux/entry-common.h>
#include <linux/errno.h>
#include <linux/nospec.h>
#include <linux/ptrace.h>
#include <linux/random.h>
#include <linux/randomize_kstack.h>
#include <linux/syscalls.h>
#include <asm/daif.h>
#include <asm/exception.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

static void invoke_syscall(struct pt_regs *regs, long scno)
{
	syscall_fn_t fn;
	long ret;

	if (scno < 0 || scno >= NR_syscalls) {
		ret = -ENOSYS;
	} else {
		fn = sys_call_table[array_index_nospec(scno, NR_syscalls)];
		ret = fn(regs->regs[0], regs->regs[1], regs->regs[2],
			 regs->regs[3], regs->regs[4], regs->regs[5]);
	}
	regs->regs[0] = ret;

	/*
	 * The next call's gap, from the kernel's RNG (only read while the
	 * feature is on): the counter, a cheaper source, is readable at
	 * EL0 too (CNTVCT_EL0), which would help user space guess it.
	 * KSTACK_OFFSET_MAX() keeps 10 bits, and the 16-byte alignment of
	 * SP (AAPCS64) leaves SP[9:4] random.
	 */
	choose_random_kstack_offset(get_random_u16());
}

void noinstr do_el0_svc(struct pt_regs *regs)
{
	/*
	 * The number is the low 32 bits of x8, signed, as arm64 reads it:
	 * the upper half is ignored.
	 */
	int scno = regs->regs[8];

	/* x0 is overwritten by the result; restarts need its entry value. */
	regs->orig_x0 = regs->regs[0];
	regs->syscallno = scno;

	/*
	 * Number -1 is also how a tracer or seccomp asks for the call to be
	 * skipped, with x0 as its result, so the entry work cannot tell a
	 * skip from a task that asked for call -1 itself: give x0 the
	 * result of an unknown call, -ENOSYS, first.  The task then gets
	 * -ENOSYS unless the entry work put another value in x0, as on
	 * arm64.
	 */
	if (scno == -1)
		regs->regs[0] = -ENOSYS;

	/*
	 * syscall_enter_from_user_mode(), inline as the generic one is,
	 * with debug exceptions and SError unmasked (daif.h) before IRQs.
	 */
	enter_from_user_mode(regs);
	daif_unmask_async();
	instrumentation_begin();
	/*
	 * RANDOMIZE_KSTACK_OFFSET: what runs from here, the entry work,
	 * the call and the exit work, starts below a gap of the size
	 * chosen at the end of the previous call, so that one call cannot
	 * predict where another's stack data will be.  Here rather than in
	 * invoke_syscall(), whose alloca() would keep it from being
	 * inlined: a call, a frame and its restore on every system call,
	 * even with the feature off.
	 */
	add_random_kstack_offset();
	local_irq_enable();
	scno = syscall_enter_from_user_mode_work(regs, scno);

	/*
	 * -1 from the entry work means "skip the call" (seccomp, or a
	 * tracer that cancelled it); x0 then holds what they put there.
	 */
	if (scno != -1)
		invoke_syscall(regs, scno);
	instrumentation_end();

	syscall_exit_to_user_mode(regs);
}
