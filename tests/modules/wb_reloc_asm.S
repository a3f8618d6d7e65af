/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wb_reloc_asm.S: the relocation sites of wb_reloc, written by hand so
 * that each relocation type is certain to be in the module (see
 * wb_reloc_main.c for the list and the checks).
 *
 * Every target is a symbol the assembler cannot resolve itself: an
 * exported kernel symbol (jiffies, loops_per_jiffy, empty_zero_page,
 * gcd, int_sqrt), an absolute symbol of wb_reloc_abs.S, or a symbol in
 * another section of this file (.text.wb_lo before the test code,
 * .text.wb_far after it, .data.wb_target, .rodata.wb_ro), so that each
 * site leaves a relocation in the .ko for the module loader to apply.
 *
 * Each test function returns its result in x0 (AAPCS64); the C side
 * compares it with the same symbol's address or value computed by the
 * compiler.  Labels wb_i_* mark instructions whose immediate field the C
 * side also decodes.
 */
#include "wb_reloc.h"

#define FUNC(name)	.globl name; .type name, %function; .balign 4; name:
#define ENDF(name)	.size name, . - name
#define LABEL(name)	.globl name; name:

/* ------------------------------------------------------------------ */
/* Targets placed before the test code (backward branches/offsets).    */

	.section .text.wb_lo, "ax"
	.balign	8
LABEL(wb_lo_lit)
	.quad	WB_LO_LIT

FUNC(wb_lo_fn)
	movz	x0, #WB_RET_LO_FN
	ret
ENDF(wb_lo_fn)

FUNC(wb_lo_tbnz)
	movz	x0, #WB_RET_TBNZ
	ret
ENDF(wb_lo_tbnz)

FUNC(wb_lo_bcond)
	movz	x0, #WB_RET_BCOND_LO
	ret
ENDF(wb_lo_bcond)

/* ------------------------------------------------------------------ */
/* The test code.                                                      */

	.section .text.wb_reloc, "ax"

/* MOVW_UABS_G0 */
FUNC(wb_uabs_g0)
	movz	x0, #:abs_g0:wb_abs16
	ret
ENDF(wb_uabs_g0)

/* MOVW_UABS_G1, MOVW_UABS_G0_NC */
FUNC(wb_uabs_g1)
	movz	x0, #:abs_g1:wb_abs32
	movk	x0, #:abs_g0_nc:wb_abs32
	ret
ENDF(wb_uabs_g1)

/* MOVW_UABS_G2, MOVW_UABS_G1_NC, MOVW_UABS_G0_NC */
FUNC(wb_uabs_g2)
	movz	x0, #:abs_g2:wb_abs48
	movk	x0, #:abs_g1_nc:wb_abs48
	movk	x0, #:abs_g0_nc:wb_abs48
	ret
ENDF(wb_uabs_g2)

/* MOVW_UABS_G3, G2_NC, G1_NC, G0_NC: a kernel data address */
FUNC(wb_uabs_g3_kdata)
	movz	x0, #:abs_g3:jiffies
	movk	x0, #:abs_g2_nc:jiffies
	movk	x0, #:abs_g1_nc:jiffies
	movk	x0, #:abs_g0_nc:jiffies
	ret
ENDF(wb_uabs_g3_kdata)

/* the same for module rodata, with an addend */
FUNC(wb_uabs_g3_mod)
	movz	x0, #:abs_g3:wb_ro_data+8
	movk	x0, #:abs_g2_nc:wb_ro_data+8
	movk	x0, #:abs_g1_nc:wb_ro_data+8
	movk	x0, #:abs_g0_nc:wb_ro_data+8
	ret
ENDF(wb_uabs_g3_mod)

/* MOVW_SABS_G0, negative: the loader must turn this MOVZ into a MOVN */
FUNC(wb_sabs_g0_neg)
	movz	x0, #:abs_g0_s:wb_absneg16
	ret
ENDF(wb_sabs_g0_neg)

/* MOVW_SABS_G0, positive: the loader must turn this MOVN into a MOVZ */
FUNC(wb_sabs_g0_pos)
	movn	x0, #:abs_g0_s:wb_abs16
	ret
ENDF(wb_sabs_g0_pos)

/* MOVW_SABS_G1 (negative), MOVW_UABS_G0_NC */
FUNC(wb_sabs_g1)
	movz	x0, #:abs_g1_s:wb_absneg32
	movk	x0, #:abs_g0_nc:wb_absneg32
	ret
ENDF(wb_sabs_g1)

/* MOVW_SABS_G2 (negative), G1_NC, G0_NC */
FUNC(wb_sabs_g2_abs)
	movz	x0, #:abs_g2_s:wb_absneg48
	movk	x0, #:abs_g1_nc:wb_absneg48
	movk	x0, #:abs_g0_nc:wb_absneg48
	ret
ENDF(wb_sabs_g2_abs)

/* MOVW_SABS_G2 on a kernel text address (negative, within 48 bits) */
FUNC(wb_sabs_g2_kfunc)
	movz	x0, #:abs_g2_s:int_sqrt
	movk	x0, #:abs_g1_nc:int_sqrt
	movk	x0, #:abs_g0_nc:int_sqrt
	ret
ENDF(wb_sabs_g2_kfunc)

/*
 * MOVW_PREL_*: S + A - P, where each instruction is its own P.  The
 * addends (+4 per instruction) make all of them compute S - P of the
 * first instruction, which ADR then adds back.
 */

/* MOVW_PREL_G3, G2_NC, G1_NC, G0_NC: module data */
FUNC(wb_prel_g3_mod)
1:	movz	x0, #:prel_g3:wb_mod_data
	movk	x0, #:prel_g2_nc:wb_mod_data+4
	movk	x0, #:prel_g1_nc:wb_mod_data+8
	movk	x0, #:prel_g0_nc:wb_mod_data+12
	adr	x1, 1b
	add	x0, x0, x1
	ret
ENDF(wb_prel_g3_mod)

/* the same for kernel data */
FUNC(wb_prel_g3_kdata)
1:	movz	x0, #:prel_g3:jiffies
	movk	x0, #:prel_g2_nc:jiffies+4
	movk	x0, #:prel_g1_nc:jiffies+8
	movk	x0, #:prel_g0_nc:jiffies+12
	adr	x1, 1b
	add	x0, x0, x1
	ret
ENDF(wb_prel_g3_kdata)

/* MOVW_PREL_G2 (signed), G1_NC, G0_NC: a kernel function */
FUNC(wb_prel_g2_kfunc)
1:	movz	x0, #:prel_g2:gcd
	movk	x0, #:prel_g1_nc:gcd+4
	movk	x0, #:prel_g0_nc:gcd+8
	adr	x1, 1b
	add	x0, x0, x1
	ret
ENDF(wb_prel_g2_kfunc)

/* MOVW_PREL_G1 (signed), G0_NC: kernel data, within +-2GB of modules */
FUNC(wb_prel_g1_kdata)
1:	movz	x0, #:prel_g1:loops_per_jiffy
	movk	x0, #:prel_g0_nc:loops_per_jiffy+4
	adr	x1, 1b
	add	x0, x0, x1
	ret
ENDF(wb_prel_g1_kdata)

/* MOVW_PREL_G0 (signed, +-64KB): forward, to .text.wb_far */
FUNC(wb_prel_g0_fwd)
1:	movz	x0, #:prel_g0:wb_far_lit
	adr	x1, 1b
	add	x0, x0, x1
	ret
ENDF(wb_prel_g0_fwd)

/* MOVW_PREL_G0 backward, to .text.wb_lo (negative: MOVN) */
FUNC(wb_prel_g0_back)
1:	movz	x0, #:prel_g0:wb_lo_lit
	adr	x1, 1b
	add	x0, x0, x1
	ret
ENDF(wb_prel_g0_back)

/* ADR_PREL_PG_HI21, ADD_ABS_LO12_NC: kernel data */
FUNC(wb_adrp_kdata)
	adrp	x0, jiffies
	add	x0, x0, :lo12:jiffies
	ret
ENDF(wb_adrp_kdata)

/* the same for a kernel function */
FUNC(wb_adrp_kfunc)
	adrp	x0, gcd
	add	x0, x0, :lo12:gcd
	ret
ENDF(wb_adrp_kfunc)

/* ADR_PREL_PG_HI21_NC, ADD_ABS_LO12_NC: module data with an addend */
FUNC(wb_adrp_nc_mod)
	adrp	x0, :pg_hi21_nc:wb_mod_data+20
	add	x0, x0, :lo12:wb_mod_data+20
	ret
ENDF(wb_adrp_nc_mod)

/* ADR_PREL_LO21 (+-1MB): forward and backward into other text sections */
FUNC(wb_adr_far)
	adr	x0, wb_far_lit
	ret
ENDF(wb_adr_far)

FUNC(wb_adr_lo)
	adr	x0, wb_lo_lit
	ret
ENDF(wb_adr_lo)

/* LDST{8,16,32,64}_ABS_LO12_NC (with ADRP): module data */
FUNC(wb_ldst8_mod)
	adrp	x1, wb_mod_data+3
LABEL(wb_i_ldst8_mod)
	ldrb	w0, [x1, :lo12:wb_mod_data+3]
	ret
ENDF(wb_ldst8_mod)

FUNC(wb_ldst16_mod)
	adrp	x1, wb_mod_data+6
LABEL(wb_i_ldst16_mod)
	ldrh	w0, [x1, :lo12:wb_mod_data+6]
	ret
ENDF(wb_ldst16_mod)

FUNC(wb_ldst32_mod)
	adrp	x1, wb_mod_data+12
LABEL(wb_i_ldst32_mod)
	ldr	w0, [x1, :lo12:wb_mod_data+12]
	ret
ENDF(wb_ldst32_mod)

FUNC(wb_ldst64_mod)
	adrp	x1, wb_mod_data+24
LABEL(wb_i_ldst64_mod)
	ldr	x0, [x1, :lo12:wb_mod_data+24]
	ret
ENDF(wb_ldst64_mod)

/* and kernel data: the bytes of loops_per_jiffy (8-byte aligned) */
FUNC(wb_ldst8_kdata)
	adrp	x1, loops_per_jiffy+1
LABEL(wb_i_ldst8_kdata)
	ldrb	w0, [x1, :lo12:loops_per_jiffy+1]
	ret
ENDF(wb_ldst8_kdata)

FUNC(wb_ldst16_kdata)
	adrp	x1, loops_per_jiffy+2
LABEL(wb_i_ldst16_kdata)
	ldrh	w0, [x1, :lo12:loops_per_jiffy+2]
	ret
ENDF(wb_ldst16_kdata)

FUNC(wb_ldst32_kdata)
	adrp	x1, loops_per_jiffy+4
LABEL(wb_i_ldst32_kdata)
	ldr	w0, [x1, :lo12:loops_per_jiffy+4]
	ret
ENDF(wb_ldst32_kdata)

FUNC(wb_ldst64_kdata)
	adrp	x1, loops_per_jiffy
LABEL(wb_i_ldst64_kdata)
	ldr	x0, [x1, :lo12:loops_per_jiffy]
	ret
ENDF(wb_ldst64_kdata)

/*
 * LDST128_ABS_LO12_NC: only LDR/STR of a Q register take it.  void
 * fn(u64 out[2]) stores the 16 bytes loaded; q0 (which holds some
 * task's user state) is saved and restored around the load, and the
 * caller keeps interrupts off meanwhile.
 */
FUNC(wb_ldst128_mod)
	str	q0, [sp, #-16]!
	adrp	x1, wb_mod_data+16
LABEL(wb_i_ldst128_mod)
	ldr	q0, [x1, :lo12:wb_mod_data+16]
	str	q0, [x0]
	ldr	q0, [sp], #16
	ret
ENDF(wb_ldst128_mod)

/* kernel data: 16 bytes of the (page-aligned) zero page */
FUNC(wb_ldst128_kdata)
	str	q0, [sp, #-16]!
	adrp	x1, empty_zero_page+32
LABEL(wb_i_ldst128_kdata)
	ldr	q0, [x1, :lo12:empty_zero_page+32]
	str	q0, [x0]
	ldr	q0, [sp], #16
	ret
ENDF(wb_ldst128_kdata)

/* LD_PREL_LO19: LDR (literal) from other text sections */
FUNC(wb_ldlit_far)
	ldr	x0, wb_far_lit
	ret
ENDF(wb_ldlit_far)

FUNC(wb_ldlit_lo)
	ldr	x0, wb_lo_lit
	ret
ENDF(wb_ldlit_lo)

/* TSTBR14: TBZ forward (x0 bit 5 clear: taken), TBNZ backward (set) */
FUNC(wb_tbz_far)
	tbz	x0, #5, wb_far_tbz
	mov	x0, #0
	ret
ENDF(wb_tbz_far)

FUNC(wb_tbnz_lo)
	tbnz	x0, #5, wb_lo_tbnz
	mov	x0, #0
	ret
ENDF(wb_tbnz_lo)

/* CONDBR19: B.EQ forward (taken when x0 == 42), B.NE backward (x0 != 42) */
FUNC(wb_bcond_far)
	cmp	x0, #42
	b.eq	wb_far_bcond
	mov	x0, #0
	ret
ENDF(wb_bcond_far)

FUNC(wb_bcond_lo)
	cmp	x0, #42
	b.ne	wb_lo_bcond
	mov	x0, #0
	ret
ENDF(wb_bcond_lo)

/* JUMP26: tail calls, into the module's other sections and the kernel */
FUNC(wb_jump_far)
LABEL(wb_i_jump_far)
	b	wb_far_fn
ENDF(wb_jump_far)

FUNC(wb_jump_lo)
LABEL(wb_i_jump_lo)
	b	wb_lo_fn
ENDF(wb_jump_lo)

/* unsigned long wb_jump_kfunc(unsigned long x): int_sqrt(x) */
FUNC(wb_jump_kfunc)
LABEL(wb_i_jump_kfunc)
	b	int_sqrt
ENDF(wb_jump_kfunc)

/* CALL26: calls, likewise */
FUNC(wb_call_far)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
LABEL(wb_i_call_far)
	bl	wb_far_fn
	ldp	x29, x30, [sp], #16
	ret
ENDF(wb_call_far)

FUNC(wb_call_lo)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
LABEL(wb_i_call_lo)
	bl	wb_lo_fn
	ldp	x29, x30, [sp], #16
	ret
ENDF(wb_call_lo)

/* unsigned long wb_call_kfunc(a, b): gcd(a, b) + 1 (so not a tail call) */
FUNC(wb_call_kfunc)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
LABEL(wb_i_call_kfunc)
	bl	gcd
	add	x0, x0, #1
	ldp	x29, x30, [sp], #16
	ret
ENDF(wb_call_kfunc)

/* ------------------------------------------------------------------ */
/* Targets placed after the test code (forward branches/offsets).      */

	.section .text.wb_far, "ax"
	.balign	8
LABEL(wb_far_lit)
	.quad	WB_FAR_LIT

FUNC(wb_far_fn)
	movz	x0, #WB_RET_FAR_FN
	ret
ENDF(wb_far_fn)

FUNC(wb_far_tbz)
	movz	x0, #WB_RET_TBZ
	ret
ENDF(wb_far_tbz)

FUNC(wb_far_bcond)
	movz	x0, #WB_RET_BCOND
	ret
ENDF(wb_far_bcond)

/* ------------------------------------------------------------------ */
/* Data relocations: ABS64/32/16 and PREL64/32/16.                     */

	.section .data.wb_tab, "aw"
	.balign	8
LABEL(wb_d_abs64_mod)
	.quad	wb_mod_data + 8
LABEL(wb_d_abs64_ro)
	.quad	wb_ro_data
LABEL(wb_d_abs64_kdata)
	.quad	jiffies
LABEL(wb_d_abs64_kfunc)
	.quad	gcd
LABEL(wb_d_abs64_text)
	.quad	wb_far_fn
LABEL(wb_d_prel64_mod)
	.quad	wb_mod_data - .
LABEL(wb_d_prel64_kdata)
	.quad	loops_per_jiffy - .
LABEL(wb_d_prel64_kfunc)
	.quad	int_sqrt - .
LABEL(wb_d_abs32)
	.word	wb_abs32
LABEL(wb_d_abs32_add)
	.word	wb_abs16 + 0x70000000
LABEL(wb_d_prel32_mod)
	.word	wb_mod_data + 4 - .
LABEL(wb_d_prel32_ro)
	.word	wb_ro_data - .
LABEL(wb_d_prel32_text)
	.word	wb_far_fn - .
LABEL(wb_d_prel32_kdata)
	.word	jiffies - .
LABEL(wb_d_prel32_kfunc)
	.word	gcd - .
LABEL(wb_d_abs16)
	.hword	wb_abs16
LABEL(wb_d_abs16_add)
	.hword	wb_abs16 + 0x8000
LABEL(wb_d_prel16_mod)
	.hword	wb_mod_data + 2 - .

/* Module data targets: byte i of wb_mod_data is WB_DATA_BYTE0 + i. */
	.section .data.wb_target, "aw"
	.balign	16
LABEL(wb_mod_data)
	.irp	i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.byte	WB_DATA_BYTE0 + \i
	.endr
	.size	wb_mod_data, WB_DATA_SIZE

	.section .rodata.wb_ro, "a"
	.balign	16
LABEL(wb_ro_data)
	.quad	0x1111111111111111, 0x2222222222222222
	.size	wb_ro_data, 16
