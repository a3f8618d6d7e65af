// SPDX-License-Identifier: GPL-2.0-only
/*
 * eBPF JIT compiler: BPF programs translated to A64 code.
 *
 * Based on arch/arm64/net/bpf_jit_comp.c for three things that are
 * part of how a JIT-compiled program meets others: the mapping of BPF
 * registers to A64 registers, the tail call counter kept in the main
 * program's frame and reached through a pointer in x26, and the layout
 * of the frame the prologue builds.
 *
 * BPF R0 lives in x7 and R1-R5 in x0-x4, so that a helper's arguments
 * are already where AAPCS64 wants them; R6-R9 and the read-only frame
 * pointer R10 live in the callee-saved x19-x22 and x25, which helpers
 * preserve.  x9 holds the constant-blinding register BPF_REG_AX; x10-x13
 * are the JIT's own scratch registers, caller-saved and never live
 * across a helper call.  x18 is never touched: it may be the shadow
 * call stack pointer.
 *
 * The frame a program builds, from high addresses down:
 *
 *	x29, x30	frame record; x29 points here
 *	tcc, x26	the tail call counter (main program) or a copy of
 *			x26 (subprogram); x26 of the caller is restored
 *			from the second slot on return
 *	x19-x22, x25	callee-saved registers of the BPF registers;
 *			BPF R10 (x25) points below them
 *	BPF stack	aux->stack_depth bytes rounded up to 16
 *
 * A main program points x26 at its counter slot; subprograms and the
 * programs it tail-calls keep that x26, so the count is shared by the
 * whole chain and bounded by MAX_TAIL_CALL_CNT as in the interpreter.
 * A tail call unwinds the caller down to its counter slot and enters
 * the callee after the instructions that would have set them up
 * (TAIL_CALL_ENTRY).
 *
 * Code size never depends on where things are: branch offsets are
 * fixed-size instructions, and addresses that change between passes
 * (subprograms, their calls) are loaded by a fixed MOVZ/MOVK sequence.
 * One pass sizes the program, the next writes it; a program with
 * subprograms gets the extra pass of jit_subprogs() to write the
 * final addresses of the others.
 *
 * Atomics are load-exclusive/store-exclusive loops (no FEAT_LSE).  The
 * ordering follows the kernel's own atomics: the plain read-modify-write
 * forms are relaxed; the FETCH forms, XCHG and CMPXCHG are fully
 * ordered with a store-release exclusive and a DMB ISH after the loop
 * (DDI 0487 L.a, "Load-Exclusive and Store-Exclusive instruction usage
 * restrictions" and the barrier-ordered-before rules of the memory
 * model).
 *
 * Only little-endian kernels exist on this port, so BPF_TO_LE is a
 * truncation and BPF_TO_BE a byte swap.
 */
#define pr_fmt(fmt) "bpf_jit: " fmt

#include <linux/bitfield.h>
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <asm/asm-extable.h>
#include <asm/cacheflush.h>
#include <asm/extable.h>
#include <asm/insn.h>
#include <asm/processor.h>

#include "bpf_jit.h"

/* The JIT's scratch registers. */
#define TMP1		10
#define TMP2		11
#define TMP3		12
#define TMP4		13
/* The tail call counter's address. */
#define TCC_PTR		26

static const u8 bpf2a64[MAX_BPF_JIT_REG] = {
	[BPF_REG_0]	= 7,
	[BPF_REG_1]	= 0,
	[BPF_REG_2]	= 1,
	[BPF_REG_3]	= 2,
	[BPF_REG_4]	= 3,
	[BPF_REG_5]	= 4,
	[BPF_REG_6]	= 19,
	[BPF_REG_7]	= 20,
	[BPF_REG_8]	= 21,
	[BPF_REG_9]	= 22,
	[BPF_REG_FP]	= 25,
	[BPF_REG_AX]	= 9,
};

/*
 * Instructions of a main program's prologue before the point a tail
 * call enters it: the frame record and the counter slot.
 */
#define TAIL_CALL_ENTRY	4

struct jit_ctx {
	const struct bpf_prog *prog;
	/* Where the code goes; NULL in the sizing pass. */
	__le32 *image;
	/* Index of the next instruction. */
	int idx;
	/* Index of each BPF instruction's code; [len] is the epilogue. */
	int *offset;
	int epilogue;
	u32 stack_size;
	int nr_extable;
};

/* What survives between the first pass of a subprogram and the extra one. */
struct a64_jit_data {
	struct bpf_binary_header *header;
	struct jit_ctx ctx;
};

static void emit(struct jit_ctx *ctx, u32 insn)
{
	if (ctx->image)
		ctx->image[ctx->idx] = cpu_to_le32(insn);
	ctx->idx++;
}

/*
 * Rd = @val with the fewest MOVZ/MOVN + MOVK: starting from all zeros
 * or all ones, whichever leaves fewer 16-bit pieces to write.
 */
static void emit_mov_imm64(struct jit_ctx *ctx, int rd, u64 val)
{
	int zero = 0, ones = 0, hw;
	bool first = true;
	u16 fill;

	for (hw = 0; hw < 4; hw++) {
		u16 piece = val >> (16 * hw);

		zero += piece == 0;
		ones += piece == 0xffff;
	}
	fill = ones > zero ? 0xffff : 0;

	for (hw = 0; hw < 4; hw++) {
		u16 piece = val >> (16 * hw);

		if (piece == fill)
			continue;
		if (!first)
			emit(ctx, a64_movw(A64_MOVK, true, rd, piece, hw));
		else if (fill)
			emit(ctx, a64_movw(A64_MOVN, true, rd, ~piece, hw));
		else
			emit(ctx, a64_movw(A64_MOVZ, true, rd, piece, hw));
		first = false;
	}
	if (first)
		emit(ctx, a64_movw(fill ? A64_MOVN : A64_MOVZ, true, rd, 0, 0));
}

/*
 * Rd = @imm: sign-extended to 64 bits, or for a 32-bit operation
 * zero-extended from 32 (a W register write clears the top half).
 */
static void emit_mov_imm(struct jit_ctx *ctx, bool is64, int rd, s32 imm)
{
	u16 lo = imm, hi = (u32)imm >> 16;

	if (is64) {
		emit_mov_imm64(ctx, rd, (s64)imm);
	} else if (hi == 0xffff) {
		emit(ctx, a64_movw(A64_MOVN, false, rd, ~lo, 0));
	} else {
		emit(ctx, a64_movw(A64_MOVZ, false, rd, lo, 0));
		if (hi)
			emit(ctx, a64_movw(A64_MOVK, false, rd, hi, 1));
	}
}

/*
 * Rd = @addr in four instructions whatever the value, for addresses
 * that are only known in a later pass.
 */
static void emit_addr64(struct jit_ctx *ctx, int rd, u64 addr)
{
	int hw;

	emit(ctx, a64_movw(A64_MOVZ, true, rd, addr, 0));
	for (hw = 1; hw < 4; hw++)
		emit(ctx, a64_movw(A64_MOVK, true, rd, addr >> (16 * hw), hw));
}

/* Rd = Rn + @val; @tmp (not Rn) holds @val when no immediate fits. */
static void emit_add_imm(struct jit_ctx *ctx, bool is64, int rd, int rn,
			 s32 val, int tmp)
{
	u32 neg = -(u32)val;

	if (val >= 0 && a64_addsub_imm_ok(val)) {
		emit(ctx, a64_add_imm(is64, rd, rn, val));
	} else if (val < 0 && a64_addsub_imm_ok(neg)) {
		emit(ctx, a64_sub_imm(is64, rd, rn, neg));
	} else {
		emit_mov_imm(ctx, is64, tmp, val);
		emit(ctx, a64_add(is64, rd, rn, tmp));
	}
}

/*
 * One load or store of (1 << @size) bytes at Rn + @off, in the
 * shortest of the three addressing forms that holds @off; @tmp (not
 * Rt or Rn) takes the offset for the register form.  The access is
 * always the last instruction emitted, for the exception table.
 */
static void emit_ldst(struct jit_ctx *ctx, int size, u32 opc, int rt, int rn,
		      s32 off, int tmp)
{
	if (off >= 0 && !(off & ((1 << size) - 1)) && (off >> size) < 0x1000) {
		emit(ctx, a64_ldst_uimm(size, opc, rt, rn, off >> size));
	} else if (off >= -256 && off < 256) {
		emit(ctx, a64_ldst_simm9(size, opc, rt, rn, off));
	} else {
		emit_mov_imm(ctx, true, tmp, off);
		emit(ctx, a64_ldst_reg(size, opc, rt, rn, tmp, false));
	}
}

/* log2 of a BPF access size. */
static int bpf_size_log2(u8 code)
{
	switch (BPF_SIZE(code)) {
	case BPF_B:
		return 0;
	case BPF_H:
		return 1;
	case BPF_W:
		return 2;
	default:
		return 3;
	}
}

/*
 * The branch offset, in instructions, from the instruction about to be
 * emitted to the code of BPF instruction @i + 1 + @off.  In the sizing
 * pass forward targets are not known yet; the value is then unused.
 */
static int branch_offset(const struct jit_ctx *ctx, int i, int off)
{
	return ctx->offset[i + 1 + off] - ctx->idx;
}

/* A jump from BPF instruction @i lands inside the program. */
static bool branch_target_ok(const struct jit_ctx *ctx, int i, int off)
{
	return i + 1 + off >= 0 && i + 1 + off < ctx->prog->len;
}

static bool branch_fits(const struct jit_ctx *ctx, int off, int bits)
{
	return !ctx->image || aarch64_insn_offset_fits(off, bits);
}

static void build_prologue(struct jit_ctx *ctx)
{
	const bool is_main = !bpf_is_subprog(ctx->prog);

	emit(ctx, a64_stp_pre(A64_FP, A64_LR, A64_SP, -16));
	emit(ctx, a64_mov_sp(A64_FP, A64_SP));
	if (is_main) {
		emit(ctx, a64_stp_pre(A64_ZR, TCC_PTR, A64_SP, -16));
		emit(ctx, a64_mov_sp(TCC_PTR, A64_SP));
	} else {
		emit(ctx, a64_stp_pre(TCC_PTR, TCC_PTR, A64_SP, -16));
	}
	/* TAIL_CALL_ENTRY: a tail-called main program starts here. */
	emit(ctx, a64_stp_pre(19, 20, A64_SP, -16));
	emit(ctx, a64_stp_pre(21, 22, A64_SP, -16));
	emit(ctx, a64_stp_pre(25, A64_ZR, A64_SP, -16));
	emit(ctx, a64_mov_sp(bpf2a64[BPF_REG_FP], A64_SP));
	if (ctx->stack_size)
		emit(ctx, a64_sub_imm(true, A64_SP, A64_SP, ctx->stack_size));
}

/* Undo the prologue from TAIL_CALL_ENTRY on. */
static void unwind_to_tail_call_entry(struct jit_ctx *ctx)
{
	if (ctx->stack_size)
		emit(ctx, a64_add_imm(true, A64_SP, A64_SP, ctx->stack_size));
	emit(ctx, a64_ldp_post(25, A64_ZR, A64_SP, 16));
	emit(ctx, a64_ldp_post(21, 22, A64_SP, 16));
	emit(ctx, a64_ldp_post(19, 20, A64_SP, 16));
}

static void build_epilogue(struct jit_ctx *ctx)
{
	unwind_to_tail_call_entry(ctx);
	emit(ctx, a64_ldp_post(A64_ZR, TCC_PTR, A64_SP, 16));
	emit(ctx, a64_ldp_post(A64_FP, A64_LR, A64_SP, 16));
	emit(ctx, a64_mov(true, 0, bpf2a64[BPF_REG_0]));
	emit(ctx, a64_ret(A64_LR));
}

/*
 * bpf_tail_call(ctx, array, index): R1 is left as the callee's context;
 * on any failure execution goes on after the call, as the interpreter
 * does.  The count is only taken when a program is there to call.
 */
static int emit_tail_call(struct jit_ctx *ctx)
{
	const int array = bpf2a64[BPF_REG_2];
	const int index = bpf2a64[BPF_REG_3];
	int bad_index, too_many, no_prog, out;

	/* if ((u32)index >= array->map.max_entries) goto out; */
	emit(ctx, a64_mov(false, TMP4, index));
	emit_ldst(ctx, 2, A64_LDST_LDR, TMP1, array,
		  offsetof(struct bpf_array, map.max_entries), TMP2);
	emit(ctx, a64_cmp(false, TMP4, TMP1));
	bad_index = ctx->idx;
	emit(ctx, 0);

	/* if (*tcc_ptr >= MAX_TAIL_CALL_CNT) goto out; */
	emit(ctx, a64_ldst_uimm(3, A64_LDST_LDR, TMP3, TCC_PTR, 0));
	emit(ctx, a64_cmp_imm(true, TMP3, MAX_TAIL_CALL_CNT));
	too_many = ctx->idx;
	emit(ctx, 0);
	emit(ctx, a64_add_imm(true, TMP3, TMP3, 1));

	/* prog = array->ptrs[index]; if (!prog) goto out; */
	emit_add_imm(ctx, true, TMP1, array, offsetof(struct bpf_array, ptrs),
		     TMP1);
	emit(ctx, a64_ldst_reg(3, A64_LDST_LDR, TMP2, TMP1, TMP4, true));
	no_prog = ctx->idx;
	emit(ctx, 0);
	emit(ctx, a64_ldst_uimm(3, A64_LDST_STR, TMP3, TCC_PTR, 0));

	/* goto prog->bpf_func + TAIL_CALL_ENTRY, with our frame undone */
	unwind_to_tail_call_entry(ctx);
	emit_ldst(ctx, 3, A64_LDST_LDR, TMP1, TMP2,
		  offsetof(struct bpf_prog, bpf_func), TMP3);
	emit(ctx, a64_add_imm(true, TMP1, TMP1,
			      TAIL_CALL_ENTRY * AARCH64_INSN_SIZE));
	emit(ctx, a64_br(TMP1));

	out = ctx->idx;
	if (ctx->image) {
		ctx->image[bad_index] =
			cpu_to_le32(a64_b_cond(A64_COND_HS, out - bad_index));
		ctx->image[too_many] =
			cpu_to_le32(a64_b_cond(A64_COND_HS, out - too_many));
		ctx->image[no_prog] =
			cpu_to_le32(a64_cbz(true, TMP2, out - no_prog));
	}
	return 0;
}

/*
 * The atomic read-modify-write instructions (BPF_STX | BPF_ATOMIC).
 * The loop only writes scratch registers, so the address register may
 * be any BPF register, including the source or R0; those are written
 * once the loop is done.
 */
static int emit_atomic(struct jit_ctx *ctx, const struct bpf_insn *insn)
{
	const bool is64 = BPF_SIZE(insn->code) == BPF_DW;
	const int src = bpf2a64[insn->src_reg];
	const int r0 = bpf2a64[BPF_REG_0];
	const int old = TMP2, new = TMP3, status = TMP4;
	const s32 op = insn->imm;
	int addr = bpf2a64[insn->dst_reg];
	u32 alu;

	if (insn->off) {
		emit_add_imm(ctx, true, TMP1, addr, insn->off, TMP1);
		addr = TMP1;
	}

	switch (op & ~BPF_FETCH) {
	case BPF_ADD:
		alu = a64_add(is64, new, old, src);
		break;
	case BPF_AND:
		alu = a64_and(is64, new, old, src);
		break;
	case BPF_OR:
		alu = a64_orr(is64, new, old, src);
		break;
	case BPF_XOR:
		alu = a64_eor(is64, new, old, src);
		break;
	default:
		alu = 0;
		break;
	}

	if (op == BPF_ADD || op == BPF_AND || op == BPF_OR || op == BPF_XOR) {
		/* *addr op= src, relaxed */
		emit(ctx, a64_ldxr(is64, old, addr));
		emit(ctx, alu);
		emit(ctx, a64_stxr(is64, status, new, addr));
		emit(ctx, a64_cbnz(false, status, -3));
		return 0;
	}

	if (alu && (op & BPF_FETCH)) {
		/* src = atomic_fetch_op(addr, src) */
		emit(ctx, a64_ldxr(is64, old, addr));
		emit(ctx, alu);
		emit(ctx, a64_stlxr(is64, status, new, addr));
		emit(ctx, a64_cbnz(false, status, -3));
		emit(ctx, A64_DMB_ISH);
		emit(ctx, a64_mov(is64, src, old));
		return 0;
	}

	switch (op) {
	case BPF_XCHG:
		/* src = xchg(addr, src) */
		emit(ctx, a64_ldxr(is64, old, addr));
		emit(ctx, a64_stlxr(is64, status, src, addr));
		emit(ctx, a64_cbnz(false, status, -2));
		emit(ctx, A64_DMB_ISH);
		emit(ctx, a64_mov(is64, src, old));
		return 0;
	case BPF_CMPXCHG:
		/* r0 = cmpxchg(addr, r0, src), compared at the access size */
		emit(ctx, a64_ldxr(is64, old, addr));
		emit(ctx, a64_cmp(is64, old, r0));
		emit(ctx, a64_b_cond(A64_COND_NE, 3));
		emit(ctx, a64_stlxr(is64, status, src, addr));
		emit(ctx, a64_cbnz(false, status, -4));
		emit(ctx, A64_DMB_ISH);
		emit(ctx, a64_mov(is64, r0, old));
		return 0;
	}
	return -EINVAL;
}

/*
 * A BPF_PROBE_MEM load, the last instruction emitted, may fault on a
 * bad kernel address: its exception table entry (mm/extable.c,
 * EX_TYPE_BPF) zeroes the destination and resumes after it.  The
 * table follows the code in the same allocation, so the 32-bit
 * relative offsets always fit.
 */
static int add_probe_extable(struct jit_ctx *ctx, int dst)
{
	struct bpf_prog_aux *aux = ctx->prog->aux;
	struct exception_table_entry *ex;
	unsigned long pc;

	if (ctx->nr_extable >= aux->num_exentries)
		return -EINVAL;
	if (!ctx->image) {
		ctx->nr_extable++;
		return 0;
	}
	if (!aux->extable)
		return -EINVAL;

	ex = &aux->extable[ctx->nr_extable++];
	pc = (unsigned long)&ctx->image[ctx->idx - 1];
	ex->insn = pc - (unsigned long)&ex->insn;
	ex->fixup = pc + AARCH64_INSN_SIZE - (unsigned long)&ex->fixup;
	ex->type = EX_TYPE_BPF;
	ex->data = FIELD_PREP(EX_DATA_REG_ERR, A64_ZR) |
		   FIELD_PREP(EX_DATA_REG_ZERO, dst);
	return 0;
}

/* BPF_END: byte swaps and truncations. */
static int build_end(struct jit_ctx *ctx, const struct bpf_insn *insn)
{
	const int dst = bpf2a64[insn->dst_reg];
	bool swap;

	if (BPF_CLASS(insn->code) == BPF_ALU64) {
		/* BSWAP: only the BPF_TO_LE encoding exists */
		if (BPF_SRC(insn->code) != BPF_TO_LE)
			return -EINVAL;
		swap = true;
	} else {
		swap = BPF_SRC(insn->code) == BPF_TO_BE;
	}

	switch (insn->imm) {
	case 16:
		if (swap)
			emit(ctx, a64_rev(A64_REV16_W, dst, dst));
		emit(ctx, a64_uxth(dst, dst));
		return 0;
	case 32:
		if (swap)
			emit(ctx, a64_rev(A64_REV_W, dst, dst));
		else
			emit(ctx, a64_mov(false, dst, dst));
		return 0;
	case 64:
		if (swap)
			emit(ctx, a64_rev(A64_REV_X, dst, dst));
		return 0;
	}
	return -EINVAL;
}

/* BPF_ALU and BPF_ALU64. */
static int build_alu(struct jit_ctx *ctx, const struct bpf_insn *insn)
{
	const u8 code = insn->code;
	const bool is64 = BPF_CLASS(code) == BPF_ALU64;
	const int dst = bpf2a64[insn->dst_reg];
	const s32 imm = insn->imm;
	const s16 off = insn->off;
	/* An immediate operand as the 64-bit or 32-bit value it stands for */
	const u64 kval = is64 ? (u64)(s64)imm : (u32)imm;
	int src = bpf2a64[insn->src_reg];
	u32 fields;

	switch (BPF_OP(code)) {
	case BPF_MOV:
		if (BPF_SRC(code) == BPF_K) {
			emit_mov_imm(ctx, is64, dst, imm);
			return 0;
		}
		switch (off) {
		case 0:
			if (!is64 || dst != src)
				emit(ctx, a64_mov(is64, dst, src));
			return 0;
		case 8:
		case 16:
			emit(ctx, a64_sxt(is64, dst, src, off));
			return 0;
		case 32:
			if (!is64)
				return -EINVAL;
			emit(ctx, a64_sxt(true, dst, src, 32));
			return 0;
		}
		return -EINVAL;
	case BPF_NEG:
		emit(ctx, a64_neg(is64, dst, dst));
		return 0;
	case BPF_END:
		return build_end(ctx, insn);
	}

	if (BPF_SRC(code) == BPF_K) {
		/* Forms that take the immediate in the instruction */
		switch (BPF_OP(code)) {
		case BPF_ADD:
			emit_add_imm(ctx, is64, dst, dst, imm, TMP2);
			return 0;
		case BPF_SUB:
			if (imm != S32_MIN) {
				emit_add_imm(ctx, is64, dst, dst, -imm, TMP2);
				return 0;
			}
			break;
		case BPF_AND:
			if (a64_bitmask_imm(is64, kval, &fields)) {
				emit(ctx, a64_logic_imm(A64_AND_IMM, is64, dst,
							dst, fields));
				return 0;
			}
			break;
		case BPF_OR:
			if (a64_bitmask_imm(is64, kval, &fields)) {
				emit(ctx, a64_logic_imm(A64_ORR_IMM, is64, dst,
							dst, fields));
				return 0;
			}
			break;
		case BPF_XOR:
			if (a64_bitmask_imm(is64, kval, &fields)) {
				emit(ctx, a64_logic_imm(A64_EOR_IMM, is64, dst,
							dst, fields));
				return 0;
			}
			break;
		case BPF_LSH:
			emit(ctx, a64_lsl_imm(is64, dst, dst,
					      imm & (is64 ? 63 : 31)));
			return 0;
		case BPF_RSH:
			emit(ctx, a64_lsr_imm(is64, dst, dst,
					      imm & (is64 ? 63 : 31)));
			return 0;
		case BPF_ARSH:
			emit(ctx, a64_asr_imm(is64, dst, dst,
					      imm & (is64 ? 63 : 31)));
			return 0;
		}
		/* The others take it from a register. */
		emit_mov_imm(ctx, is64, TMP2, imm);
		src = TMP2;
	}

	switch (BPF_OP(code)) {
	case BPF_ADD:
		emit(ctx, a64_add(is64, dst, dst, src));
		return 0;
	case BPF_SUB:
		emit(ctx, a64_sub(is64, dst, dst, src));
		return 0;
	case BPF_AND:
		emit(ctx, a64_and(is64, dst, dst, src));
		return 0;
	case BPF_OR:
		emit(ctx, a64_orr(is64, dst, dst, src));
		return 0;
	case BPF_XOR:
		emit(ctx, a64_eor(is64, dst, dst, src));
		return 0;
	case BPF_MUL:
		emit(ctx, a64_mul(is64, dst, dst, src));
		return 0;
	case BPF_LSH:
		emit(ctx, a64_dp2(A64_DP2_LSLV, is64, dst, dst, src));
		return 0;
	case BPF_RSH:
		emit(ctx, a64_dp2(A64_DP2_LSRV, is64, dst, dst, src));
		return 0;
	case BPF_ARSH:
		emit(ctx, a64_dp2(A64_DP2_ASRV, is64, dst, dst, src));
		return 0;
	case BPF_DIV:
	case BPF_MOD:
		/*
		 * off 0: unsigned, off 1: signed (cpu v4).  UDIV and SDIV
		 * give 0 for a zero divisor and SDIV wraps on the minimum
		 * divided by -1 (DDI 0487 L.a, SDIV), as BPF defines both:
		 * the remainder is then dst - 0 * src, dst itself.
		 */
		if (off != 0 && off != 1)
			return -EINVAL;
		if (BPF_OP(code) == BPF_DIV) {
			emit(ctx, a64_dp2(off ? A64_DP2_SDIV : A64_DP2_UDIV,
					  is64, dst, dst, src));
		} else {
			emit(ctx, a64_dp2(off ? A64_DP2_SDIV : A64_DP2_UDIV,
					  is64, TMP1, dst, src));
			emit(ctx, a64_dp3(A64_MSUB, is64, dst, TMP1, src, dst));
		}
		return 0;
	}
	return -EINVAL;
}

static int bpf_jmp_cond(u8 op, enum a64_cond *cond)
{
	switch (op) {
	case BPF_JEQ:
		*cond = A64_COND_EQ;
		break;
	case BPF_JNE:
	case BPF_JSET:
		*cond = A64_COND_NE;
		break;
	case BPF_JGT:
		*cond = A64_COND_HI;
		break;
	case BPF_JGE:
		*cond = A64_COND_HS;
		break;
	case BPF_JLT:
		*cond = A64_COND_LO;
		break;
	case BPF_JLE:
		*cond = A64_COND_LS;
		break;
	case BPF_JSGT:
		*cond = A64_COND_GT;
		break;
	case BPF_JSGE:
		*cond = A64_COND_GE;
		break;
	case BPF_JSLT:
		*cond = A64_COND_LT;
		break;
	case BPF_JSLE:
		*cond = A64_COND_LE;
		break;
	default:
		return -EINVAL;
	}
	return 0;
}

static int emit_call(struct jit_ctx *ctx, const struct bpf_insn *insn,
		     bool extra_pass)
{
	bool fixed;
	u64 addr;
	int ret;

	ret = bpf_jit_get_func_addr(ctx->prog, insn, extra_pass, &addr,
				    &fixed);
	if (ret < 0)
		return ret;
	/* An absolute address: helpers may be anywhere in the kernel. */
	emit_addr64(ctx, TMP1, addr);
	emit(ctx, a64_blr(TMP1));
	emit(ctx, a64_mov(true, bpf2a64[BPF_REG_0], 0));
	return 0;
}

/* BPF_JMP and BPF_JMP32. */
static int build_jmp(struct jit_ctx *ctx, const struct bpf_insn *insn,
		     bool extra_pass)
{
	const u8 code = insn->code;
	const bool is64 = BPF_CLASS(code) == BPF_JMP;
	const int i = insn - ctx->prog->insnsi;
	const int dst = bpf2a64[insn->dst_reg];
	const s32 imm = insn->imm;
	const u64 kval = is64 ? (u64)(s64)imm : (u32)imm;
	int src = bpf2a64[insn->src_reg];
	enum a64_cond cond;
	u32 fields;
	int off;

	switch (BPF_OP(code)) {
	case BPF_JA:
		/* JMP32 | JA (gotol) has its offset in imm */
		off = is64 ? insn->off : imm;
		if (!branch_target_ok(ctx, i, off))
			return -EINVAL;
		off = branch_offset(ctx, i, off);
		if (!branch_fits(ctx, off * AARCH64_INSN_SIZE, 28))
			return -ERANGE;
		emit(ctx, a64_b(off));
		return 0;
	case BPF_CALL:
		if (!is64)
			return -EINVAL;
		return emit_call(ctx, insn, extra_pass);
	case BPF_TAIL_CALL:
		if (!is64)
			return -EINVAL;
		return emit_tail_call(ctx);
	case BPF_EXIT:
		if (!is64)
			return -EINVAL;
		/* The last instruction falls through into the epilogue. */
		if (i == ctx->prog->len - 1)
			return 0;
		off = ctx->epilogue - ctx->idx;
		if (!branch_fits(ctx, off * AARCH64_INSN_SIZE, 28))
			return -ERANGE;
		emit(ctx, a64_b(off));
		return 0;
	}

	if (bpf_jmp_cond(BPF_OP(code), &cond) ||
	    !branch_target_ok(ctx, i, insn->off))
		return -EINVAL;

	if (BPF_SRC(code) == BPF_X) {
		if (BPF_OP(code) == BPF_JSET)
			emit(ctx, a64_tst(is64, dst, src));
		else
			emit(ctx, a64_cmp(is64, dst, src));
	} else if (BPF_OP(code) == BPF_JSET) {
		if (a64_bitmask_imm(is64, kval, &fields)) {
			emit(ctx, a64_logic_imm(A64_ANDS_IMM, is64, A64_ZR, dst,
						fields));
		} else {
			emit_mov_imm(ctx, is64, TMP1, imm);
			emit(ctx, a64_tst(is64, dst, TMP1));
		}
	} else {
		/*
		 * CMN with the negated value sets the same flags as CMP
		 * for every value an imm12 can hold but 0, which CMP takes.
		 */
		if (imm >= 0 && a64_addsub_imm_ok(imm)) {
			emit(ctx, a64_cmp_imm(is64, dst, imm));
		} else if (imm < 0 && a64_addsub_imm_ok(-(u32)imm)) {
			emit(ctx, a64_cmn_imm(is64, dst, -(u32)imm));
		} else {
			emit_mov_imm(ctx, is64, TMP1, imm);
			emit(ctx, a64_cmp(is64, dst, TMP1));
		}
	}

	off = branch_offset(ctx, i, insn->off);
	if (!branch_fits(ctx, off * AARCH64_INSN_SIZE, 21))
		return -ERANGE;
	emit(ctx, a64_b_cond(cond, off));
	return 0;
}

static int build_ldx(struct jit_ctx *ctx, const struct bpf_insn *insn)
{
	const u8 mode = BPF_MODE(insn->code);
	const int size = bpf_size_log2(insn->code);
	const int dst = bpf2a64[insn->dst_reg];
	const int src = bpf2a64[insn->src_reg];
	bool sign = false, probe = false;

	switch (mode) {
	case BPF_PROBE_MEMSX:
		probe = true;
		fallthrough;
	case BPF_MEMSX:
		/* Sign-extending loads of 1, 2 and 4 bytes to 64 bits */
		if (size == 3)
			return -EINVAL;
		sign = true;
		break;
	case BPF_PROBE_MEM:
		probe = true;
		break;
	case BPF_MEM:
		break;
	default:
		return -EINVAL;
	}

	emit_ldst(ctx, size, sign ? A64_LDST_LDRS : A64_LDST_LDR, dst, src,
		  insn->off, TMP1);
	return probe ? add_probe_extable(ctx, dst) : 0;
}

static int build_store(struct jit_ctx *ctx, const struct bpf_insn *insn)
{
	const u8 code = insn->code;
	const int size = bpf_size_log2(code);
	const int dst = bpf2a64[insn->dst_reg];

	if (BPF_CLASS(code) == BPF_ST) {
		if (BPF_MODE(code) == BPF_NOSPEC) {
			/*
			 * No instruction after the barrier runs, even
			 * speculatively, before every access before it has
			 * completed (DDI 0487 L.a, DSB and ISB; the SB
			 * instruction is not in ARMv8.0).
			 */
			emit(ctx, A64_DSB_NSH);
			emit(ctx, A64_ISB);
			return 0;
		}
		if (BPF_MODE(code) != BPF_MEM)
			return -EINVAL;
		emit_mov_imm(ctx, true, TMP1, insn->imm);
		emit_ldst(ctx, size, A64_LDST_STR, TMP1, dst, insn->off, TMP2);
		return 0;
	}

	switch (BPF_MODE(code)) {
	case BPF_MEM:
		emit_ldst(ctx, size, A64_LDST_STR, bpf2a64[insn->src_reg], dst,
			  insn->off, TMP1);
		return 0;
	case BPF_ATOMIC:
		if (size < 2)
			return -EINVAL;
		return emit_atomic(ctx, insn);
	}
	return -EINVAL;
}

/*
 * The code of one BPF instruction: 0 when done, 1 when it took the next
 * BPF instruction too (LD_IMM64), a negative error when it cannot be
 * compiled, for the interpreter to run the program instead.
 */
static int build_insn(struct jit_ctx *ctx, const struct bpf_insn *insn,
		      bool extra_pass)
{
	u64 imm64;

	switch (BPF_CLASS(insn->code)) {
	case BPF_ALU:
	case BPF_ALU64:
		return build_alu(ctx, insn);
	case BPF_JMP:
	case BPF_JMP32:
		return build_jmp(ctx, insn, extra_pass);
	case BPF_LDX:
		return build_ldx(ctx, insn);
	case BPF_ST:
	case BPF_STX:
		return build_store(ctx, insn);
	case BPF_LD:
		if (insn->code != (BPF_LD | BPF_IMM | BPF_DW) ||
		    insn - ctx->prog->insnsi + 1 >= ctx->prog->len)
			return -EINVAL;
		imm64 = (u64)insn[1].imm << 32 | (u32)insn[0].imm;
		/* A subprogram's address is only final in the extra pass. */
		if (bpf_pseudo_func(insn))
			emit_addr64(ctx, bpf2a64[insn->dst_reg], imm64);
		else
			emit_mov_imm64(ctx, bpf2a64[insn->dst_reg], imm64);
		return 1;
	}
	return -EINVAL;
}

static int build_body(struct jit_ctx *ctx, bool extra_pass)
{
	const struct bpf_prog *prog = ctx->prog;
	int i, ret;

	for (i = 0; i < prog->len; i++) {
		ctx->offset[i] = ctx->idx;
		ret = build_insn(ctx, &prog->insnsi[i], extra_pass);
		if (ret < 0)
			return ret;
		if (ret > 0) {
			i++;
			ctx->offset[i] = ctx->idx;
		}
	}
	ctx->offset[i] = ctx->idx;
	return 0;
}

static int build_program(struct jit_ctx *ctx, bool extra_pass)
{
	int ret;

	ctx->idx = 0;
	ctx->nr_extable = 0;
	build_prologue(ctx);
	ret = build_body(ctx, extra_pass);
	if (ret)
		return ret;
	ctx->epilogue = ctx->idx;
	build_epilogue(ctx);
	return 0;
}

static void jit_fill_hole(void *area, unsigned int size)
{
	__le32 *p = area;

	for (; size >= AARCH64_INSN_SIZE; size -= AARCH64_INSN_SIZE)
		*p++ = cpu_to_le32(A64_JIT_FILL);
}

/* Drop what a program kept between its passes. */
static void jit_data_release(struct bpf_prog *prog)
{
	struct a64_jit_data *jd = prog->aux->jit_data;

	if (!jd)
		return;
	kvfree(jd->ctx.offset);
	kfree(jd);
	prog->aux->jit_data = NULL;
}

/*
 * Make the written program runnable: I-cache maintenance, then the
 * image read-only and executable; line info for the debugger.
 */
static int jit_publish(struct bpf_prog *prog, struct jit_ctx *ctx,
		       struct bpf_binary_header *header)
{
	unsigned long start = (unsigned long)ctx->image;
	int n;

	if (bpf_jit_enable > 1)
		bpf_jit_dump(prog->len, ctx->idx * AARCH64_INSN_SIZE, 2,
			     ctx->image);
	flush_icache_range(start, start + ctx->idx * AARCH64_INSN_SIZE);
	if (bpf_jit_binary_lock_ro(header))
		return -EFAULT;

	/* bpf_prog_fill_jited_linfo() wants byte offsets of each end */
	for (n = 0; n <= prog->len; n++)
		ctx->offset[n] *= AARCH64_INSN_SIZE;
	bpf_prog_fill_jited_linfo(prog, ctx->offset + 1);
	return 0;
}

/*
 * The extra pass jit_subprogs() asks of each subprogram once all have
 * an address: the same code, with the final call targets.
 */
static int jit_extra_pass(struct bpf_prog *prog, struct a64_jit_data *jd)
{
	struct jit_ctx ctx = jd->ctx;
	int len = ctx.idx;
	int err;

	err = build_program(&ctx, true);
	if (!err && ctx.idx != len)
		err = -EFAULT;
	if (!err)
		err = jit_publish(prog, &ctx, jd->header);
	if (err) {
		/* The caller sees bpf_func change and gives up. */
		bpf_jit_binary_free(jd->header);
		prog->aux->extable = NULL;
		prog->bpf_func = NULL;
		prog->jited = 0;
		prog->jited_len = 0;
	}
	jit_data_release(prog);
	return 0;
}

/* The first (or only) compilation: size, allocate, write. */
static int jit_first_pass(struct bpf_prog *prog)
{
	struct bpf_prog_aux *aux = prog->aux;
	struct jit_ctx ctx = { .prog = prog };
	struct bpf_binary_header *header;
	struct a64_jit_data *jd;
	unsigned int code_bytes, table_bytes;
	u8 *image;
	int err, len;

	ctx.stack_size = round_up(aux->stack_depth, 16);
	ctx.offset = kvcalloc(prog->len + 1, sizeof(*ctx.offset), GFP_KERNEL);
	if (!ctx.offset)
		return -ENOMEM;

	err = build_program(&ctx, false);
	if (!err && ctx.nr_extable != aux->num_exentries)
		err = -EINVAL;
	if (err)
		goto free_offset;

	len = ctx.idx;
	code_bytes = len * AARCH64_INSN_SIZE;
	table_bytes = aux->num_exentries * sizeof(struct exception_table_entry);
	header = bpf_jit_binary_alloc(code_bytes + table_bytes, &image,
				      AARCH64_INSN_SIZE, jit_fill_hole);
	if (!header) {
		err = -ENOMEM;
		goto free_offset;
	}
	ctx.image = (__le32 *)image;
	if (table_bytes)
		aux->extable = (void *)(image + code_bytes);

	err = build_program(&ctx, false);
	if (!err && ctx.idx != len)
		err = -EFAULT;
	if (err)
		goto free_image;

	if (prog->is_func) {
		/* Finished by jit_extra_pass(), the others' addresses known */
		jd = kzalloc(sizeof(*jd), GFP_KERNEL);
		if (!jd) {
			err = -ENOMEM;
			goto free_image;
		}
		jd->ctx = ctx;
		jd->header = header;
		aux->jit_data = jd;
	} else {
		err = jit_publish(prog, &ctx, header);
		if (err)
			goto free_image;
		kvfree(ctx.offset);
	}
	prog->bpf_func = (void *)image;
	prog->jited = 1;
	prog->jited_len = code_bytes;
	return 0;

free_image:
	aux->extable = NULL;
	bpf_jit_binary_free(header);
free_offset:
	kvfree(ctx.offset);
	return err;
}

struct bpf_prog *bpf_int_jit_compile(struct bpf_prog *prog)
{
	struct bpf_prog *work, *result;
	int err;

	if (!prog->jit_requested)
		return prog;

	/*
	 * With blinding the JIT works on a copy; when blinding was asked
	 * for and could not be done, the interpreter runs the program.
	 */
	work = bpf_jit_blind_constants(prog);
	if (IS_ERR(work))
		return prog;

	if (work->aux->jit_data)
		err = jit_extra_pass(work, work->aux->jit_data);
	else
		err = jit_first_pass(work);

	result = err ? prog : work;
	if (work != prog)
		bpf_jit_prog_release_other(result, result == prog ? work : prog);
	return result;
}

/*
 * A subprogram whose verification failed after its first pass still has
 * the state kept for the extra pass.
 */
void bpf_jit_free(struct bpf_prog *prog)
{
	if (prog->jited) {
		jit_data_release(prog);
		/* bpf_jit_binary_alloc() put the header at the page start */
		bpf_jit_binary_free((void *)((unsigned long)prog->bpf_func &
					     PAGE_MASK));
		WARN_ON_ONCE(!bpf_prog_kallsyms_verify_off(prog));
	}
	bpf_prog_unlock_free(prog);
}

/*
 * Calls are absolute (emit_call()), so kfuncs anywhere in the kernel or
 * in modules are in reach, as helpers are.
 */
bool bpf_jit_supports_kfunc_call(void)
{
	return true;
}

/* The tail call counter is shared through x26 by subprograms too. */
bool bpf_jit_supports_subprog_tailcalls(void)
{
	return true;
}

/*
 * User and kernel addresses never overlap here (TTBR0_EL1 and
 * TTBR1_EL1 halves): BPF_PROBE_MEM loads below this limit are skipped
 * by the verifier, so they only ever fault on kernel addresses.
 */
u64 bpf_arch_uaddress_limit(void)
{
	return TASK_SIZE_MAX;
}
