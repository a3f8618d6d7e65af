/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Encoding the few A64 instructions the kernel writes at run time: the
 * module loader's relocations, PLT veneers, static-branch sites and the
 * function tracer's call sites.
 *
 * Every A64 instruction is 32 bits, little-endian in memory whatever
 * the data endianness (DDI 0487 L.a, "Instruction endianness"), so
 * instructions are handled as __le32 in memory and u32 in registers.
 * Field positions are those of the A64 encoding index of DDI 0487.
 */
#ifndef __ASM_AARCH64_INSN_H
#define __ASM_AARCH64_INSN_H

#include <linux/bits.h>
#include <linux/types.h>
#include <asm/brk-imm.h>

#define AARCH64_INSN_SIZE	4

/* NOP: HINT #0. */
#define AARCH64_INSN_NOP	0xd503201fU
/*
 * BRK #0x800: what a failed encoding returns, so that a bad patch
 * traps where it runs instead of branching somewhere unintended.
 */
#define AARCH64_INSN_BAD	AARCH64_BRK_INSN(BUG_BRK_IMM)

/*
 * Immediate fields an instruction-relative or absolute value may be
 * written into.  Each names the instructions that use it; the field's
 * position and width are in insn.c.
 */
enum aarch64_imm_field {
	AARCH64_IMM_26,		/* B, BL: bits 25:0 */
	AARCH64_IMM_19,		/* B.cond, CBZ/CBNZ, LDR (literal): bits 23:5 */
	AARCH64_IMM_14,		/* TBZ/TBNZ: bits 18:5 */
	AARCH64_IMM_16,		/* MOVZ/MOVN/MOVK: bits 20:5 */
	AARCH64_IMM_12,		/* ADD (imm), LDR/STR (unsigned offset): 21:10 */
	AARCH64_IMM_ADR,	/* ADR, ADRP: immhi 23:5, immlo 30:29 */
};

u32 aarch64_insn_set_imm(enum aarch64_imm_field field, u32 insn, u64 imm);

/*
 * MOVZ and MOVN share an encoding but for opc (bits 30:29): 10 is MOVZ,
 * 00 is MOVN.  The signed MOVW relocations pick one by the sign of the
 * value.
 */
#define AARCH64_INSN_MOV_OPC_Z	BIT(30)

static inline u32 aarch64_insn_movw_set_movz(u32 insn)
{
	return insn | AARCH64_INSN_MOV_OPC_Z;
}

static inline u32 aarch64_insn_movw_set_movn(u32 insn)
{
	return insn & ~AARCH64_INSN_MOV_OPC_Z;
}

/* B (link false) or BL (link true) from pc to target, or AARCH64_INSN_BAD. */
u32 aarch64_insn_branch(unsigned long pc, unsigned long target, bool link);

/* ADRP Xd, target's 4KB page, as executed at pc, or AARCH64_INSN_BAD. */
u32 aarch64_insn_adrp(unsigned long pc, unsigned long target, int rd);

/* LDR Xt, [pc + offset]: a 64-bit load from a word-aligned literal. */
u32 aarch64_insn_ldr_literal(int rt, long offset);

/* BR Xn. */
u32 aarch64_insn_br(int rn);

/* MOV Xd, Xm (ORR Xd, XZR, Xm). */
u32 aarch64_insn_mov_reg(int rd, int rm);

/* X30, the link register of AAPCS64. */
#define AARCH64_REG_LR		30

/* The first register operand (bits 4:0) of an instruction. */
static inline int aarch64_insn_rd(u32 insn)
{
	return insn & 0x1f;
}

/* ADRP: op (bit 31) set, bits 28:24 = 10000. */
static inline bool aarch64_insn_is_adrp(u32 insn)
{
	return (insn & 0x9f000000U) == 0x90000000U;
}

/* Sign-extended span of a PC-relative branch field, in bytes. */
static inline bool aarch64_insn_offset_fits(long offset, int bits)
{
	long half = 1L << (bits - 1);

	return offset >= -half && offset < half;
}

#endif /* __ASM_AARCH64_INSN_H */
