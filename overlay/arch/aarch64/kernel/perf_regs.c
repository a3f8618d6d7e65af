// SPDX-License-Identifier: GPL-2.0-only
/*
 * The registers of a perf sample (PERF_SAMPLE_REGS_USER/INTR), indexed
 * as <uapi/asm/perf_regs.h> numbers them: x0-x30, SP, PC.  The SVE
 * vector granule (PERF_REG_ARM64_VG) is refused while the kernel does
 * not manage SVE state.  Every task is AArch64, so the ABI is the
 * 64-bit one.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/perf_event.h>
#include <linux/perf_regs.h>
#include <linux/sched/task_stack.h>
#include <asm/perf_regs.h>
#include <asm/ptrace.h>

u64 perf_reg_value(struct pt_regs *regs, int idx)
{
	/* perf_reg_validate() lets only these through. */
	if (WARN_ON_ONCE((u32)idx >= PERF_REG_ARM64_MAX))
		return 0;
	if (idx == PERF_REG_ARM64_SP)
		return regs->sp;
	if (idx == PERF_REG_ARM64_PC)
		return regs->pc;
	return regs->regs[idx];
}

int perf_reg_validate(u64 mask)
{
	if (!mask || (mask & ~GENMASK_ULL(PERF_REG_ARM64_MAX - 1, 0)))
		return -EINVAL;
	return 0;
}

u64 perf_reg_abi(struct task_struct *task)
{
	return PERF_SAMPLE_REGS_ABI_64;
}

/* A task's user registers are the pt_regs at the top of its stack. */
void perf_get_regs_user(struct perf_regs *regs_user, struct pt_regs *regs)
{
	regs_user->regs = task_pt_regs(current);
	regs_user->abi = perf_reg_abi(current);
}
