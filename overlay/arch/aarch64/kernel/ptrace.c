// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptrace and core dump register sets, in the arm64 ABI's layouts:
 * NT_PRSTATUS (struct user_pt_regs), NT_PRFPREG (struct
 * user_fpsimd_state) and NT_ARM_TLS (TPIDR_EL0).
 */
#include <linux/elf.h>
#include <linux/kernel.h>
#include <linux/ptrace.h>
#include <linux/regset.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/stddef.h>
#include <linux/uaccess.h>
#include <asm/fpsimd.h>
#include <asm/ptrace.h>

/*
 * PSTATE bits a 64-bit task can change itself (NZCV, and DIT and SSBS
 * with MSR): rt_sigreturn and ptrace may set them.
 */
#define PSR_USER_WRITABLE	(PSR_N_BIT | PSR_Z_BIT | PSR_C_BIT | \
				 PSR_V_BIT | PSR_DIT_BIT | PSR_SSBS_BIT)

/* Bits whose presence makes a PSTATE unacceptable for a 64-bit task. */
#define PSR_USER_FORBIDDEN	(PSR_MODE_MASK | PSR_MODE32_BIT | PSR_D_BIT | \
				 PSR_A_BIT | PSR_I_BIT | PSR_F_BIT)

/*
 * Check a PSTATE that rt_sigreturn or ptrace is about to restore.  A
 * mode other than AArch64 EL0t, or any of D, A, I, F set, is refused
 * (0: rt_sigreturn raises SIGSEGV, ptrace fails with EINVAL); either
 * way the value is forced to EL0t with exceptions unmasked, so a
 * caller that ignored the verdict still could not return to EL1.  The
 * kernel's own bits (IL, SS, PAN, ...) are dropped silently; SS then
 * follows the task's single-step state.
 */
int valid_user_regs(struct user_pt_regs *regs, struct task_struct *task)
{
	bool ok = !(regs->pstate & PSR_USER_FORBIDDEN);

	regs->pstate &= PSR_USER_WRITABLE;
	if (test_tsk_thread_flag(task, TIF_SINGLESTEP))
		regs->pstate |= PSR_SS_BIT;
	return ok;
}

/* The live FP/SIMD registers belong to current: save them first. */
static void fpsimd_sync_to_thread(struct task_struct *target)
{
	if (target == current)
		fpsimd_save_state(&target->thread.fpsimd_state);
}

static int gpr_get(struct task_struct *target,
		   const struct user_regset *regset, struct membuf to)
{
	return membuf_write(&to, &task_pt_regs(target)->user_regs,
			    sizeof(struct user_pt_regs));
}

static int gpr_set(struct task_struct *target,
		   const struct user_regset *regset, unsigned int pos,
		   unsigned int count, const void *kbuf, const void __user *ubuf)
{
	struct user_pt_regs newregs = task_pt_regs(target)->user_regs;
	int ret;

	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &newregs, 0, -1);
	if (ret)
		return ret;
	if (!valid_user_regs(&newregs, target))
		return -EINVAL;
	task_pt_regs(target)->user_regs = newregs;
	return 0;
}

static int fpr_get(struct task_struct *target,
		   const struct user_regset *regset, struct membuf to)
{
	fpsimd_sync_to_thread(target);
	return membuf_write(&to, &target->thread.fpsimd_state,
			    sizeof(struct user_fpsimd_state));
}

static int fpr_set(struct task_struct *target,
		   const struct user_regset *regset, unsigned int pos,
		   unsigned int count, const void *kbuf, const void __user *ubuf)
{
	struct user_fpsimd_state state;
	int ret;

	fpsimd_sync_to_thread(target);
	state = target->thread.fpsimd_state;
	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &state, 0, -1);
	if (ret)
		return ret;
	if (target == current)
		fpsimd_update_current_state(&state);
	else
		target->thread.fpsimd_state = state;
	return 0;
}

static int tls_get(struct task_struct *target,
		   const struct user_regset *regset, struct membuf to)
{
	unsigned long tls = target == current ? read_sysreg(tpidr_el0)
					      : target->thread.tp_value;

	return membuf_store(&to, tls);
}

static int tls_set(struct task_struct *target,
		   const struct user_regset *regset, unsigned int pos,
		   unsigned int count, const void *kbuf, const void __user *ubuf)
{
	unsigned long tls = target->thread.tp_value;
	int ret;

	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &tls, 0, -1);
	if (ret)
		return ret;
	target->thread.tp_value = tls;
	if (target == current)
		write_sysreg(tls, tpidr_el0);
	return 0;
}

/*
 * NT_ARM_SYSTEM_CALL: the number of the system call the task is in, as
 * an int.  A tracer changes it at the entry stop to run another call,
 * or sets -1 to skip the call (x0 is then the result it leaves).
 */
static int syscallno_get(struct task_struct *target,
			 const struct user_regset *regset, struct membuf to)
{
	return membuf_store(&to, (int)task_pt_regs(target)->syscallno);
}

static int syscallno_set(struct task_struct *target,
			 const struct user_regset *regset, unsigned int pos,
			 unsigned int count, const void *kbuf,
			 const void __user *ubuf)
{
	int nr = task_pt_regs(target)->syscallno;
	int ret;

	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &nr, 0, -1);
	if (ret)
		return ret;
	task_pt_regs(target)->syscallno = nr;
	return 0;
}

enum aarch64_regset { REGSET_GPR, REGSET_FPR, REGSET_TLS, REGSET_SYSCALL };

static const struct user_regset aarch64_regsets[] = {
	[REGSET_GPR] = {
		.core_note_type	= NT_PRSTATUS,
		.n		= sizeof(struct user_pt_regs) / sizeof(u64),
		.size		= sizeof(u64),
		.align		= sizeof(u64),
		.regset_get	= gpr_get,
		.set		= gpr_set,
	},
	[REGSET_FPR] = {
		.core_note_type	= NT_PRFPREG,
		.n		= sizeof(struct user_fpsimd_state) / sizeof(u32),
		/* FPSR and FPCR are 32 bits: count in words */
		.size		= sizeof(u32),
		.align		= sizeof(u32),
		.regset_get	= fpr_get,
		.set		= fpr_set,
	},
	[REGSET_TLS] = {
		.core_note_type	= NT_ARM_TLS,
		.n		= 1,
		.size		= sizeof(u64),
		.align		= sizeof(u64),
		.regset_get	= tls_get,
		.set		= tls_set,
	},
	[REGSET_SYSCALL] = {
		.core_note_type	= NT_ARM_SYSTEM_CALL,
		.n		= 1,
		.size		= sizeof(int),
		.align		= sizeof(int),
		.regset_get	= syscallno_get,
		.set		= syscallno_set,
	},
};

static const struct user_regset_view user_aarch64_view = {
	.name		= "aarch64",
	.e_machine	= EM_AARCH64,
	.regsets	= aarch64_regsets,
	.n		= ARRAY_SIZE(aarch64_regsets),
};

const struct user_regset_view *task_user_regset_view(struct task_struct *task)
{
	return &user_aarch64_view;
}

void ptrace_disable(struct task_struct *child)
{
	user_disable_single_step(child);
}

long arch_ptrace(struct task_struct *child, long request,
		 unsigned long addr, unsigned long data)
{
	return ptrace_request(child, request, addr, data);
}

/* HAVE_REGS_AND_STACK_ACCESS_API, for probes and rseq users. */

#define REG_OFFSET(r)	{ .name = #r, .offset = offsetof(struct pt_regs, r) }
#define GPR_OFFSET(n)	{ .name = "x" #n, \
			  .offset = offsetof(struct pt_regs, regs[n]) }

struct pt_regs_offset {
	const char *name;
	int offset;
};

static const struct pt_regs_offset regoffset_table[] = {
	GPR_OFFSET(0), GPR_OFFSET(1), GPR_OFFSET(2), GPR_OFFSET(3),
	GPR_OFFSET(4), GPR_OFFSET(5), GPR_OFFSET(6), GPR_OFFSET(7),
	GPR_OFFSET(8), GPR_OFFSET(9), GPR_OFFSET(10), GPR_OFFSET(11),
	GPR_OFFSET(12), GPR_OFFSET(13), GPR_OFFSET(14), GPR_OFFSET(15),
	GPR_OFFSET(16), GPR_OFFSET(17), GPR_OFFSET(18), GPR_OFFSET(19),
	GPR_OFFSET(20), GPR_OFFSET(21), GPR_OFFSET(22), GPR_OFFSET(23),
	GPR_OFFSET(24), GPR_OFFSET(25), GPR_OFFSET(26), GPR_OFFSET(27),
	GPR_OFFSET(28),
	{ .name = "fp", .offset = offsetof(struct pt_regs, regs[29]) },
	{ .name = "lr", .offset = offsetof(struct pt_regs, regs[30]) },
	REG_OFFSET(sp),
	REG_OFFSET(pc),
	REG_OFFSET(pstate),
	{ .name = NULL, .offset = 0 }
};

int regs_query_register_offset(const char *name)
{
	const struct pt_regs_offset *roff;

	for (roff = regoffset_table; roff->name; roff++)
		if (!strcmp(roff->name, name))
			return roff->offset;
	return -EINVAL;
}

static bool regs_within_kernel_stack(struct pt_regs *regs, unsigned long addr)
{
	unsigned long base = (unsigned long)task_stack_page(current);

	return addr >= base && addr < base + THREAD_SIZE;
}

unsigned long regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n)
{
	unsigned long *addr = (unsigned long *)kernel_stack_pointer(regs);

	addr += n;
	if (regs_within_kernel_stack(regs, (unsigned long)addr))
		return READ_ONCE_NOCHECK(*addr);
	return 0;
}
