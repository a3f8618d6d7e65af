// SPDX-License-Identifier: GPL-2.0-only
/*
 * Structure offsets and sizes that assembly code needs, generated at
 * build time into <generated/asm-offsets.h>.
 */
#include <linux/arm-smccc.h>
#include <linux/ftrace.h>
#include <linux/kbuild.h>
#include <linux/sched.h>
#include <asm/fixmap.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/smp.h>
#include <asm/thread_info.h>
#include <asm/ucontext.h>
#include <asm/sigcontext.h>

int main(void)
{
	DEFINE(TSK_TI_FLAGS, offsetof(struct task_struct, thread_info.flags));
#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
	DEFINE(TSK_TI_TTBR0, offsetof(struct task_struct, thread_info.ttbr0));
#endif
#ifdef CONFIG_SHADOW_CALL_STACK
	DEFINE(TSK_TI_SCS_SP, offsetof(struct task_struct, thread_info.scs_sp));
#endif
	DEFINE(TSK_STACK, offsetof(struct task_struct, stack));
#ifdef CONFIG_STACKPROTECTOR
	/* The canary GCC reads through SP_EL0 (arch Makefile). */
	DEFINE(TSK_STACK_CANARY, offsetof(struct task_struct, stack_canary));
#endif
	DEFINE(THREAD_CPU_CONTEXT, offsetof(struct task_struct, thread.cpu_context));
	BLANK();
	/* x0..x30: S_REGS + 8 * n */
	DEFINE(S_REGS, offsetof(struct pt_regs, regs));
	DEFINE(S_LR, offsetof(struct pt_regs, regs[30]));
	DEFINE(S_SP, offsetof(struct pt_regs, sp));
	DEFINE(S_PC, offsetof(struct pt_regs, pc));
	DEFINE(S_PSTATE, offsetof(struct pt_regs, pstate));
	DEFINE(S_ORIG_X0, offsetof(struct pt_regs, orig_x0));
	DEFINE(S_SYSCALLNO, offsetof(struct pt_regs, syscallno));
	DEFINE(S_ESR, offsetof(struct pt_regs, esr));
	DEFINE(S_TTBR0_ASID, offsetof(struct pt_regs, ttbr0_asid));
	DEFINE(S_STACKFRAME, offsetof(struct pt_regs, stackframe));
	DEFINE(PT_REGS_SIZE, sizeof(struct pt_regs));
	BLANK();
	DEFINE(CPU_CTX_REGS, offsetof(struct cpu_context, callee_saved));
	DEFINE(CPU_CTX_FP, offsetof(struct cpu_context, fp));
	DEFINE(CPU_CTX_PC, offsetof(struct cpu_context, pc));
	BLANK();
	DEFINE(SECONDARY_TASK, offsetof(struct secondary_data, task));
	DEFINE(SECONDARY_STACK, offsetof(struct secondary_data, stack));
	DEFINE(SECONDARY_PERCPU, offsetof(struct secondary_data, percpu_offset));
	BLANK();
	DEFINE(SMCCC_RES_A0, offsetof(struct arm_smccc_res, a0));
	DEFINE(SMCCC_RES_A2, offsetof(struct arm_smccc_res, a2));
	DEFINE(SMCCC_QUIRK_ID, offsetof(struct arm_smccc_quirk, id));
	DEFINE(SMCCC_QUIRK_STATE, offsetof(struct arm_smccc_quirk, state));
	BLANK();
	/*
	 * For the vDSO's sigreturn unwind information: where the signal
	 * frame (kernel/signal.c: siginfo, then ucontext) keeps the
	 * interrupted registers, from the frame's start and from the
	 * sigcontext; the FPSIMD record comes first in __reserved.
	 */
	DEFINE(SIGFRAME_SC, sizeof(struct siginfo) +
			    offsetof(struct ucontext, uc_mcontext));
	DEFINE(SC_REGS, offsetof(struct sigcontext, regs));
	DEFINE(SC_SP, offsetof(struct sigcontext, sp));
	DEFINE(SC_PC, offsetof(struct sigcontext, pc));
	DEFINE(SC_VREGS, offsetof(struct sigcontext, __reserved) +
			 offsetof(struct fpsimd_context, vregs));
	/* Where head.S finds the debug UART once the MMU is on. */
	DEFINE(EARLY_UART_VIRT, __fix_to_virt(FIX_EARLYCON_MEM_BASE));
#ifdef CONFIG_DYNAMIC_FTRACE
	/* The frame kernel/entry-ftrace.S builds for the tracers. */
	DEFINE(FREGS_X0, offsetof(struct __arch_ftrace_regs, regs[0]));
	DEFINE(FREGS_X2, offsetof(struct __arch_ftrace_regs, regs[2]));
	DEFINE(FREGS_X4, offsetof(struct __arch_ftrace_regs, regs[4]));
	DEFINE(FREGS_X6, offsetof(struct __arch_ftrace_regs, regs[6]));
	DEFINE(FREGS_X8, offsetof(struct __arch_ftrace_regs, regs[8]));
	DEFINE(FREGS_FP, offsetof(struct __arch_ftrace_regs, fp));
	DEFINE(FREGS_LR, offsetof(struct __arch_ftrace_regs, lr));
	DEFINE(FREGS_SP, offsetof(struct __arch_ftrace_regs, sp));
	DEFINE(FREGS_PC, offsetof(struct __arch_ftrace_regs, pc));
	DEFINE(FREGS_SIZE, sizeof(struct __arch_ftrace_regs));
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	DEFINE(FTRACE_OPS_FUNC, offsetof(struct ftrace_ops, func));
#endif
#endif
	return 0;
}
