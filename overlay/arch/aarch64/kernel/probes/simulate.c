// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulating the probed instructions that cannot run from a copy:
 * each does to pt_regs what the instruction would have done at its own
 * address, and leaves regs->pc at the next instruction to run.  The
 * semantics are the A64 instruction descriptions of DDI 0487 L.a.
 *
 * Register number 31 is XZR for all these instructions: it reads as
 * zero and a write to it is discarded (and pt_regs has no regs[31]).
 * The LDR (literal) and MRS DAIF forms are only decoded for kprobes,
 * so their loads read kernel memory.
 */
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <asm/daif.h>
#include <asm/insn.h>

#include "simulate.h"

#define INSN_RT		GENMASK(4, 0)
#define INSN_RN		GENMASK(9, 5)
#define INSN_SF		BIT(31)		/* 64-bit register operand */

static u64 get_x(struct pt_regs *regs, unsigned int r)
{
	return r == 31 ? 0 : regs->regs[r];
}

static void set_x(struct pt_regs *regs, unsigned int r, u64 val)
{
	if (r != 31)
		regs->regs[r] = val;
}

/* Branch offsets: a signed word count, in bytes. */
static long word_offset(u32 insn, unsigned int lsb, unsigned int width)
{
	return sign_extend64((insn >> lsb) & GENMASK(width - 1, 0),
			     width - 1) * AARCH64_INSN_SIZE;
}

static void branch(struct pt_regs *regs, unsigned long pc, bool taken,
		   long offset)
{
	instruction_pointer_set(regs, taken ? pc + offset
					    : pc + AARCH64_INSN_SIZE);
}

void __kprobes simulate_nop(u32 insn, unsigned long pc, struct pt_regs *regs)
{
	instruction_pointer_set(regs, pc + AARCH64_INSN_SIZE);
}

/* B, BL: imm26; BL (bit 31) writes the return address to X30. */
void __kprobes simulate_b_bl(u32 insn, unsigned long pc, struct pt_regs *regs)
{
	if (insn & BIT(31))
		set_x(regs, 30, pc + AARCH64_INSN_SIZE);
	branch(regs, pc, true, word_offset(insn, 0, 26));
}

/*
 * ConditionHolds(): bits 3:1 choose the test, bit 0 inverts it, except
 * for 1111, which like 1110 is "always".
 */
static bool condition_holds(unsigned int cond, u64 pstate)
{
	bool n = pstate & PSR_N_BIT, z = pstate & PSR_Z_BIT;
	bool c = pstate & PSR_C_BIT, v = pstate & PSR_V_BIT;
	bool holds;

	switch (cond >> 1) {
	case 0:
		holds = z;			/* EQ */
		break;
	case 1:
		holds = c;			/* CS */
		break;
	case 2:
		holds = n;			/* MI */
		break;
	case 3:
		holds = v;			/* VS */
		break;
	case 4:
		holds = c && !z;		/* HI */
		break;
	case 5:
		holds = n == v;			/* GE */
		break;
	case 6:
		holds = n == v && !z;		/* GT */
		break;
	default:
		return true;			/* AL, NV */
	}
	return (cond & 1) ? !holds : holds;
}

/* B.cond: imm19, cond in bits 3:0. */
void __kprobes simulate_b_cond(u32 insn, unsigned long pc,
			       struct pt_regs *regs)
{
	branch(regs, pc, condition_holds(insn & 0xf, regs->pstate),
	       word_offset(insn, 5, 19));
}

/* The Rt operand of CBZ/CBNZ, 32 or 64 bits wide (sf). */
static u64 cb_operand(u32 insn, struct pt_regs *regs)
{
	u64 val = get_x(regs, FIELD_GET(INSN_RT, insn));

	return (insn & INSN_SF) ? val : (u32)val;
}

/* CBZ, CBNZ (op, bit 24): imm19. */
void __kprobes simulate_cbz(u32 insn, unsigned long pc, struct pt_regs *regs)
{
	bool zero = cb_operand(insn, regs) == 0;
	bool nonzero_form = insn & BIT(24);

	branch(regs, pc, zero != nonzero_form, word_offset(insn, 5, 19));
}

/* TBZ, TBNZ (op, bit 24): bit b5:b40 (bits 31, 23:19) of Rt; imm14. */
void __kprobes simulate_tbz(u32 insn, unsigned long pc, struct pt_regs *regs)
{
	unsigned int bit = ((insn >> 26) & 0x20) | ((insn >> 19) & 0x1f);
	bool set = get_x(regs, FIELD_GET(INSN_RT, insn)) & BIT_ULL(bit);
	bool nonzero_form = insn & BIT(24);

	branch(regs, pc, set == nonzero_form, word_offset(insn, 5, 14));
}

/*
 * BR, BLR, RET: to Xn.  BLR reads Xn before it writes X30, so that
 * BLR X30 branches to the old value.
 */
void __kprobes simulate_br_blr_ret(u32 insn, unsigned long pc,
				   struct pt_regs *regs)
{
	u64 target = get_x(regs, FIELD_GET(INSN_RN, insn));
	bool link = ((insn >> 21) & 3) == 1;

	if (link)
		set_x(regs, 30, pc + AARCH64_INSN_SIZE);
	instruction_pointer_set(regs, target);
}

/* ADR: pc + immhi:immlo.  ADRP (bit 31): pc's 4KB page + (imm << 12). */
void __kprobes simulate_adr_adrp(u32 insn, unsigned long pc,
				 struct pt_regs *regs)
{
	u64 imm = ((insn >> 3) & GENMASK(20, 2)) | ((insn >> 29) & 3);
	s64 offset = sign_extend64(imm, 20);
	u64 val;

	if (insn & BIT(31))
		val = (pc & ~0xfffUL) + (offset << 12);
	else
		val = pc + offset;
	set_x(regs, FIELD_GET(INSN_RT, insn), val);
	instruction_pointer_set(regs, pc + AARCH64_INSN_SIZE);
}

/*
 * LDR Wt, LDR Xt, LDRSW Xt (literal): opc (bits 31:30) 00, 01, 10, from
 * pc + imm19 * 4.  A W load zero-extends, LDRSW sign-extends.
 */
void __kprobes simulate_ldr_literal(u32 insn, unsigned long pc,
				    struct pt_regs *regs)
{
	const void *addr = (const void *)(pc + word_offset(insn, 5, 19));
	unsigned int opc = insn >> 30;
	u64 val;

	if (opc == 1)
		val = READ_ONCE(*(const u64 *)addr);
	else if (opc == 2)
		val = (s64)READ_ONCE(*(const s32 *)addr);
	else
		val = READ_ONCE(*(const u32 *)addr);
	set_x(regs, FIELD_GET(INSN_RT, insn), val);
	instruction_pointer_set(regs, pc + AARCH64_INSN_SIZE);
}

/* MRS Xt, DAIF: bits 9:6 of PSTATE, as the probed code had them. */
void __kprobes simulate_mrs_daif(u32 insn, unsigned long pc,
				 struct pt_regs *regs)
{
	set_x(regs, FIELD_GET(INSN_RT, insn), regs->pstate & PSR_DAIF_MASK);
	instruction_pointer_set(regs, pc + AARCH64_INSN_SIZE);
}
