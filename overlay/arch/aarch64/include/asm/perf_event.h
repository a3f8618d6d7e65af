/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What perf needs of the architecture beyond the PMU driver
 * (drivers/perf/arm_pmuv3.c, with asm/arm_pmuv3.h): the registers of a
 * software event raised in the kernel, and the BPF view of pt_regs.
 */
#ifndef __ASM_AARCH64_PERF_EVENT_H
#define __ASM_AARCH64_PERF_EVENT_H

#include <asm/current.h>
#include <asm/ptrace.h>

/* BPF programs of perf events see the user_pt_regs at the start. */
#define perf_arch_bpf_user_pt_regs(regs)	(&(regs)->user_regs)

/*
 * A software event (a tracepoint, a context switch) samples the kernel
 * where it was raised: the caller's PC, and x29 and SP of this frame,
 * from which perf_callchain_kernel() walks the frame records.  EL1h
 * makes user_mode() false for it.
 */
#define perf_arch_fetch_caller_regs(regs, __ip) do {			\
	(regs)->pc = (__ip);						\
	(regs)->regs[29] = (unsigned long)__builtin_frame_address(0);	\
	(regs)->sp = current_stack_pointer;				\
	(regs)->pstate = PSR_MODE_EL1h;					\
} while (0)

#endif /* __ASM_AARCH64_PERF_EVENT_H */
