/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ChaCha20 block function for the vDSO's getrandom() (RFC 8439, with
 * the 64-bit block counter and zero nonce that lib/vdso/getrandom.c
 * uses), one block at a time in Advanced SIMD registers.
 *
 * void __arch_chacha20_blocks_nostack(u8 *dst, const u32 *key,
 *				       u32 *counter, size_t nblocks)
 *
 * Writes nblocks * 64 bytes of key stream to dst and advances the
 * counter by nblocks.  "nostack": the key and the key stream must never
 * reach memory other than dst, where a later fork() or core dump could
 * find them, so the whole state stays in registers, and those that held
 * it are cleared before returning.  Only caller-saved registers are
 * used (v0-v7 and v16-v31 under the AAPCS64; v8-v15 are left alone), so
 * nothing is saved on the stack either.
 *
 * The 4x4 state is one row of four words per register: v0 the
 * constants, v1 and v2 the key, v3 the counter and nonce.  A column
 * round is one quarter round on the four rows at once; rotating rows 1,
 * 2 and 3 left by one, two and three words lines the diagonals up as
 * columns for the diagonal round, and rotating them back restores the
 * rows.  The rotations of the quarter round: by 16 bits a halfword
 * swap (REV32), by 8 a byte permutation (TBL), by 12 and 7 a shift and
 * a shift-insert.
 *
 * The port requires FP and Advanced SIMD of the CPU (the kernel itself
 * saves and restores the registers on every task switch), so the vDSO
 * needs no check for them.
 */
#include <linux/linkage.h>

	.arch	armv8-a+simd

	ctr_one	.req	v20		/* 1 in the counter's doubleword */
	rot8	.req	v21		/* TBL indices: each word left by 8 */
	tmp	.req	v4

/* One quarter round on each column of v0-v3. */
	.macro	quarter_round
	add	v0.4s, v0.4s, v1.4s
	eor	v3.16b, v3.16b, v0.16b
	rev32	v3.8h, v3.8h			/* rotate left 16 */
	add	v2.4s, v2.4s, v3.4s
	eor	tmp.16b, v1.16b, v2.16b
	shl	v1.4s, tmp.4s, #12
	sri	v1.4s, tmp.4s, #20		/* rotate left 12 */
	add	v0.4s, v0.4s, v1.4s
	eor	v3.16b, v3.16b, v0.16b
	tbl	v3.16b, {v3.16b}, rot8.16b	/* rotate left 8 */
	add	v2.4s, v2.4s, v3.4s
	eor	tmp.16b, v1.16b, v2.16b
	shl	v1.4s, tmp.4s, #7
	sri	v1.4s, tmp.4s, #25		/* rotate left 7 */
	.endm

	.text
SYM_FUNC_START(__arch_chacha20_blocks_nostack)
	cbz	x3, .Lout
	adr	x4, .Lconsts
	ld1	{v16.4s, v17.4s}, [x4]		/* "expand 32-byte k", rot8 */
	mov	rot8.16b, v17.16b
	ld1	{v17.4s, v18.4s}, [x1]		/* the key */
	ldr	d19, [x2]			/* counter; nonce 0 */
	mov	x4, #1
	fmov	d20, x4				/* ctr_one */

.Lblock:
	mov	v0.16b, v16.16b
	mov	v1.16b, v17.16b
	mov	v2.16b, v18.16b
	mov	v3.16b, v19.16b
	mov	w5, #10
.Ldouble_round:
	quarter_round
	ext	v1.16b, v1.16b, v1.16b, #4	/* diagonals as columns */
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #12
	quarter_round
	ext	v1.16b, v1.16b, v1.16b, #12	/* back to rows */
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #4
	subs	w5, w5, #1
	b.ne	.Ldouble_round

	add	v0.4s, v0.4s, v16.4s		/* plus the input block */
	add	v1.4s, v1.4s, v17.4s
	add	v2.4s, v2.4s, v18.4s
	add	v3.4s, v3.4s, v19.4s
	st1	{v0.16b-v3.16b}, [x0], #64
	add	v19.2d, v19.2d, ctr_one.2d
	subs	x3, x3, #1
	b.ne	.Lblock

	str	d19, [x2]

	/* Leave no key or key stream in the registers. */
	movi	v0.16b, #0
	movi	v1.16b, #0
	movi	v2.16b, #0
	movi	v3.16b, #0
	movi	tmp.16b, #0
	movi	v17.16b, #0
	movi	v18.16b, #0
.Lout:
	ret
SYM_FUNC_END(__arch_chacha20_blocks_nostack)

	.balign	16
.Lconsts:
	.word	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
