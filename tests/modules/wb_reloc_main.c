// SPDX-License-Identifier: GPL-2.0
/*
 * wb_reloc: every relocation type an arm64 module loader must handle,
 * checked by the module itself.
 *
 * An arm64 kernel module is a relocatable object ('ld -r'): the module
 * loader (apply_relocate_add()) patches every site once the sections have
 * their addresses.  Compiled C produces only a few types (CALL26/JUMP26,
 * ADRP + :lo12:, ABS64, PREL32), so a loader can pass the usual modules
 * with a wrong or missing case for the others.  The relocation sites here
 * are written by hand in assembly (wb_reloc_asm.S), with targets that the
 * assembler cannot resolve (other sections, exported kernel symbols, the
 * absolute symbols of wb_reloc_abs.S), so each type is certain to be in
 * the .ko.  At init the module runs or reads every site and compares the
 * result with the same symbol's address or value computed by the
 * compiler; a mismatch is reported with pr_err() naming the relocation
 * and fails the load with -EINVAL.  Success prints one line,
 * "wb_reloc: N relocations checked" (tests/kmod/reloc.sh looks for it).
 *
 * The types, as 'aarch64-linux-gnu-readelf -rW wb_reloc.ko' lists them
 * (all 37 types of arm64's apply_relocate_add() but R_AARCH64_NONE):
 *   data:   ABS64 ABS32 ABS16 PREL64 PREL32 PREL16
 *   MOVW:   MOVW_UABS_G0 MOVW_UABS_G0_NC MOVW_UABS_G1 MOVW_UABS_G1_NC
 *           MOVW_UABS_G2 MOVW_UABS_G2_NC MOVW_UABS_G3
 *           MOVW_SABS_G0 MOVW_SABS_G1 MOVW_SABS_G2
 *           MOVW_PREL_G0 MOVW_PREL_G0_NC MOVW_PREL_G1 MOVW_PREL_G1_NC
 *           MOVW_PREL_G2 MOVW_PREL_G2_NC MOVW_PREL_G3
 *   ADR:    ADR_PREL_PG_HI21 ADR_PREL_PG_HI21_NC ADR_PREL_LO21
 *           ADD_ABS_LO12_NC
 *   LD/ST:  LDST8_ABS_LO12_NC LDST16_ABS_LO12_NC LDST32_ABS_LO12_NC
 *           LDST64_ABS_LO12_NC LDST128_ABS_LO12_NC LD_PREL_LO19
 *   branch: TSTBR14 CONDBR19 JUMP26 CALL26
 * Targets: module data, rodata and text in other sections (before and
 * after the site, so that signed fields are tried both ways), absolute
 * symbols, and exported kernel data (jiffies, loops_per_jiffy,
 * empty_zero_page) and functions (gcd, int_sqrt).
 *
 * Sign handling is covered on purpose: MOVW_SABS_* and MOVW_PREL_G0..G3
 * must rewrite MOVZ into MOVN for a negative value (and MOVN into MOVZ
 * for a positive one), and ABS16/ABS32 take values with the top bit set.
 *
 * A B/BL site may reach its target directly or through a veneer of the
 * loader's (logged with pr_info); both are right as long as the call
 * lands (wb_plt is the test that forces veneers).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/gcd.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/math.h>
#include <linux/module.h>
#include <linux/pgtable.h>
#include <linux/string.h>

#include "wb_reloc.h"

/* wb_reloc_asm.S: the test functions */
u64 wb_uabs_g0(void);
u64 wb_uabs_g1(void);
u64 wb_uabs_g2(void);
u64 wb_uabs_g3_kdata(void);
u64 wb_uabs_g3_mod(void);
u64 wb_sabs_g0_neg(void);
u64 wb_sabs_g0_pos(void);
u64 wb_sabs_g1(void);
u64 wb_sabs_g2_abs(void);
u64 wb_sabs_g2_kfunc(void);
u64 wb_prel_g3_mod(void);
u64 wb_prel_g3_kdata(void);
u64 wb_prel_g2_kfunc(void);
u64 wb_prel_g1_kdata(void);
u64 wb_prel_g0_fwd(void);
u64 wb_prel_g0_back(void);
u64 wb_adrp_kdata(void);
u64 wb_adrp_kfunc(void);
u64 wb_adrp_nc_mod(void);
u64 wb_adr_far(void);
u64 wb_adr_lo(void);
u64 wb_ldst8_mod(void);
u64 wb_ldst16_mod(void);
u64 wb_ldst32_mod(void);
u64 wb_ldst64_mod(void);
u64 wb_ldst8_kdata(void);
u64 wb_ldst16_kdata(void);
u64 wb_ldst32_kdata(void);
u64 wb_ldst64_kdata(void);
void wb_ldst128_mod(u64 out[2]);
void wb_ldst128_kdata(u64 out[2]);
u64 wb_ldlit_far(void);
u64 wb_ldlit_lo(void);
u64 wb_tbz_far(u64 x);
u64 wb_tbnz_lo(u64 x);
u64 wb_bcond_far(u64 x);
u64 wb_bcond_lo(u64 x);
u64 wb_jump_far(void);
u64 wb_jump_lo(void);
unsigned long wb_jump_kfunc(unsigned long x);
u64 wb_call_far(void);
u64 wb_call_lo(void);
unsigned long wb_call_kfunc(unsigned long a, unsigned long b);
u64 wb_far_fn(void);
u64 wb_lo_fn(void);

/* instructions whose immediate is decoded */
extern const u32 wb_i_ldst8_mod[], wb_i_ldst16_mod[], wb_i_ldst32_mod[];
extern const u32 wb_i_ldst64_mod[], wb_i_ldst128_mod[];
extern const u32 wb_i_ldst8_kdata[], wb_i_ldst16_kdata[], wb_i_ldst32_kdata[];
extern const u32 wb_i_ldst64_kdata[], wb_i_ldst128_kdata[];
extern const u32 wb_i_jump_far[], wb_i_jump_lo[], wb_i_jump_kfunc[];
extern const u32 wb_i_call_far[], wb_i_call_lo[], wb_i_call_kfunc[];

/* targets */
extern const u8 wb_mod_data[WB_DATA_SIZE];
extern const u64 wb_ro_data[2];
extern const u64 wb_far_lit, wb_lo_lit;

/* the data relocation table */
extern const u64 wb_d_abs64_mod, wb_d_abs64_ro, wb_d_abs64_kdata;
extern const u64 wb_d_abs64_kfunc, wb_d_abs64_text;
extern const s64 wb_d_prel64_mod, wb_d_prel64_kdata, wb_d_prel64_kfunc;
extern const u32 wb_d_abs32, wb_d_abs32_add;
extern const s32 wb_d_prel32_mod, wb_d_prel32_ro, wb_d_prel32_text;
extern const s32 wb_d_prel32_kdata, wb_d_prel32_kfunc;
extern const u16 wb_d_abs16, wb_d_abs16_add;
extern const s16 wb_d_prel16_mod;

static int relocs, failures;

static void ck(const char *what, int nrelocs, u64 got, u64 want)
{
	relocs += nrelocs;
	if (got == want)
		return;
	failures++;
	pr_err("%s: got %#llx, want %#llx\n", what, got, want);
}

#define A(x)	((u64)(unsigned long)(x))

/* P-relative data: the value S + A - P as the loader must have stored it */
#define PREL(sym, addend, place)	(A(sym) + (addend) - A(&(place)))

/*
 * LDR/STR (unsigned immediate) hold :lo12: of the address scaled by the
 * access size; a wrong field would load from elsewhere in the page, which
 * could by chance hold the same value, so the field is checked as well.
 */
static void ck_lo12(const char *what, const u32 *insn, u64 addr, int shift)
{
	u32 imm12 = (le32_to_cpu(*insn) >> 10) & 0xfff;

	ck(what, 0, imm12, (addr & 0xfff) >> shift);
}

static u64 branch_target(const u32 *insn)
{
	u32 i = le32_to_cpu(*insn);

	return A(insn) + sign_extend64((u64)(i & 0x03ffffff) << 2, 27);
}

static bool in_module_text(u64 addr)
{
	const struct module_memory *m = &THIS_MODULE->mem[MOD_TEXT];

	return addr >= A(m->base) && addr < A(m->base) + m->size;
}

/*
 * A B/BL site must reach its function, directly or through a veneer in
 * the module's own text (the veneer itself is tested by the call).
 */
static void ck_branch(const char *what, const u32 *insn, u64 func, u32 op)
{
	u64 t = branch_target(insn);
	u32 i = le32_to_cpu(*insn);

	ck(what, 0, i & 0xfc000000, op);
	if (t == func)
		return;
	if (in_module_text(t)) {
		pr_info("%s: %px reaches %px through a veneer at %px\n",
			what, insn, (void *)func, (void *)t);
		return;
	}
	failures++;
	pr_err("%s: branch at %px goes to %px: neither %px nor a veneer\n",
	       what, insn, (void *)t, (void *)func);
}

#define OP_B	0x14000000
#define OP_BL	0x94000000

static void check_data(void)
{
	ck("R_AARCH64_ABS64 (module data)", 1, wb_d_abs64_mod, A(wb_mod_data) + 8);
	ck("R_AARCH64_ABS64 (module rodata)", 1, wb_d_abs64_ro, A(wb_ro_data));
	ck("R_AARCH64_ABS64 (kernel data)", 1, wb_d_abs64_kdata, A(&jiffies));
	ck("R_AARCH64_ABS64 (kernel function)", 1, wb_d_abs64_kfunc, A(gcd));
	ck("R_AARCH64_ABS64 (module text)", 1, wb_d_abs64_text, A(wb_far_fn));

	ck("R_AARCH64_PREL64 (module data)", 1, wb_d_prel64_mod,
	   PREL(wb_mod_data, 0, wb_d_prel64_mod));
	ck("R_AARCH64_PREL64 (kernel data)", 1, wb_d_prel64_kdata,
	   PREL(&loops_per_jiffy, 0, wb_d_prel64_kdata));
	ck("R_AARCH64_PREL64 (kernel function)", 1, wb_d_prel64_kfunc,
	   PREL(int_sqrt, 0, wb_d_prel64_kfunc));

	ck("R_AARCH64_ABS32 (absolute symbol)", 1, wb_d_abs32, WB_ABS32);
	ck("R_AARCH64_ABS32 (absolute symbol + addend)", 1, wb_d_abs32_add,
	   WB_ABS16 + 0x70000000);

	ck("R_AARCH64_PREL32 (module data)", 1, (s64)wb_d_prel32_mod,
	   PREL(wb_mod_data, 4, wb_d_prel32_mod));
	ck("R_AARCH64_PREL32 (module rodata)", 1, (s64)wb_d_prel32_ro,
	   PREL(wb_ro_data, 0, wb_d_prel32_ro));
	ck("R_AARCH64_PREL32 (module text)", 1, (s64)wb_d_prel32_text,
	   PREL(wb_far_fn, 0, wb_d_prel32_text));
	ck("R_AARCH64_PREL32 (kernel data)", 1, (s64)wb_d_prel32_kdata,
	   PREL(&jiffies, 0, wb_d_prel32_kdata));
	ck("R_AARCH64_PREL32 (kernel function)", 1, (s64)wb_d_prel32_kfunc,
	   PREL(gcd, 0, wb_d_prel32_kfunc));

	ck("R_AARCH64_ABS16 (absolute symbol)", 1, wb_d_abs16, WB_ABS16);
	ck("R_AARCH64_ABS16 (absolute symbol + addend, top bit set)", 1,
	   wb_d_abs16_add, WB_ABS16 + 0x8000);
	ck("R_AARCH64_PREL16 (module data)", 1, (s64)wb_d_prel16_mod,
	   PREL(wb_mod_data, 2, wb_d_prel16_mod));
}

static void check_movw(void)
{
	ck("R_AARCH64_MOVW_UABS_G0", 1, wb_uabs_g0(), WB_ABS16);
	ck("R_AARCH64_MOVW_UABS_G1 + G0_NC", 2, wb_uabs_g1(), WB_ABS32);
	ck("R_AARCH64_MOVW_UABS_G2 + G1_NC + G0_NC", 3, wb_uabs_g2(), WB_ABS48);
	ck("R_AARCH64_MOVW_UABS_G3 + G2_NC + G1_NC + G0_NC (kernel data)", 4,
	   wb_uabs_g3_kdata(), A(&jiffies));
	ck("R_AARCH64_MOVW_UABS_G3 + G2_NC + G1_NC + G0_NC (module rodata)", 4,
	   wb_uabs_g3_mod(), A(wb_ro_data) + 8);

	ck("R_AARCH64_MOVW_SABS_G0 (negative: MOVZ made MOVN)", 1,
	   wb_sabs_g0_neg(), (u64)(s64)WB_ABSNEG16);
	ck("R_AARCH64_MOVW_SABS_G0 (positive: MOVN made MOVZ)", 1,
	   wb_sabs_g0_pos(), WB_ABS16);
	ck("R_AARCH64_MOVW_SABS_G1 + UABS_G0_NC (negative)", 2,
	   wb_sabs_g1(), (u64)(s64)WB_ABSNEG32);
	ck("R_AARCH64_MOVW_SABS_G2 + UABS_G1_NC + G0_NC (negative)", 3,
	   wb_sabs_g2_abs(), (u64)(s64)WB_ABSNEG48);
	ck("R_AARCH64_MOVW_SABS_G2 + UABS_G1_NC + G0_NC (kernel function)", 3,
	   wb_sabs_g2_kfunc(), A(int_sqrt));

	ck("R_AARCH64_MOVW_PREL_G3 + G2_NC + G1_NC + G0_NC (module data)", 4,
	   wb_prel_g3_mod(), A(wb_mod_data));
	ck("R_AARCH64_MOVW_PREL_G3 + G2_NC + G1_NC + G0_NC (kernel data)", 4,
	   wb_prel_g3_kdata(), A(&jiffies));
	ck("R_AARCH64_MOVW_PREL_G2 + G1_NC + G0_NC (kernel function)", 3,
	   wb_prel_g2_kfunc(), A(gcd));
	ck("R_AARCH64_MOVW_PREL_G1 + G0_NC (kernel data)", 2,
	   wb_prel_g1_kdata(), A(&loops_per_jiffy));
	ck("R_AARCH64_MOVW_PREL_G0 (forward)", 1, wb_prel_g0_fwd(), A(&wb_far_lit));
	ck("R_AARCH64_MOVW_PREL_G0 (backward)", 1, wb_prel_g0_back(), A(&wb_lo_lit));
}

static void check_adr_ldst(void)
{
	unsigned long flags;
	u64 q[2];

	ck("R_AARCH64_ADR_PREL_PG_HI21 + ADD_ABS_LO12_NC (kernel data)", 2,
	   wb_adrp_kdata(), A(&jiffies));
	ck("R_AARCH64_ADR_PREL_PG_HI21 + ADD_ABS_LO12_NC (kernel function)", 2,
	   wb_adrp_kfunc(), A(gcd));
	ck("R_AARCH64_ADR_PREL_PG_HI21_NC + ADD_ABS_LO12_NC (module data)", 2,
	   wb_adrp_nc_mod(), A(wb_mod_data) + 20);
	ck("R_AARCH64_ADR_PREL_LO21 (forward)", 1, wb_adr_far(), A(&wb_far_lit));
	ck("R_AARCH64_ADR_PREL_LO21 (backward)", 1, wb_adr_lo(), A(&wb_lo_lit));

	/* module data: byte i of wb_mod_data is WB_DATA_BYTE0 + i */
	ck("R_AARCH64_LDST8_ABS_LO12_NC (module data)", 2, wb_ldst8_mod(),
	   wb_mod_data[3]);
	ck_lo12("R_AARCH64_LDST8_ABS_LO12_NC (module data, field)",
		wb_i_ldst8_mod, A(wb_mod_data) + 3, 0);
	ck("R_AARCH64_LDST16_ABS_LO12_NC (module data)", 2, wb_ldst16_mod(),
	   *(const u16 *)&wb_mod_data[6]);
	ck_lo12("R_AARCH64_LDST16_ABS_LO12_NC (module data, field)",
		wb_i_ldst16_mod, A(wb_mod_data) + 6, 1);
	ck("R_AARCH64_LDST32_ABS_LO12_NC (module data)", 2, wb_ldst32_mod(),
	   *(const u32 *)&wb_mod_data[12]);
	ck_lo12("R_AARCH64_LDST32_ABS_LO12_NC (module data, field)",
		wb_i_ldst32_mod, A(wb_mod_data) + 12, 2);
	ck("R_AARCH64_LDST64_ABS_LO12_NC (module data)", 2, wb_ldst64_mod(),
	   *(const u64 *)&wb_mod_data[24]);
	ck_lo12("R_AARCH64_LDST64_ABS_LO12_NC (module data, field)",
		wb_i_ldst64_mod, A(wb_mod_data) + 24, 3);

	/* kernel data: the bytes of loops_per_jiffy, fixed since boot */
	ck("R_AARCH64_LDST8_ABS_LO12_NC (kernel data)", 2, wb_ldst8_kdata(),
	   ((const u8 *)&loops_per_jiffy)[1]);
	ck_lo12("R_AARCH64_LDST8_ABS_LO12_NC (kernel data, field)",
		wb_i_ldst8_kdata, A(&loops_per_jiffy) + 1, 0);
	ck("R_AARCH64_LDST16_ABS_LO12_NC (kernel data)", 2, wb_ldst16_kdata(),
	   ((const u16 *)&loops_per_jiffy)[1]);
	ck_lo12("R_AARCH64_LDST16_ABS_LO12_NC (kernel data, field)",
		wb_i_ldst16_kdata, A(&loops_per_jiffy) + 2, 1);
	ck("R_AARCH64_LDST32_ABS_LO12_NC (kernel data)", 2, wb_ldst32_kdata(),
	   ((const u32 *)&loops_per_jiffy)[1]);
	ck_lo12("R_AARCH64_LDST32_ABS_LO12_NC (kernel data, field)",
		wb_i_ldst32_kdata, A(&loops_per_jiffy) + 4, 2);
	ck("R_AARCH64_LDST64_ABS_LO12_NC (kernel data)", 2, wb_ldst64_kdata(),
	   loops_per_jiffy);
	ck_lo12("R_AARCH64_LDST64_ABS_LO12_NC (kernel data, field)",
		wb_i_ldst64_kdata, A(&loops_per_jiffy), 3);

	/* Q-register loads: q0 is saved and restored with interrupts off */
	memset(q, 0x5a, sizeof(q));
	local_irq_save(flags);
	wb_ldst128_mod(q);
	local_irq_restore(flags);
	ck("R_AARCH64_LDST128_ABS_LO12_NC (module data, low half)", 2, q[0],
	   *(const u64 *)&wb_mod_data[16]);
	ck("R_AARCH64_LDST128_ABS_LO12_NC (module data, high half)", 0, q[1],
	   *(const u64 *)&wb_mod_data[24]);
	ck_lo12("R_AARCH64_LDST128_ABS_LO12_NC (module data, field)",
		wb_i_ldst128_mod, A(wb_mod_data) + 16, 4);

	memset(q, 0x5a, sizeof(q));
	local_irq_save(flags);
	wb_ldst128_kdata(q);
	local_irq_restore(flags);
	ck("R_AARCH64_LDST128_ABS_LO12_NC (kernel data)", 2, q[0] | q[1], 0);
	ck_lo12("R_AARCH64_LDST128_ABS_LO12_NC (kernel data, field)",
		wb_i_ldst128_kdata, A(empty_zero_page) + 32, 4);

	ck("R_AARCH64_LD_PREL_LO19 (forward)", 1, wb_ldlit_far(), WB_FAR_LIT);
	ck("R_AARCH64_LD_PREL_LO19 (backward)", 1, wb_ldlit_lo(), WB_LO_LIT);
}

static void check_branches(void)
{
	ck("R_AARCH64_TSTBR14 (TBZ, forward)", 1, wb_tbz_far(0), WB_RET_TBZ);
	ck("R_AARCH64_TSTBR14 (TBNZ, backward)", 1, wb_tbnz_lo(BIT(5)), WB_RET_TBNZ);
	ck("R_AARCH64_CONDBR19 (B.EQ, forward)", 1, wb_bcond_far(42), WB_RET_BCOND);
	ck("R_AARCH64_CONDBR19 (B.NE, backward)", 1, wb_bcond_lo(7), WB_RET_BCOND_LO);

	ck("R_AARCH64_JUMP26 (module text, forward)", 1, wb_jump_far(), WB_RET_FAR_FN);
	ck_branch("R_AARCH64_JUMP26 (module text, forward)", wb_i_jump_far,
		  A(wb_far_fn), OP_B);
	ck("R_AARCH64_JUMP26 (module text, backward)", 1, wb_jump_lo(), WB_RET_LO_FN);
	ck_branch("R_AARCH64_JUMP26 (module text, backward)", wb_i_jump_lo,
		  A(wb_lo_fn), OP_B);
	ck("R_AARCH64_JUMP26 (kernel function int_sqrt)", 1,
	   wb_jump_kfunc(1000000), 1000);
	ck_branch("R_AARCH64_JUMP26 (kernel function int_sqrt)", wb_i_jump_kfunc,
		  A(int_sqrt), OP_B);

	ck("R_AARCH64_CALL26 (module text, forward)", 1, wb_call_far(), WB_RET_FAR_FN);
	ck_branch("R_AARCH64_CALL26 (module text, forward)", wb_i_call_far,
		  A(wb_far_fn), OP_BL);
	ck("R_AARCH64_CALL26 (module text, backward)", 1, wb_call_lo(), WB_RET_LO_FN);
	ck_branch("R_AARCH64_CALL26 (module text, backward)", wb_i_call_lo,
		  A(wb_lo_fn), OP_BL);
	ck("R_AARCH64_CALL26 (kernel function gcd)", 1, wb_call_kfunc(84, 36), 12 + 1);
	ck_branch("R_AARCH64_CALL26 (kernel function gcd)", wb_i_call_kfunc,
		  A(gcd), OP_BL);
}

static int __init wb_reloc_init(void)
{
	check_data();
	check_movw();
	check_adr_ldst();
	check_branches();
	if (failures) {
		pr_err("%d of the checks of %d relocations failed\n",
		       failures, relocs);
		return -EINVAL;
	}
	pr_info("%d relocations checked\n", relocs);
	return 0;
}

static void __exit wb_reloc_exit(void)
{
}

module_init(wb_reloc_init);
module_exit(wb_reloc_exit);
MODULE_DESCRIPTION("Checks every AArch64 relocation type the module loader applies");
MODULE_LICENSE("GPL");
