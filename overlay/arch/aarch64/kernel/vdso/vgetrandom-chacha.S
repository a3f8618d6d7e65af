/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ChaCha20 block function for the vDSO's getrandom() (RFC 8439, with
 * the 64-bit block counter and zero nonce that lib/vdso/getrandom.c
 * uses), in general-purpose registers only.
 *
 * void __arch_chacha20_blocks_nostack(u8 *dst, const u32 *key,
 *				       u32 *counter, size_t nblocks)
 *
 * Writes nblocks * 64 bytes of key stream to dst and advances the
 * counter by nblocks.  "nostack": the key and the key stream must never
 * reach memory other than dst, where a later fork() or core dump could
 * find them, so the whole state stays in registers; the stack only
 * holds the caller's callee-saved registers that the state needs.
 * The registers that held key material are cleared before returning.
 *
 * A scalar version is one block at a time and slower per byte than
 * four blocks in NEON registers, but it runs on any AArch64 CPU and
 * touches none of the caller's FP/SIMD state, and getrandom() asks for
 * a few blocks at a time.
 */
#include <linux/linkage.h>

	dst	.req	x0
	key	.req	x1
	ctrp	.req	x2
	nblk	.req	x3
	ctr	.req	x21
	rounds	.req	w22
	t0	.req	w23
	t1	.req	w24

/*
 * The sixteen state words x[0..15] live in w4-w17, w19 and w20 (x18 is
 * the platform register, which the vDSO leaves alone).
 */
	.macro	qr, a, b, c, d
	add	\a, \a, \b
	eor	\d, \d, \a
	ror	\d, \d, #16		/* rotate left 16 */
	add	\c, \c, \d
	eor	\b, \b, \c
	ror	\b, \b, #20		/* rotate left 12 */
	add	\a, \a, \b
	eor	\d, \d, \a
	ror	\d, \d, #24		/* rotate left 8 */
	add	\c, \c, \d
	eor	\b, \b, \c
	ror	\b, \b, #25		/* rotate left 7 */
	.endm

	/* "expand 32-byte k", one little-endian word at a time */
	.macro	sigma, reg, idx
	.if \idx == 0
	movz	\reg, #0x7865
	movk	\reg, #0x6170, lsl #16
	.elseif \idx == 1
	movz	\reg, #0x646e
	movk	\reg, #0x3320, lsl #16
	.elseif \idx == 2
	movz	\reg, #0x2d32
	movk	\reg, #0x7962, lsl #16
	.else
	movz	\reg, #0x6574
	movk	\reg, #0x6b20, lsl #16
	.endif
	.endm

	.text
SYM_FUNC_START(__arch_chacha20_blocks_nostack)
	cbz	nblk, .Lout
	stp	x19, x20, [sp, #-48]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	ldr	ctr, [ctrp]

.Lblock:
	sigma	w4, 0
	sigma	w5, 1
	sigma	w6, 2
	sigma	w7, 3
	ldp	w8, w9, [key]
	ldp	w10, w11, [key, #8]
	ldp	w12, w13, [key, #16]
	ldp	w14, w15, [key, #24]
	mov	w16, w21		/* counter, low word */
	lsr	x17, ctr, #32		/* counter, high word */
	mov	w19, wzr		/* nonce */
	mov	w20, wzr
	mov	rounds, #10

.Ldouble_round:
	/* columns */
	qr	w4, w8, w12, w16
	qr	w5, w9, w13, w17
	qr	w6, w10, w14, w19
	qr	w7, w11, w15, w20
	/* diagonals */
	qr	w4, w9, w14, w20
	qr	w5, w10, w15, w16
	qr	w6, w11, w12, w17
	qr	w7, w8, w13, w19
	subs	rounds, rounds, #1
	b.ne	.Ldouble_round

	/* Add the input block back in and store the result. */
	sigma	t0, 0
	add	w4, w4, t0
	sigma	t0, 1
	add	w5, w5, t0
	sigma	t0, 2
	add	w6, w6, t0
	sigma	t0, 3
	add	w7, w7, t0
	ldp	t0, t1, [key]
	add	w8, w8, t0
	add	w9, w9, t1
	ldp	t0, t1, [key, #8]
	add	w10, w10, t0
	add	w11, w11, t1
	ldp	t0, t1, [key, #16]
	add	w12, w12, t0
	add	w13, w13, t1
	ldp	t0, t1, [key, #24]
	add	w14, w14, t0
	add	w15, w15, t1
	add	w16, w16, w21
	lsr	x23, ctr, #32
	add	w17, w17, t0

	stp	w4, w5, [dst], #8
	stp	w6, w7, [dst], #8
	stp	w8, w9, [dst], #8
	stp	w10, w11, [dst], #8
	stp	w12, w13, [dst], #8
	stp	w14, w15, [dst], #8
	stp	w16, w17, [dst], #8
	stp	w19, w20, [dst], #8

	add	ctr, ctr, #1
	subs	nblk, nblk, #1
	b.ne	.Lblock

	str	ctr, [ctrp]

	/* Leave no key stream in the caller-saved registers. */
	mov	x4, xzr
	mov	x5, xzr
	mov	x6, xzr
	mov	x7, xzr
	mov	x8, xzr
	mov	x9, xzr
	mov	x10, xzr
	mov	x11, xzr
	mov	x12, xzr
	mov	x13, xzr
	mov	x14, xzr
	mov	x15, xzr
	mov	x16, xzr
	mov	x17, xzr
	ldp	x23, x24, [sp, #32]
	ldp	x21, x22, [sp, #16]
	ldp	x19, x20, [sp], #48
.Lout:
	ret
SYM_FUNC_END(__arch_chacha20_blocks_nostack)
