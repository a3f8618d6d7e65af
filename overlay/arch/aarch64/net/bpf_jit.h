/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Encoders of the A64 instructions the eBPF JIT (bpf_jit_comp.c) emits,
 * one per instruction, each returning the 32-bit instruction word.
 *
 * The field layouts are those of the A64 encoding index (DDI 0487 L.a,
 * "A64 Instruction Set Encoding"); each encoder names its instruction
 * class and the fixed bits it starts from.  Register number 31 is the
 * stack pointer for the base register of loads and stores and for
 * ADD/SUB (immediate) without flags, and the zero register elsewhere.
 *
 * Encoders do no range checking: the caller knows which values are
 * encodable (a64_addsub_imm_ok(), a64_bitmask_imm(), the branch
 * helpers of bpf_jit_comp.c) and only asks for those.
 */
#ifndef __AARCH64_NET_BPF_JIT_H
#define __AARCH64_NET_BPF_JIT_H

#include <linux/bitops.h>
#include <linux/types.h>
#include <asm/brk-imm.h>

#define A64_FP		29	/* frame pointer of AAPCS64 */
#define A64_LR		30	/* link register */
#define A64_SP		31	/* as a base or ADD/SUB (immediate) operand */
#define A64_ZR		31	/* everywhere else */

/* sf (bit 31) selects the 64-bit form of a data-processing instruction. */
static inline u32 a64_sf(bool is64)
{
	return is64 ? BIT(31) : 0;
}

static inline u32 a64_regs(int rd, int rn, int rm)
{
	return (u32)rm << 16 | (u32)rn << 5 | (u32)rd;
}

/*
 * ADD/SUB (shifted register) with LSL #0: sf op S 01011 00 0 Rm imm6 Rn Rd.
 * op (bit 30) is SUB, S (bit 29) sets the flags.
 */
#define A64_ADD_REG	0x0b000000U
#define A64_SUB_REG	0x4b000000U
#define A64_SUBS_REG	0x6b000000U

static inline u32 a64_add(bool is64, int rd, int rn, int rm)
{
	return A64_ADD_REG | a64_sf(is64) | a64_regs(rd, rn, rm);
}

static inline u32 a64_sub(bool is64, int rd, int rn, int rm)
{
	return A64_SUB_REG | a64_sf(is64) | a64_regs(rd, rn, rm);
}

/* NEG Rd, Rm: SUB Rd, ZR, Rm. */
static inline u32 a64_neg(bool is64, int rd, int rm)
{
	return a64_sub(is64, rd, A64_ZR, rm);
}

/* CMP Rn, Rm: SUBS ZR, Rn, Rm. */
static inline u32 a64_cmp(bool is64, int rn, int rm)
{
	return A64_SUBS_REG | a64_sf(is64) | a64_regs(A64_ZR, rn, rm);
}

/*
 * ADD/SUB (immediate): sf op S 100010 sh imm12 Rn Rd, the immediate
 * optionally shifted left by 12 (sh, bit 22).
 */
#define A64_ADD_IMM	0x11000000U
#define A64_ADDS_IMM	0x31000000U
#define A64_SUB_IMM	0x51000000U
#define A64_SUBS_IMM	0x71000000U

/* An unsigned value ADD/SUB (immediate) can hold: imm12 or imm12 << 12. */
static inline bool a64_addsub_imm_ok(u64 imm)
{
	return !(imm & ~0xfffULL) || !(imm & ~0xfff000ULL);
}

static inline u32 a64_addsub_imm(u32 base, bool is64, int rd, int rn,
				 u32 imm)
{
	u32 field = imm < 0x1000 ? imm << 10 : (imm >> 12) << 10 | BIT(22);

	return base | a64_sf(is64) | field | a64_regs(rd, rn, 0);
}

static inline u32 a64_add_imm(bool is64, int rd, int rn, u32 imm)
{
	return a64_addsub_imm(A64_ADD_IMM, is64, rd, rn, imm);
}

static inline u32 a64_sub_imm(bool is64, int rd, int rn, u32 imm)
{
	return a64_addsub_imm(A64_SUB_IMM, is64, rd, rn, imm);
}

/* CMP Rn, #imm: SUBS ZR, Rn, #imm. */
static inline u32 a64_cmp_imm(bool is64, int rn, u32 imm)
{
	return a64_addsub_imm(A64_SUBS_IMM, is64, A64_ZR, rn, imm);
}

/* CMN Rn, #imm: ADDS ZR, Rn, #imm. */
static inline u32 a64_cmn_imm(bool is64, int rn, u32 imm)
{
	return a64_addsub_imm(A64_ADDS_IMM, is64, A64_ZR, rn, imm);
}

/* MOV Rd, SP or MOV SP, Rn: ADD (immediate) #0, the only move that sees SP. */
static inline u32 a64_mov_sp(int rd, int rn)
{
	return a64_add_imm(true, rd, rn, 0);
}

/*
 * Logical (shifted register) with LSL #0: sf opc 01010 00 N Rm imm6 Rn Rd.
 * N (bit 21) inverts Rm: ORR becomes ORN.
 */
#define A64_AND_REG	0x0a000000U
#define A64_ORR_REG	0x2a000000U
#define A64_EOR_REG	0x4a000000U
#define A64_ANDS_REG	0x6a000000U
#define A64_LOGIC_N	BIT(21)

static inline u32 a64_logic(u32 base, bool is64, int rd, int rn, int rm)
{
	return base | a64_sf(is64) | a64_regs(rd, rn, rm);
}

static inline u32 a64_and(bool is64, int rd, int rn, int rm)
{
	return a64_logic(A64_AND_REG, is64, rd, rn, rm);
}

static inline u32 a64_orr(bool is64, int rd, int rn, int rm)
{
	return a64_logic(A64_ORR_REG, is64, rd, rn, rm);
}

static inline u32 a64_eor(bool is64, int rd, int rn, int rm)
{
	return a64_logic(A64_EOR_REG, is64, rd, rn, rm);
}

/* TST Rn, Rm: ANDS ZR, Rn, Rm. */
static inline u32 a64_tst(bool is64, int rn, int rm)
{
	return a64_logic(A64_ANDS_REG, is64, A64_ZR, rn, rm);
}

/*
 * MOV Rd, Rm: ORR Rd, ZR, Rm.  The 32-bit form clears bits 63:32 of
 * Xd, as every write of a W register does (DDI 0487 L.a, "Register
 * size").
 */
static inline u32 a64_mov(bool is64, int rd, int rm)
{
	return a64_orr(is64, rd, A64_ZR, rm);
}

/*
 * Logical (immediate): sf opc 100100 N immr imms Rn Rd.  The immediate
 * is a "bitmask immediate": an element of 2, 4, ..., 64 bits holding a
 * run of ones rotated right by immr, repeated to fill the register
 * (DDI 0487 L.a, DecodeBitMasks()).  N and the high bits of imms give
 * the element size.
 */
#define A64_AND_IMM	0x12000000U
#define A64_ORR_IMM	0x32000000U
#define A64_EOR_IMM	0x52000000U
#define A64_ANDS_IMM	0x72000000U

/*
 * Find the N:immr:imms fields (bits 22:10 of the instruction, already
 * in place) that encode @val for a 32-bit (@is64 false: the low half)
 * or 64-bit operation.  All zeros and all ones have no encoding.
 */
static inline bool a64_bitmask_imm(bool is64, u64 val, u32 *fields)
{
	unsigned int esize = 64, ones, rot;
	u64 emask, elem;

	if (!is64)
		val = (u32)val | (u64)(u32)val << 32;
	if (val == 0 || val == ~0ULL)
		return false;

	/* The smallest element whose repetition is @val. */
	while (esize > 2) {
		unsigned int half = esize / 2;
		u64 hmask = (1ULL << half) - 1;

		if ((val & hmask) != ((val >> half) & hmask))
			break;
		esize = half;
	}
	emask = esize == 64 ? ~0ULL : (1ULL << esize) - 1;
	elem = val & emask;
	ones = hweight64(elem);

	/* The rotation that brings the run of ones down to bit 0. */
	for (rot = 0; rot < esize; rot++) {
		u64 r = rot ? ((elem << rot) | (elem >> (esize - rot))) & emask :
			      elem;

		if (r == (1ULL << ones) - 1)
			break;
	}
	if (rot == esize)
		return false;

	*fields = (esize == 64 ? BIT(22) : 0) | rot << 16 |
		  (((~(esize * 2 - 1)) & 0x3f) | (ones - 1)) << 10;
	return true;
}

static inline u32 a64_logic_imm(u32 base, bool is64, int rd, int rn,
				u32 fields)
{
	return base | a64_sf(is64) | fields | a64_regs(rd, rn, 0);
}

/*
 * Move wide (immediate): sf opc 100101 hw imm16 Rd, the 16 bits placed
 * at bit 16 * hw.  MOVN writes the inverse, MOVK keeps the other bits.
 */
#define A64_MOVN	0x12800000U
#define A64_MOVZ	0x52800000U
#define A64_MOVK	0x72800000U

static inline u32 a64_movw(u32 base, bool is64, int rd, u16 imm16, int hw)
{
	return base | a64_sf(is64) | (u32)hw << 21 | (u32)imm16 << 5 | rd;
}

/* Data-processing (2 source): sf 0 0 11010110 Rm opcode Rn Rd. */
#define A64_DP2		0x1ac00000U
#define A64_DP2_UDIV	(0x02U << 10)
#define A64_DP2_SDIV	(0x03U << 10)
#define A64_DP2_LSLV	(0x08U << 10)
#define A64_DP2_LSRV	(0x09U << 10)
#define A64_DP2_ASRV	(0x0aU << 10)

static inline u32 a64_dp2(u32 opcode, bool is64, int rd, int rn, int rm)
{
	return A64_DP2 | opcode | a64_sf(is64) | a64_regs(rd, rn, rm);
}

/*
 * Data-processing (3 source): sf 00 11011 000 Rm o0 Ra Rn Rd.
 * MADD: Rd = Ra + Rn * Rm; MSUB (o0, bit 15): Rd = Ra - Rn * Rm.
 */
#define A64_MADD	0x1b000000U
#define A64_MSUB	0x1b008000U

static inline u32 a64_dp3(u32 base, bool is64, int rd, int rn, int rm, int ra)
{
	return base | a64_sf(is64) | (u32)ra << 10 | a64_regs(rd, rn, rm);
}

/* MUL Rd, Rn, Rm: MADD with Ra = ZR. */
static inline u32 a64_mul(bool is64, int rd, int rn, int rm)
{
	return a64_dp3(A64_MADD, is64, rd, rn, rm, A64_ZR);
}

/*
 * Bitfield: sf opc 100110 N immr imms Rn Rd, N equal to sf.  The shifts
 * by an immediate and the sign and zero extensions are aliases of SBFM
 * and UBFM.
 */
#define A64_SBFM	0x13000000U
#define A64_UBFM	0x53000000U

static inline u32 a64_bfm(u32 base, bool is64, int rd, int rn,
			  unsigned int immr, unsigned int imms)
{
	return base | a64_sf(is64) | (is64 ? BIT(22) : 0) | immr << 16 |
	       imms << 10 | a64_regs(rd, rn, 0);
}

/* LSL #sh: UBFM Rd, Rn, #(-sh MOD size), #(size - 1 - sh). */
static inline u32 a64_lsl_imm(bool is64, int rd, int rn, unsigned int sh)
{
	unsigned int size = is64 ? 64 : 32;

	return a64_bfm(A64_UBFM, is64, rd, rn, (size - sh) & (size - 1),
		       size - 1 - sh);
}

/* LSR #sh: UBFM Rd, Rn, #sh, #(size - 1). */
static inline u32 a64_lsr_imm(bool is64, int rd, int rn, unsigned int sh)
{
	return a64_bfm(A64_UBFM, is64, rd, rn, sh, is64 ? 63 : 31);
}

/* ASR #sh: SBFM Rd, Rn, #sh, #(size - 1). */
static inline u32 a64_asr_imm(bool is64, int rd, int rn, unsigned int sh)
{
	return a64_bfm(A64_SBFM, is64, rd, rn, sh, is64 ? 63 : 31);
}

/* SXTB, SXTH, SXTW: SBFM Rd, Rn, #0, #(bits - 1). */
static inline u32 a64_sxt(bool is64, int rd, int rn, unsigned int bits)
{
	return a64_bfm(A64_SBFM, is64, rd, rn, 0, bits - 1);
}

/* UXTH Wd, Wn: UBFM Wd, Wn, #0, #15, which also clears bits 63:32. */
static inline u32 a64_uxth(int rd, int rn)
{
	return a64_bfm(A64_UBFM, false, rd, rn, 0, 15);
}

/* Data-processing (1 source): REV16 Wd, REV Wd, REV Xd. */
#define A64_REV16_W	0x5ac00400U
#define A64_REV_W	0x5ac00800U
#define A64_REV_X	0xdac00c00U

static inline u32 a64_rev(u32 base, int rd, int rn)
{
	return base | a64_regs(rd, rn, 0);
}

/*
 * Loads and stores of one register.  size (bits 31:30) is log2 of the
 * access in bytes; opc (bits 23:22) is 00 for STR, 01 for LDR (zero
 * extending), 10 for LDRS into an X register (sign extending).
 */
#define A64_LDST_STR	0U
#define A64_LDST_LDR	1U
#define A64_LDST_LDRS	2U

static inline u32 a64_ldst_size_opc(int size, u32 opc)
{
	return (u32)size << 30 | opc << 22;
}

/* Unsigned offset: size 111 0 01 opc imm12 Rn Rt, imm12 scaled by size. */
static inline u32 a64_ldst_uimm(int size, u32 opc, int rt, int rn, u32 imm12)
{
	return 0x39000000U | a64_ldst_size_opc(size, opc) | imm12 << 10 |
	       a64_regs(rt, rn, 0);
}

/* Unscaled signed offset (LDUR/STUR): size 111 0 00 opc 0 imm9 00 Rn Rt. */
static inline u32 a64_ldst_simm9(int size, u32 opc, int rt, int rn, int imm9)
{
	return 0x38000000U | a64_ldst_size_opc(size, opc) |
	       ((u32)imm9 & 0x1ff) << 12 | a64_regs(rt, rn, 0);
}

/*
 * Register offset: size 111 0 00 opc 1 Rm option S 10 Rn Rt, with
 * option 011 (Xm, LSL) and S (bit 12) scaling Rm by the access size.
 */
static inline u32 a64_ldst_reg(int size, u32 opc, int rt, int rn, int rm,
			       bool scaled)
{
	return 0x38206800U | a64_ldst_size_opc(size, opc) |
	       (scaled ? BIT(12) : 0) | a64_regs(rt, rn, rm);
}

/*
 * Load/store pair of X registers, with writeback: opc=10 101 0 idx L
 * imm7 Rt2 Rn Rt, imm7 in units of 8 bytes.  STP pre-index pushes,
 * LDP post-index pops.
 */
static inline u32 a64_stp_pre(int rt, int rt2, int rn, int off)
{
	return 0xa9800000U | ((u32)(off / 8) & 0x7f) << 15 | (u32)rt2 << 10 |
	       a64_regs(rt, rn, 0);
}

static inline u32 a64_ldp_post(int rt, int rt2, int rn, int off)
{
	return 0xa8c00000U | ((u32)(off / 8) & 0x7f) << 15 | (u32)rt2 << 10 |
	       a64_regs(rt, rn, 0);
}

/*
 * Exclusives: size 001000 o2 L o1 Rs o0 Rt2 Rn Rt, size 10 (W) or 11
 * (X).  LDXR has L set and Rs, Rt2 all ones; STXR writes its status
 * (0: stored) to Ws; STLXR (o0, bit 15) is the store-release form.
 */
static inline u32 a64_ldxr(bool is64, int rt, int rn)
{
	return (is64 ? 0xc85f7c00U : 0x885f7c00U) | a64_regs(rt, rn, 0);
}

static inline u32 a64_stxr(bool is64, int rs, int rt, int rn)
{
	return (is64 ? 0xc8007c00U : 0x88007c00U) | a64_regs(rt, rn, rs);
}

static inline u32 a64_stlxr(bool is64, int rs, int rt, int rn)
{
	return a64_stxr(is64, rs, rt, rn) | BIT(15);
}

/* Barriers: DMB ISH, DSB NSH, ISB (CRm holds the option). */
#define A64_DMB_ISH	0xd5033bbfU
#define A64_DSB_NSH	0xd503379fU
#define A64_ISB		0xd5033fdfU

/* Condition codes of B.cond (DDI 0487 L.a, "Condition code"). */
enum a64_cond {
	A64_COND_EQ = 0x0, A64_COND_NE = 0x1,
	A64_COND_HS = 0x2, A64_COND_LO = 0x3,
	A64_COND_HI = 0x8, A64_COND_LS = 0x9,
	A64_COND_GE = 0xa, A64_COND_LT = 0xb,
	A64_COND_GT = 0xc, A64_COND_LE = 0xd,
};

/* Branches; offsets are in instructions from the branch itself. */

/* B: 000101 imm26, +/-128MB. */
static inline u32 a64_b(int off)
{
	return 0x14000000U | ((u32)off & 0x3ffffff);
}

/* B.cond: 01010100 imm19 0 cond, +/-1MB. */
static inline u32 a64_b_cond(enum a64_cond cond, int off)
{
	return 0x54000000U | ((u32)off & 0x7ffff) << 5 | cond;
}

/* CBZ, CBNZ: sf 011010 op imm19 Rt, +/-1MB. */
static inline u32 a64_cbz(bool is64, int rt, int off)
{
	return 0x34000000U | a64_sf(is64) | ((u32)off & 0x7ffff) << 5 | rt;
}

static inline u32 a64_cbnz(bool is64, int rt, int off)
{
	return a64_cbz(is64, rt, off) | BIT(24);
}

/* Unconditional branch (register): BR, BLR, RET. */
static inline u32 a64_br(int rn)
{
	return 0xd61f0000U | (u32)rn << 5;
}

static inline u32 a64_blr(int rn)
{
	return 0xd63f0000U | (u32)rn << 5;
}

static inline u32 a64_ret(int rn)
{
	return 0xd65f0000U | (u32)rn << 5;
}

/* What fills the unused parts of a JIT image: traps if ever run. */
#define A64_JIT_FILL	AARCH64_BRK_INSN(FAULT_BRK_IMM)

#endif /* __AARCH64_NET_BPF_JIT_H */
