/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The register frame the exception entry code saves on the kernel
 * stack.  Its first part is the ABI's struct user_pt_regs, so ptrace
 * and core dumps copy it unchanged.
 */
#ifndef __ASM_AARCH64_PTRACE_H
#define __ASM_AARCH64_PTRACE_H

#include <uapi/asm/ptrace.h>

/* syscallno value of a frame that is not a system call */
#define NO_SYSCALL		(-1)

#ifndef __ASSEMBLY__

#include <linux/types.h>
#include <linux/stddef.h>

struct pt_regs {
	union {
		struct user_pt_regs user_regs;
		struct {
			u64 regs[31];
			u64 sp;
			u64 pc;
			u64 pstate;
		};
	};
	/* x0 as it was at syscall entry, for restarting the call */
	u64 orig_x0;
	s64 syscallno;
	/* ESR_EL1 of the exception that built this frame */
	u64 esr;
	/*
	 * Of a frame built from EL1 under software PAN (asm/pan.h): the
	 * ASID the interrupted code ran with, non-zero when it had a
	 * uaccess window open, which the return reopens.
	 */
	u64 ttbr0_asid;
	/*
	 * A frame record (fp, lr) chaining this frame into the unwinder's
	 * walk; it lives at the end so the C frames below can link to it.
	 */
	u64 stackframe[2];
};

/* SPSR_ELx.SS (bit 21): software step of the next instruction. */
#define PSR_SS_BIT		(1 << 21)

/* Hardware single step for ptrace: kernel/debug.c. */
#define arch_has_single_step()	(1)

#define user_mode(regs)		\
	(((regs)->pstate & PSR_MODE_MASK) == PSR_MODE_EL0t)
#define interrupts_enabled(regs)	(!((regs)->pstate & PSR_I_BIT))
#define regs_irqs_disabled(regs)	(!interrupts_enabled(regs))

#define instruction_pointer(regs)	((unsigned long)(regs)->pc)
#define profile_pc(regs)		instruction_pointer(regs)

static inline void instruction_pointer_set(struct pt_regs *regs,
					   unsigned long val)
{
	regs->pc = val;
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return regs->sp;
}

static inline unsigned long frame_pointer(struct pt_regs *regs)
{
	return regs->regs[29];
}

static inline unsigned long regs_return_value(struct pt_regs *regs)
{
	return regs->regs[0];
}

static inline void regs_set_return_value(struct pt_regs *regs,
					 unsigned long rc)
{
	regs->regs[0] = rc;
}

static inline bool in_syscall(struct pt_regs const *regs)
{
	return regs->syscallno != NO_SYSCALL;
}

static inline void forget_syscall(struct pt_regs *regs)
{
	regs->syscallno = NO_SYSCALL;
}

#define current_pt_regs()	task_pt_regs(current)

#define MAX_REG_OFFSET	offsetof(struct pt_regs, pstate)

static inline unsigned long kernel_stack_pointer(struct pt_regs *regs)
{
	return regs->sp;
}

static inline u64 regs_get_register(struct pt_regs *regs, unsigned int offset)
{
	if (offset > MAX_REG_OFFSET)
		return 0;
	return *(u64 *)((u64)regs + offset);
}

int regs_query_register_offset(const char *name);
unsigned long regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n);

/*
 * The @n-th argument (from 0) of a function, at its entry: AAPCS64
 * passes the first eight integer or pointer arguments in x0-x7.  One
 * passed in two registers (over 8 bytes) shifts those after it, and
 * the ninth and later are on the stack: both read as 0 here.  For
 * kprobe and fprobe events' $argN.
 */
#define AAPCS64_NR_REG_ARGS	8

static inline unsigned long regs_get_kernel_argument(struct pt_regs *regs,
						     unsigned int n)
{
	return n < AAPCS64_NR_REG_ARGS ? regs->regs[n] : 0;
}

struct task_struct;
int valid_user_regs(struct user_pt_regs *regs, struct task_struct *task);
void __show_regs(struct pt_regs *regs);

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_PTRACE_H */
