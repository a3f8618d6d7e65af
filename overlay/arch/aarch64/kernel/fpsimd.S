/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Save and restore of the FP/SIMD register file (V0-V31, FPSR, FPCR)
 * in the layout of struct user_fpsimd_state.  The kernel is built with
 * -mgeneral-regs-only and never touches these registers, so they hold
 * the current task's user values whenever the kernel runs.
 */
#include <linux/linkage.h>
#include <asm/assembler.h>

/* void fpsimd_save_state(struct user_fpsimd_state *state) */
SYM_FUNC_START(fpsimd_save_state)
	stp	q0, q1, [x0, #16 * 0]
	stp	q2, q3, [x0, #16 * 2]
	stp	q4, q5, [x0, #16 * 4]
	stp	q6, q7, [x0, #16 * 6]
	stp	q8, q9, [x0, #16 * 8]
	stp	q10, q11, [x0, #16 * 10]
	stp	q12, q13, [x0, #16 * 12]
	stp	q14, q15, [x0, #16 * 14]
	stp	q16, q17, [x0, #16 * 16]
	stp	q18, q19, [x0, #16 * 18]
	stp	q20, q21, [x0, #16 * 20]
	stp	q22, q23, [x0, #16 * 22]
	stp	q24, q25, [x0, #16 * 24]
	stp	q26, q27, [x0, #16 * 26]
	stp	q28, q29, [x0, #16 * 28]
	stp	q30, q31, [x0, #16 * 30]
	mrs	x8, fpsr
	mrs	x9, fpcr
	add	x0, x0, #16 * 32
	stp	w8, w9, [x0]
	ret
SYM_FUNC_END(fpsimd_save_state)

/* void fpsimd_load_state(const struct user_fpsimd_state *state) */
SYM_FUNC_START(fpsimd_load_state)
	ldp	q0, q1, [x0, #16 * 0]
	ldp	q2, q3, [x0, #16 * 2]
	ldp	q4, q5, [x0, #16 * 4]
	ldp	q6, q7, [x0, #16 * 6]
	ldp	q8, q9, [x0, #16 * 8]
	ldp	q10, q11, [x0, #16 * 10]
	ldp	q12, q13, [x0, #16 * 12]
	ldp	q14, q15, [x0, #16 * 14]
	ldp	q16, q17, [x0, #16 * 16]
	ldp	q18, q19, [x0, #16 * 18]
	ldp	q20, q21, [x0, #16 * 20]
	ldp	q22, q23, [x0, #16 * 22]
	ldp	q24, q25, [x0, #16 * 24]
	ldp	q26, q27, [x0, #16 * 26]
	ldp	q28, q29, [x0, #16 * 28]
	ldp	q30, q31, [x0, #16 * 30]
	add	x0, x0, #16 * 32
	ldp	w8, w9, [x0]
	msr	fpsr, x8
	/* Writing FPCR is slow on some cores: skip it if unchanged. */
	mrs	x10, fpcr
	cmp	x9, x10
	b.eq	1f
	msr	fpcr, x9
1:	ret
SYM_FUNC_END(fpsimd_load_state)
