/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Constants shared by wb_reloc's C (wb_reloc_main.c) and assembly
 * (wb_reloc_asm.S, wb_reloc_abs.S): the values of the absolute symbols,
 * the literals, and what each branch target returns.
 */
#ifndef WB_RELOC_H
#define WB_RELOC_H

/*
 * Values of the absolute symbols wb_abs16... of wb_reloc_abs.S.  They
 * are small enough for the relocations with an overflow check
 * (ABS16/ABS32, MOVW_UABS_G0/G1/G2, MOVW_SABS_G0/G1/G2); a kernel or
 * module address fits none but the 64-bit ones.
 */
#define WB_ABS16	0x1234
#define WB_ABS32	0x89abcdef
#define WB_ABS48	0x123456789abc
#define WB_ABSNEG16	(-0x1234)
#define WB_ABSNEG32	(-0x12345678)
#define WB_ABSNEG48	(-0x123456789abc)

/* Literals loaded by LDR (literal), in .text.wb_far and .text.wb_lo. */
#define WB_FAR_LIT	0x0123456789abcdef
#define WB_LO_LIT	0xfedcba9876543210

/* What the branch targets return (each fits a MOVZ). */
#define WB_RET_FAR_FN	0x7a01
#define WB_RET_LO_FN	0x7a02
#define WB_RET_TBZ	0x7a03
#define WB_RET_TBNZ	0x7a04
#define WB_RET_BCOND	0x7a05
#define WB_RET_BCOND_LO	0x7a06

/* wb_mod_data (.data.wb_target): 32 bytes, byte i is WB_DATA_BYTE0 + i. */
#define WB_DATA_BYTE0	0xa0
#define WB_DATA_SIZE	32

#endif /* WB_RELOC_H */
