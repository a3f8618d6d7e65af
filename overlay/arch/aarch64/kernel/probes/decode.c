// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which A64 instructions kprobes and uprobes may probe, and how.
 *
 * A probed instruction is replaced by a BRK.  When the BRK is hit, the
 * instruction either runs from a copy in an out-of-line slot, or is
 * simulated (kernel/probes/simulate.c).  A copy runs at a different
 * address, with interrupts masked (kprobes) or under single step
 * (uprobes), so it must not depend on its address or on PSTATE that
 * the probe changes:
 *
 *  - branches and the PC-relative instructions (ADR, ADRP, LDR
 *    literal) are simulated, where simulating them is simple enough;
 *  - exclusive loads and stores are refused: the exception taken
 *    after the copy clears the exclusive monitor (DDI 0487 L.a, "Load-
 *    Exclusive and Store-Exclusive instruction usage restrictions": an
 *    exception return may clear it), so a loop of LDXR ... STXR around
 *    a probe would never succeed.  kprobes also refuses any
 *    instruction between an LDXR and its STXR;
 *  - the memory copy and set instructions (FEAT_MOPS) must be three
 *    consecutive instructions (prologue, main, epilogue) and are
 *    refused;
 *  - exception generation, exception return, writes to system
 *    registers and PSTATE, and most reads of them are refused: their
 *    effect depends on the exception level and PSTATE they run in,
 *    which the probe has changed;
 *  - of the hints only those that are a NOP at the point they run, or
 *    sign a return address, are copied.
 *
 * Whatever is not known to be safe is refused.  Encodings are those of
 * the A64 encoding index of DDI 0487 L.a.  The rules are arm64's
 * (arch/arm64/kernel/probes/decode-insn.c), with the simulated set
 * written here.
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/types.h>
#include <asm/insn.h>
#include <asm/probes.h>

#include "simulate.h"

/* An encoding class: insn & mask == value. */
struct insn_class {
	u32 mask, value;
	probe_simulate_t *simulate;	/* NULL: refused */
};

static bool insn_in(u32 insn, u32 mask, u32 value)
{
	return (insn & mask) == value;
}

/* Branches, exception generation and system instructions: op0 x101. */
static bool is_branch_sys(u32 insn)
{
	return insn_in(insn, 0x1c000000, 0x14000000);
}

/* Loads and stores: op0 x1x0. */
static bool is_load_store(u32 insn)
{
	return insn_in(insn, 0x0a000000, 0x08000000);
}

/* LDXR/STXR and their acquire/release and pair forms (and CASP): o2 0. */
static bool is_exclusive(u32 insn)
{
	return insn_in(insn, 0x3f800000, 0x08000000);
}

/* ... and of those, the loads (L, bit 22, set). */
static bool is_load_exclusive(u32 insn)
{
	return insn_in(insn, 0x3fc00000, 0x08400000);
}

static bool is_store_exclusive(u32 insn)
{
	return insn_in(insn, 0x3fc00000, 0x08000000);
}

/* CPY* and SET* (FEAT_MOPS). */
static bool is_mops(u32 insn)
{
	return insn_in(insn, 0x3b200c00, 0x19000400);
}

/* Any load of a PC-relative literal: LDR, LDRSW, PRFM and SIMD&FP. */
static bool is_literal_load(u32 insn)
{
	return insn_in(insn, 0x3b000000, 0x18000000);
}

/*
 * HINT #n, n = CRm:op2 (bits 11:5).  Copied: NOP, the PAC instructions
 * that sign or strip a return address without checking it (XPACLRI,
 * PACIA1716, PACIB1716, PACIAZ, PACIASP, PACIBZ, PACIBSP) and BTI in
 * its four forms.  Refused: the others, which wait (WFE, WFI, YIELD),
 * signal events, synchronise errors or trace (ESB, PSB, TSB), or may
 * fault (AUT*).
 */
static bool hint_is_steppable(u32 insn)
{
	unsigned int n = (insn >> 5) & 0x7f;

	switch (n) {
	case 0:				/* NOP */
	case 7:				/* XPACLRI */
	case 8: case 10:		/* PACIA1716, PACIB1716 */
	case 24 ... 27:			/* PACIAZ, PACIASP, PACIBZ, PACIBSP */
	case 32: case 34: case 36: case 38:	/* BTI, BTI c, j, jc */
		return true;
	}
	return false;
}

/*
 * The branch, exception and system group: copy the barriers, SYS and
 * SYSL (cache and TLB maintenance, address translation) and the safe
 * hints; simulate the branches; refuse the rest.
 */
static const struct insn_class branch_sys_classes[] = {
	{ 0x7c000000, 0x14000000, simulate_b_bl },	/* B, BL */
	{ 0xff000010, 0x54000000, simulate_b_cond },	/* B.cond */
	{ 0x7e000000, 0x34000000, simulate_cbz },	/* CBZ, CBNZ */
	{ 0x7e000000, 0x36000000, simulate_tbz },	/* TBZ, TBNZ */
	{ 0xfffffc1f, 0xd61f0000, simulate_br_blr_ret },	/* BR */
	{ 0xfffffc1f, 0xd63f0000, simulate_br_blr_ret },	/* BLR */
	{ 0xfffffc1f, 0xd65f0000, simulate_br_blr_ret },	/* RET */
};

static enum probe_insn decode_branch_sys(u32 insn, struct arch_probe_insn *api)
{
	int i;

	/* DSB, DMB, ISB, SB, CLREX: CRn 0011. */
	if (insn_in(insn, 0xfffff01f, 0xd503301f))
		return INSN_GOOD;
	/* SYS, SYSL: op0 01. */
	if (insn_in(insn, 0xffd80000, 0xd5080000))
		return INSN_GOOD;
	if (insn_in(insn, 0xfffff01f, 0xd503201f))
		return hint_is_steppable(insn) ? INSN_GOOD : INSN_REJECTED;

	for (i = 0; i < ARRAY_SIZE(branch_sys_classes); i++) {
		const struct insn_class *c = &branch_sys_classes[i];

		if (insn_in(insn, c->mask, c->value)) {
			api->simulate = c->simulate;
			return INSN_GOOD_NO_SLOT;
		}
	}
	return INSN_REJECTED;
}

enum probe_insn aarch64_probe_decode(u32 insn, struct arch_probe_insn *api)
{
	api->simulate = NULL;

	/* op0 bits 28:27 00: reserved, SME and SVE encodings. */
	if (insn_in(insn, 0x18000000, 0x00000000))
		return INSN_REJECTED;
	if (is_branch_sys(insn))
		return decode_branch_sys(insn, api);
	/* ADR, ADRP. */
	if (insn_in(insn, 0x1f000000, 0x10000000)) {
		api->simulate = simulate_adr_adrp;
		return INSN_GOOD_NO_SLOT;
	}
	if (is_load_store(insn) &&
	    (is_literal_load(insn) || is_exclusive(insn) || is_mops(insn)))
		return INSN_REJECTED;
	/* Data processing, other loads and stores, SIMD and FP. */
	return INSN_GOOD;
}

#ifdef CONFIG_KPROBES
/* How far back from a probe to look for an LDXR not yet closed. */
#define EXCLUSIVE_SCAN_INSNS	16

/*
 * Does the code from @start back to @limit open an exclusive sequence
 * that is still open at @start?  The scan stops at the first LDXR
 * (open) or STXR (closed) it meets.
 */
static bool in_exclusive_sequence(const __le32 *start, const __le32 *limit)
{
	const __le32 *p;

	for (p = start; p >= limit; p--) {
		u32 insn = le32_to_cpu(*p);

		if (is_store_exclusive(insn))
			return false;
		if (is_load_exclusive(insn))
			return true;
	}
	return false;
}

/*
 * The kernel-side decoder: kernel text may also load literals (LDR,
 * LDRSW, PRFM), and read DAIF (local_irq_save()), both simulated as the
 * copy would see neither the literal nor the DAIF of the probed code.
 */
static const struct insn_class kernel_classes[] = {
	{ 0xff000000, 0x18000000, simulate_ldr_literal },	/* LDR Wt */
	{ 0xff000000, 0x58000000, simulate_ldr_literal },	/* LDR Xt */
	{ 0xff000000, 0x98000000, simulate_ldr_literal },	/* LDRSW */
	{ 0xff000000, 0xd8000000, simulate_nop },		/* PRFM */
	{ 0xffffffe0, 0xd53b4220, simulate_mrs_daif },	/* MRS Xt, DAIF */
};

/*
 * Reads of system registers that a copy may make: SP_EL0 (current) and
 * TPIDR_EL1 (this CPU's per-CPU offset) hold the same value between
 * the two BRKs, as the copy runs on the same CPU, in the same task,
 * with interrupts masked.  arm64 refuses every MRS but DAIF; these two
 * are in most kernel functions.
 */
static bool is_steppable_kernel_mrs(u32 insn)
{
	return insn_in(insn, 0xffffffe0, 0xd5384100) ||	/* SP_EL0 */
	       insn_in(insn, 0xffffffe0, 0xd538d080);	/* TPIDR_EL1 */
}

enum probe_insn aarch64_kprobe_decode(const __le32 *addr,
				      struct arch_probe_insn *api)
{
	u32 insn = le32_to_cpu(*addr);
	unsigned long size, offset;
	enum probe_insn ret = INSN_REJECTED;
	const __le32 *limit;
	int i;

	api->simulate = NULL;
	for (i = 0; i < ARRAY_SIZE(kernel_classes); i++) {
		if (insn_in(insn, kernel_classes[i].mask,
			    kernel_classes[i].value)) {
			api->simulate = kernel_classes[i].simulate;
			ret = INSN_GOOD_NO_SLOT;
			break;
		}
	}
	if (ret == INSN_REJECTED && is_steppable_kernel_mrs(insn))
		ret = INSN_GOOD;
	if (ret == INSN_REJECTED)
		ret = aarch64_probe_decode(insn, api);
	if (ret == INSN_REJECTED)
		return ret;

	/*
	 * Scan back no further than the start of the function the probe
	 * is in: what lies before it may be data or another function.
	 * Without a symbol there is nothing to scan safely: refuse.
	 */
	if (!kallsyms_lookup_size_offset((unsigned long)addr, &size, &offset))
		return INSN_REJECTED;
	offset /= AARCH64_INSN_SIZE;
	limit = addr - min_t(unsigned long, offset, EXCLUSIVE_SCAN_INSNS);
	if (in_exclusive_sequence(addr - 1, limit))
		return INSN_REJECTED;
	return ret;
}
#endif /* CONFIG_KPROBES */
