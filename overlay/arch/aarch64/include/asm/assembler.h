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

#endif /* __ASM_AARCH64_ASSEMBLER_H */
