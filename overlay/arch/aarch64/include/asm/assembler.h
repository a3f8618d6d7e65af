/* SPDX-License-Identifier: GPL-2.0-only */
/* Macros for the port's assembly files. */
#ifndef __ASM_AARCH64_ASSEMBLER_H
#define __ASM_AARCH64_ASSEMBLER_H

#ifndef __ASSEMBLY__
#error only for assembly files
#endif

/*
 * Address of a symbol within +/-4GB of the PC, without a literal pool:
 * works both before the MMU is on (giving the physical address) and
 * after (giving the virtual one).
 */
	.macro	adr_sym, reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, #:lo12:\sym
	.endm

	.macro	ldr_sym, reg, sym, tmp
	adrp	\tmp, \sym
	ldr	\reg, [\tmp, #:lo12:\sym]
	.endm

	.macro	str_sym, reg, sym, tmp
	adrp	\tmp, \sym
	str	\reg, [\tmp, #:lo12:\sym]
	.endm

/* Load a 64-bit constant in four 16-bit pieces (MOVZ + 3 x MOVK). */
	.macro	mov_const, reg, val
	movz	\reg, #:abs_g3:\val
	movk	\reg, #:abs_g2_nc:\val
	movk	\reg, #:abs_g1_nc:\val
	movk	\reg, #:abs_g0_nc:\val
	.endm

/*
 * \reg = the DC ZVA block size in bytes, 4 << DCZID_EL0.BS (at most
 * 2KB), or a branch to \nozva when DCZID_EL0.DZP prohibits DC ZVA
 * (DDI 0487 L.a, "DCZID_EL0").  \tmp is clobbered.
 */
	.macro	zva_block_size, reg, tmp, nozva
	mrs	\tmp, dczid_el0
	tbnz	\tmp, #4, \nozva
	and	\tmp, \tmp, #0xf
	mov	\reg, #4
	lsl	\reg, \reg, \tmp
	.endm

/*
 * Word-at-a-time string scanning (lib/strlen.S, lib/strcmp.S): \syn
 * gets 0x80 in each byte lane of \word that holds a zero byte, computed
 * as (word - 0x01..01) & ~(word | 0x7f..7f), and the flags are set from
 * it (Z: no zero byte).  A lane just above a zero one that holds 0x01
 * is marked too (the subtraction borrows), so only the lowest set bit
 * is exact; the kernel being little-endian, it marks the first zero
 * byte in memory order.  \ones holds 0x0101010101010101; \tmp is
 * clobbered.
 */
	.macro	zero_byte_syndrome, syn, word, ones, tmp
	sub	\syn, \word, \ones
	orr	\tmp, \word, #0x7f7f7f7f7f7f7f7f
	bics	\syn, \syn, \tmp
	.endm

/*
 * \shift gets 8 times the byte lane, 0 to 7, of the lowest set bit of
 * \syn (not 0): the right shift that brings that byte to the bottom.
 */
	.macro	lowest_lane_shift, shift, syn
	rbit	\shift, \syn
	clz	\shift, \shift
	bic	\shift, \shift, #7
	.endm

#endif /* __ASM_AARCH64_ASSEMBLER_H */
