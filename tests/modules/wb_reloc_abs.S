/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wb_reloc_abs.S: absolute symbols (SHN_ABS) for wb_reloc.
 *
 * Relocations with an overflow check on a small value (ABS16, ABS32,
 * MOVW_UABS_G0/G1/G2, MOVW_SABS_G0/G1/G2) cannot take a kernel or module
 * address, which needs 64 bits.  A global absolute symbol defined in this
 * separate object gives them a value the assembler of wb_reloc_asm.S does
 * not know, so it must emit a relocation against the symbol; 'ld -r'
 * keeps it, and the module loader resolves it to the symbol's st_value
 * (simplify_symbols(): SHN_ABS needs nothing).
 */
#include "wb_reloc.h"

	.globl	wb_abs16, wb_abs32, wb_abs48
	.globl	wb_absneg16, wb_absneg32, wb_absneg48
	.set	wb_abs16, WB_ABS16
	.set	wb_abs32, WB_ABS32
	.set	wb_abs48, WB_ABS48
	.set	wb_absneg16, WB_ABSNEG16
	.set	wb_absneg32, WB_ABSNEG32
	.set	wb_absneg48, WB_ABSNEG48
