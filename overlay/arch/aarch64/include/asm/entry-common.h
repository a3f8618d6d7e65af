/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Hooks of the generic entry code (<linux/entry-common.h>).
 */
#ifndef __ASM_AARCH64_ENTRY_COMMON_H
#define __ASM_AARCH64_ENTRY_COMMON_H

#include <linux/ptrace.h>
#include <asm/ptrace.h>
#include <asm/stacktrace.h>
#include <asm/traps.h>

/*
 * The arm64 ABI at a ptrace syscall stop: x7 reads 0 at the entry and
 * 1 at the exit (strace and gdb tell the two apart this way), and the
 * task gets its own x7 back whatever the tracer wrote there.
 */
#define AARCH64_SYSCALL_STOP_REG	7

static __always_inline int syscall_stop_report(struct pt_regs *regs,
					       bool exit, int step)
{
	u64 saved = regs->regs[AARCH64_SYSCALL_STOP_REG];
	int ret = 0;

	regs->regs[AARCH64_SYSCALL_STOP_REG] = exit;
	if (exit)
		ptrace_report_syscall_exit(regs, step);
	else
		ret = ptrace_report_syscall_entry(regs);
	regs->regs[AARCH64_SYSCALL_STOP_REG] = saved;
	return ret;
}

static __always_inline int arch_ptrace_report_syscall_entry(struct pt_regs *regs)
{
	return syscall_stop_report(regs, false, 0);
}
#define arch_ptrace_report_syscall_entry arch_ptrace_report_syscall_entry

static __always_inline void arch_ptrace_report_syscall_exit(struct pt_regs *regs,
							    int step)
{
	syscall_stop_report(regs, true, step);
}
#define arch_ptrace_report_syscall_exit arch_ptrace_report_syscall_exit

/*
 * A task being single-stepped returns to EL0 with MDSCR_EL1.SS set,
 * which an exception from EL1 may have cleared (kernel/debug.c).
 */
static __always_inline void arch_exit_to_user_mode_prepare(struct pt_regs *regs,
							   unsigned long ti_work)
{
	if (unlikely(ti_work & _TIF_SINGLESTEP))
		debug_exit_to_user_step();
}
#define arch_exit_to_user_mode_prepare arch_exit_to_user_mode_prepare

#endif /* __ASM_AARCH64_ENTRY_COMMON_H */
