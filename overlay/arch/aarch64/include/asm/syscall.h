/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System call register conventions (arm64 ABI): number in x8,
 * arguments in x0-x5, result in x0.  x0 is both the first argument and
 * the result, so its entry value is kept in pt_regs->orig_x0.
 */
#ifndef __ASM_AARCH64_SYSCALL_H
#define __ASM_AARCH64_SYSCALL_H

#include <uapi/linux/audit.h>
#include <linux/compat.h>
#include <linux/err.h>
#include <linux/sched.h>
#include <asm/vdso.h>

typedef long (*syscall_fn_t)(unsigned long, unsigned long, unsigned long,
			     unsigned long, unsigned long, unsigned long);

extern const syscall_fn_t sys_call_table[];

static inline int syscall_get_nr(struct task_struct *task,
				 struct pt_regs *regs)
{
	return regs->syscallno;
}

static inline void syscall_rollback(struct task_struct *task,
				    struct pt_regs *regs)
{
	regs->regs[0] = regs->orig_x0;
}

static inline long syscall_get_return_value(struct task_struct *task,
					    struct pt_regs *regs)
{
	return regs->regs[0];
}

static inline long syscall_get_error(struct task_struct *task,
				     struct pt_regs *regs)
{
	unsigned long error = regs->regs[0];

	return IS_ERR_VALUE(error) ? error : 0;
}

static inline void syscall_set_return_value(struct task_struct *task,
					    struct pt_regs *regs,
					    int error, long val)
{
	regs->regs[0] = error ? (long)error : val;
}

static inline void syscall_get_arguments(struct task_struct *task,
					 struct pt_regs *regs,
					 unsigned long *args)
{
	int i;

	args[0] = regs->orig_x0;
	for (i = 1; i < 6; i++)
		args[i] = regs->regs[i];
}

static inline void syscall_set_arguments(struct task_struct *task,
					 struct pt_regs *regs,
					 const unsigned long *args)
{
	int i;

	regs->orig_x0 = args[0];
	regs->regs[0] = args[0];
	for (i = 1; i < 6; i++)
		regs->regs[i] = args[i];
}

static inline int syscall_get_arch(struct task_struct *task)
{
	return AUDIT_ARCH_AARCH64;
}

/*
 * Syscall user dispatch lets rt_sigreturn through when it comes from
 * the vDSO's trampoline: pc is past its SVC, the second instruction.
 */
static inline bool arch_syscall_is_vdso_sigreturn(struct pt_regs *regs)
{
	unsigned long tramp = vdso_sigreturn_addr(current->mm);

	return tramp && regs->pc == tramp + 8;
}

#endif /* __ASM_AARCH64_SYSCALL_H */
