/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * FP/SIMD register file save/restore (kernel/fpsimd.S).  The state is
 * switched eagerly in __switch_to(); the kernel itself never uses these
 * registers (-mgeneral-regs-only).
 */
#ifndef __ASM_AARCH64_FPSIMD_H
#define __ASM_AARCH64_FPSIMD_H

#include <uapi/asm/ptrace.h>

void fpsimd_save_state(struct user_fpsimd_state *state);
void fpsimd_load_state(const struct user_fpsimd_state *state);

/* Replace the current task's FP/SIMD state: kernel/process.c. */
void fpsimd_update_current_state(const struct user_fpsimd_state *state);

#endif /* __ASM_AARCH64_FPSIMD_H */
