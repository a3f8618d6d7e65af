// SPDX-License-Identifier: GPL-2.0-only
/*
 * A64 instruction encoding for the module loader, its PLT veneers and
 * static branches.  Only what those need: immediates written into an
 * instruction the compiler or assembler already chose, and the handful
 * of instructions the kernel makes itself (B/BL, ADRP, LDR literal,
 * BR).  Encodings: DDI 0487 L.a, "A64 Instruction Set Encoding".
 */
#include <linux/array_size.h>
#include <linux/bug.h>
#include <asm/insn.h>

/* Position and width of each immediate field (enum aarch64_imm_field). */
static const struct {
	u8 shift;
	u8 width;
} imm_fields[] = {
	[AARCH64_IMM_26]	= { 0, 26 },
	[AARCH64_IMM_19]	= { 5, 19 },
	[AARCH64_IMM_14]	= { 5, 14 },
	[AARCH64_IMM_16]	= { 5, 16 },
	[AARCH64_IMM_12]	= { 10, 12 },
};

#define ADR_IMMLO_SHIFT		29
#define ADR_IMMHI_SHIFT		5
#define ADR_IMMHI_WIDTH		19

/*
 * Write the low bits of @imm into @field of @insn, replacing what was
 * there.  Range checks are the caller's: it knows which bits of its
 * value the field must hold.
 */
u32 aarch64_insn_set_imm(enum aarch64_imm_field field, u32 insn, u64 imm)
{
	u32 mask;

	if (field == AARCH64_IMM_ADR) {
		u32 immlo = imm & 3;
		u32 immhi = (imm >> 2) & GENMASK(ADR_IMMHI_WIDTH - 1, 0);

		insn &= ~(GENMASK(30, 29) | GENMASK(23, 5));
		return insn | immlo << ADR_IMMLO_SHIFT | immhi << ADR_IMMHI_SHIFT;
	}

	if (WARN_ON_ONCE(field >= ARRAY_SIZE(imm_fields)))
		return AARCH64_INSN_BAD;

	mask = GENMASK(imm_fields[field].width - 1, 0) << imm_fields[field].shift;
	return (insn & ~mask) | ((u32)(imm << imm_fields[field].shift) & mask);
}

/* B: 0b000101 imm26; BL: 0b100101 imm26.  Offset in words, +/-128MB. */
u32 aarch64_insn_branch(unsigned long pc, unsigned long target, bool link)
{
	long offset = (long)(target - pc);
	u32 insn = link ? 0x94000000U : 0x14000000U;

	if ((offset & 3) || !aarch64_insn_offset_fits(offset, 28))
		return AARCH64_INSN_BAD;
	return aarch64_insn_set_imm(AARCH64_IMM_26, insn, offset >> 2);
}

/* ADRP: 1 immlo 10000 immhi Rd.  Offset in 4KB pages, +/-4GB. */
u32 aarch64_insn_adrp(unsigned long pc, unsigned long target, int rd)
{
	long offset = (long)((target & ~0xfffUL) - (pc & ~0xfffUL));

	if (!aarch64_insn_offset_fits(offset, 33))
		return AARCH64_INSN_BAD;
	return aarch64_insn_set_imm(AARCH64_IMM_ADR, 0x90000000U | rd,
				    offset >> 12);
}

/* LDR (literal), 64-bit: 01 011 0 00 imm19 Rt.  Offset in words, +/-1MB. */
u32 aarch64_insn_ldr_literal(int rt, long offset)
{
	if ((offset & 3) || !aarch64_insn_offset_fits(offset, 21))
		return AARCH64_INSN_BAD;
	return aarch64_insn_set_imm(AARCH64_IMM_19, 0x58000000U | rt,
				    offset >> 2);
}

/* BR: 1101011 0000 11111 000000 Rn 00000. */
u32 aarch64_insn_br(int rn)
{
	return 0xd61f0000U | rn << 5;
}

/* ORR (shifted register), 64-bit: 1 01 01010 00 0 Rm 000000 11111 Rd. */
u32 aarch64_insn_mov_reg(int rd, int rm)
{
	return 0xaa0003e0U | rm << 16 | rd;
}
