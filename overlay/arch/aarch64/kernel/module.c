// SPDX-License-Identifier: GPL-2.0-only
/*
 * The module loader's relocations: "ELF for the Arm 64-bit Architecture
 * (AArch64)" (IHI 0056), table "Static relocations", for the types a
 * kernel module built by GCC and binutils carries.
 *
 * Each relocation is described by a row of reloc_howto[]: how the value
 * X is computed (S + A, S + A - P, or Page(S + A) - Page(P)), where it
 * goes (data of 16, 32 or 64 bits, a MOVW immediate, or an instruction
 * immediate field), which of its bits the field holds, and the range X
 * must lie in.  A value that does not fit, a misaligned one, a place
 * outside its section, a symbol outside the symbol table or a type not
 * in the table refuses the module with -ENOEXEC and a message naming
 * the module, section, symbol and relocation: nothing is written that
 * would branch or load somewhere else than the module asked.
 */
#include <linux/elf.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleloader.h>
#include <linux/sizes.h>
#include <asm/errata.h>
#include <asm/insn.h>
#include <asm/lse.h>
#include <linux/unaligned.h>

enum reloc_op {
	OP_ABS,		/* S + A */
	OP_PREL,	/* S + A - P */
	OP_PAGE,	/* Page(S + A) - Page(P), 4KB pages */
};

enum reloc_form {
	FORM_DATA16,
	FORM_DATA32,
	FORM_DATA64,
	FORM_MOVW,	/* MOVZ/MOVK imm16 = X[lsb + 15 : lsb] */
	FORM_MOVW_SX,	/* MOVZ of X, or MOVN of ~X when X < 0 */
	FORM_IMM,	/* an instruction field = X >> lsb */
	FORM_IMM_LO12,	/* an instruction field = X[11 : lsb] */
};

enum reloc_check {
	CHECK_NONE,
	CHECK_SIGNED,	/* -2^(bits-1) <= X < 2^(bits-1) */
	CHECK_UNSIGNED,	/* 0 <= X < 2^bits */
	CHECK_EITHER,	/* -2^(bits-1) <= X < 2^bits: signed or unsigned */
};

struct reloc_howto {
	const char *name;
	u8 op;
	u8 form;
	u8 field;	/* enum aarch64_imm_field, for FORM_IMM* */
	u8 lsb;		/* lowest bit of X the field holds */
	u8 check;
	u8 bits;	/* width of the checked range */
};

#define HOWTO(type, o, f, fld, l, c, b)					\
	[(type) - R_AARCH64_ABS64] = { .name = #type + 2, .op = (o),	\
		.form = (f), .field = (fld), .lsb = (l), .check = (c),	\
		.bits = (b) }

/*
 * The ABI checks ABS16/ABS32 against the union of the signed and the
 * unsigned range.  PREL16/PREL32 hold offsets that kernel code reads
 * back as signed (relative pointers in __ex_table, __jump_table,
 * __bug_table, the symbol tables), so only the signed range is taken
 * for them: an offset that fits only as unsigned would be read back
 * wrong.
 */
static const struct reloc_howto reloc_howto[] = {
	HOWTO(R_AARCH64_ABS64, OP_ABS, FORM_DATA64, 0, 0, CHECK_NONE, 0),
	HOWTO(R_AARCH64_ABS32, OP_ABS, FORM_DATA32, 0, 0, CHECK_EITHER, 32),
	HOWTO(R_AARCH64_ABS16, OP_ABS, FORM_DATA16, 0, 0, CHECK_EITHER, 16),
	HOWTO(R_AARCH64_PREL64, OP_PREL, FORM_DATA64, 0, 0, CHECK_NONE, 0),
	HOWTO(R_AARCH64_PREL32, OP_PREL, FORM_DATA32, 0, 0, CHECK_SIGNED, 32),
	HOWTO(R_AARCH64_PREL16, OP_PREL, FORM_DATA16, 0, 0, CHECK_SIGNED, 16),

	HOWTO(R_AARCH64_MOVW_UABS_G0, OP_ABS, FORM_MOVW, 0, 0, CHECK_UNSIGNED, 16),
	HOWTO(R_AARCH64_MOVW_UABS_G0_NC, OP_ABS, FORM_MOVW, 0, 0, CHECK_NONE, 0),
	HOWTO(R_AARCH64_MOVW_UABS_G1, OP_ABS, FORM_MOVW, 0, 16, CHECK_UNSIGNED, 32),
	HOWTO(R_AARCH64_MOVW_UABS_G1_NC, OP_ABS, FORM_MOVW, 0, 16, CHECK_NONE, 0),
	HOWTO(R_AARCH64_MOVW_UABS_G2, OP_ABS, FORM_MOVW, 0, 32, CHECK_UNSIGNED, 48),
	HOWTO(R_AARCH64_MOVW_UABS_G2_NC, OP_ABS, FORM_MOVW, 0, 32, CHECK_NONE, 0),
	HOWTO(R_AARCH64_MOVW_UABS_G3, OP_ABS, FORM_MOVW, 0, 48, CHECK_NONE, 0),
	HOWTO(R_AARCH64_MOVW_SABS_G0, OP_ABS, FORM_MOVW_SX, 0, 0, CHECK_SIGNED, 17),
	HOWTO(R_AARCH64_MOVW_SABS_G1, OP_ABS, FORM_MOVW_SX, 0, 16, CHECK_SIGNED, 33),
	HOWTO(R_AARCH64_MOVW_SABS_G2, OP_ABS, FORM_MOVW_SX, 0, 32, CHECK_SIGNED, 49),

	HOWTO(R_AARCH64_LD_PREL_LO19, OP_PREL, FORM_IMM, AARCH64_IMM_19, 2, CHECK_SIGNED, 21),
	HOWTO(R_AARCH64_ADR_PREL_LO21, OP_PREL, FORM_IMM, AARCH64_IMM_ADR, 0, CHECK_SIGNED, 21),
	HOWTO(R_AARCH64_ADR_PREL_PG_HI21, OP_PAGE, FORM_IMM, AARCH64_IMM_ADR, 12, CHECK_SIGNED, 33),
	HOWTO(R_AARCH64_ADR_PREL_PG_HI21_NC, OP_PAGE, FORM_IMM, AARCH64_IMM_ADR, 12, CHECK_NONE, 0),
	HOWTO(R_AARCH64_ADD_ABS_LO12_NC, OP_ABS, FORM_IMM_LO12, AARCH64_IMM_12, 0, CHECK_NONE, 0),
	HOWTO(R_AARCH64_LDST8_ABS_LO12_NC, OP_ABS, FORM_IMM_LO12, AARCH64_IMM_12, 0, CHECK_NONE, 0),
	HOWTO(R_AARCH64_LDST16_ABS_LO12_NC, OP_ABS, FORM_IMM_LO12, AARCH64_IMM_12, 1, CHECK_NONE, 0),
	HOWTO(R_AARCH64_LDST32_ABS_LO12_NC, OP_ABS, FORM_IMM_LO12, AARCH64_IMM_12, 2, CHECK_NONE, 0),
	HOWTO(R_AARCH64_LDST64_ABS_LO12_NC, OP_ABS, FORM_IMM_LO12, AARCH64_IMM_12, 3, CHECK_NONE, 0),
	HOWTO(R_AARCH64_LDST128_ABS_LO12_NC, OP_ABS, FORM_IMM_LO12, AARCH64_IMM_12, 4, CHECK_NONE, 0),

	HOWTO(R_AARCH64_TSTBR14, OP_PREL, FORM_IMM, AARCH64_IMM_14, 2, CHECK_SIGNED, 16),
	HOWTO(R_AARCH64_CONDBR19, OP_PREL, FORM_IMM, AARCH64_IMM_19, 2, CHECK_SIGNED, 21),
	HOWTO(R_AARCH64_JUMP26, OP_PREL, FORM_IMM, AARCH64_IMM_26, 2, CHECK_SIGNED, 28),
	HOWTO(R_AARCH64_CALL26, OP_PREL, FORM_IMM, AARCH64_IMM_26, 2, CHECK_SIGNED, 28),

	HOWTO(R_AARCH64_MOVW_PREL_G0, OP_PREL, FORM_MOVW_SX, 0, 0, CHECK_SIGNED, 17),
	HOWTO(R_AARCH64_MOVW_PREL_G0_NC, OP_PREL, FORM_MOVW, 0, 0, CHECK_NONE, 0),
	HOWTO(R_AARCH64_MOVW_PREL_G1, OP_PREL, FORM_MOVW_SX, 0, 16, CHECK_SIGNED, 33),
	HOWTO(R_AARCH64_MOVW_PREL_G1_NC, OP_PREL, FORM_MOVW, 0, 16, CHECK_NONE, 0),
	HOWTO(R_AARCH64_MOVW_PREL_G2, OP_PREL, FORM_MOVW_SX, 0, 32, CHECK_SIGNED, 49),
	HOWTO(R_AARCH64_MOVW_PREL_G2_NC, OP_PREL, FORM_MOVW, 0, 32, CHECK_NONE, 0),
	HOWTO(R_AARCH64_MOVW_PREL_G3, OP_PREL, FORM_MOVW_SX, 0, 48, CHECK_NONE, 0),
};

/* One relocation being applied, for its checks and its error message. */
struct reloc_site {
	struct module *mod;
	const char *secname;
	const char *symname;
	const struct reloc_howto *howto;
	u32 type;
	u64 offset;
};

static int __printf(2, 3) refuse(const struct reloc_site *rs,
				 const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_err("%s: section %s+0x%llx: relocation %s (%u) against '%s': %pV\n",
	       rs->mod->name, rs->secname, rs->offset,
	       rs->howto ? rs->howto->name : "?", rs->type, rs->symname, &vaf);
	va_end(args);
	return -ENOEXEC;
}

static bool fits(const struct reloc_howto *h, s64 x)
{
	switch (h->check) {
	case CHECK_SIGNED:
		return x >= -(1LL << (h->bits - 1)) && x < (1LL << (h->bits - 1));
	case CHECK_UNSIGNED:
		return (u64)x < (1ULL << h->bits);
	case CHECK_EITHER:
		return x >= -(1LL << (h->bits - 1)) && x < (1LL << h->bits);
	}
	return true;
}

static unsigned int form_size(u8 form)
{
	switch (form) {
	case FORM_DATA16:
		return 2;
	case FORM_DATA64:
		return 8;
	default:
		return 4;
	}
}

/*
 * A B or BL that does not reach: go through a veneer in the module's
 * PLT instead, and branch to that.
 */
static int branch_via_plt(const struct reloc_site *rs, Elf64_Shdr *sechdrs,
			  void *loc, u64 target, s64 *x)
{
	u64 plt = module_plt_entry(rs->mod, sechdrs, loc, target);

	if (!plt)
		return refuse(rs, "target 0x%llx out of reach and no PLT entry left",
			      target);
	*x = plt - (u64)loc;
	if (!fits(rs->howto, *x))
		return refuse(rs, "PLT entry at 0x%llx out of reach", plt);
	return 0;
}

/*
 * Cortex-A53 erratum 843419: a load or store after an ADRP at a page
 * offset of 0xff8 or 0xffc may use a wrong address.  The ADRP of
 * @sval's page at such a place becomes an ADR of that page when it is
 * within ADR's +/-1MB, else a B to a veneer that does the ADRP and
 * branches back (module_plts.c counted one for each such site).
 * Returns 1 when the site is not one of those.
 */
#define AARCH64_INSN_ADRP_BIT	BIT(31)	/* op: 1 ADRP, 0 ADR */

static int adrp_843419(const struct reloc_site *rs, Elf64_Shdr *sechdrs,
		       void *loc, u64 sval)
{
	u64 place = (u64)loc;
	s64 off = (s64)((sval & ~0xfffULL) - place);
	u32 insn = le32_to_cpup(loc);
	u64 veneer;

	if (!rs->mod->arch.fix_843419 || rs->howto->op != OP_PAGE ||
	    (place & 0xfff) < 0xff8)
		return 1;

	if (off >= -SZ_1M && off < SZ_1M) {
		insn &= ~AARCH64_INSN_ADRP_BIT;		/* ADRP -> ADR */
		insn = aarch64_insn_set_imm(AARCH64_IMM_ADR, insn, off);
	} else {
		veneer = module_adrp_veneer(rs->mod, sechdrs, loc, sval,
					    insn & 0x1f);
		if (!veneer)
			return refuse(rs, "no veneer left for an ADRP at page offset 0x%llx (erratum 843419)",
				      place & 0xfff);
		insn = aarch64_insn_branch(place, veneer, false);
		if (insn == AARCH64_INSN_BAD)
			return refuse(rs, "veneer at 0x%llx out of reach", veneer);
	}
	*(__le32 *)loc = cpu_to_le32(insn);
	return 0;
}

static int apply_one(const struct reloc_site *rs, Elf64_Shdr *sechdrs,
		     void *loc, u64 sval)
{
	const struct reloc_howto *h = rs->howto;
	u64 place = (u64)loc;
	s64 x;
	u32 insn;
	int ret;

	switch (h->op) {
	case OP_PREL:
		x = sval - place;
		break;
	case OP_PAGE:
		x = (sval & ~0xfffULL) - (place & ~0xfffULL);
		break;
	default:
		x = sval;
		break;
	}

	if (h->op == OP_PAGE && (place & (AARCH64_INSN_SIZE - 1)) == 0) {
		ret = adrp_843419(rs, sechdrs, loc, sval);
		if (ret <= 0)
			return ret;
	}

	if (!fits(h, x)) {
		if (rs->type != R_AARCH64_JUMP26 && rs->type != R_AARCH64_CALL26)
			return refuse(rs, "value 0x%llx out of range", x);
		ret = branch_via_plt(rs, sechdrs, loc, sval, &x);
		if (ret)
			return ret;
	}

	switch (h->form) {
	case FORM_DATA16:
		put_unaligned_le16(x, loc);
		return 0;
	case FORM_DATA32:
		put_unaligned_le32(x, loc);
		return 0;
	case FORM_DATA64:
		put_unaligned_le64(x, loc);
		return 0;
	}

	/* An instruction: where the CPU fetches it from, word aligned. */
	if (place & (AARCH64_INSN_SIZE - 1))
		return refuse(rs, "instruction at a misaligned place");
	insn = le32_to_cpup(loc);

	switch (h->form) {
	case FORM_MOVW:
		insn = aarch64_insn_set_imm(AARCH64_IMM_16, insn, x >> h->lsb);
		break;
	case FORM_MOVW_SX:
		if (x < 0)
			insn = aarch64_insn_set_imm(AARCH64_IMM_16,
					aarch64_insn_movw_set_movn(insn),
					~x >> h->lsb);
		else
			insn = aarch64_insn_set_imm(AARCH64_IMM_16,
					aarch64_insn_movw_set_movz(insn),
					x >> h->lsb);
		break;
	case FORM_IMM_LO12:
		x &= 0xfff;
		fallthrough;
	case FORM_IMM:
		/* A field holds X >> lsb: the bits below must be zero. */
		if (x & ((1LL << h->lsb) - 1))
			return refuse(rs, "value 0x%llx not aligned to %u bytes",
				      x, 1U << h->lsb);
		insn = aarch64_insn_set_imm(h->field, insn, x >> h->lsb);
		break;
	}
	*(__le32 *)loc = cpu_to_le32(insn);
	return 0;
}

int apply_relocate_add(Elf64_Shdr *sechdrs, const char *strtab,
		       unsigned int symindex, unsigned int relsec,
		       struct module *mod)
{
	Elf64_Shdr *rsec = &sechdrs[relsec];
	Elf64_Shdr *dst = &sechdrs[rsec->sh_info];
	const Elf64_Rela *rel = (const Elf64_Rela *)rsec->sh_addr;
	const Elf64_Sym *syms = (const Elf64_Sym *)sechdrs[symindex].sh_addr;
	u64 nsyms = sechdrs[symindex].sh_size / sizeof(*syms);
	u64 i, n = rsec->sh_size / sizeof(*rel);

	for (i = 0; i < n; i++) {
		u32 type = ELF64_R_TYPE(rel[i].r_info);
		u64 symidx = ELF64_R_SYM(rel[i].r_info);
		struct reloc_site rs = {
			.mod = mod,
			.secname = mod->arch.secstrings ?
				   mod->arch.secstrings + dst->sh_name : "?",
			.symname = "?",
			.type = type,
			.offset = rel[i].r_offset,
		};
		const Elf64_Sym *sym;
		int ret;

		if (type == R_ARM_NONE || type == R_AARCH64_NONE)
			continue;
		if (type >= R_AARCH64_ABS64 &&
		    type - R_AARCH64_ABS64 < ARRAY_SIZE(reloc_howto) &&
		    reloc_howto[type - R_AARCH64_ABS64].name)
			rs.howto = &reloc_howto[type - R_AARCH64_ABS64];

		if (symidx >= nsyms)
			return refuse(&rs, "symbol index %llu beyond the symbol table",
				      symidx);
		sym = &syms[symidx];
		rs.symname = strtab + sym->st_name;

		if (!rs.howto)
			return refuse(&rs, "relocation type not supported");
		if (rel[i].r_offset > dst->sh_size ||
		    dst->sh_size - rel[i].r_offset < form_size(rs.howto->form))
			return refuse(&rs, "place beyond the section's 0x%llx bytes",
				      (u64)dst->sh_size);

		ret = apply_one(&rs, sechdrs, (void *)dst->sh_addr + rel[i].r_offset,
				sym->st_value + rel[i].r_addend);
		if (ret)
			return ret;
	}
	return 0;
}

static const Elf_Shdr *find_section(const Elf_Ehdr *hdr,
				    const Elf_Shdr *sechdrs, const char *name)
{
	const char *secstrings = (void *)hdr +
				 sechdrs[hdr->e_shstrndx].sh_offset;
	unsigned int i;

	for (i = 1; i < hdr->e_shnum; i++)
		if (!strcmp(secstrings + sechdrs[i].sh_name, name))
			return &sechdrs[i];
	return NULL;
}

/*
 * The module's atomics follow the kernel's choice (kernel/lse.c).  The
 * section names were only needed for the messages above.
 */
int module_finalize(const Elf_Ehdr *hdr, const Elf_Shdr *sechdrs,
		    struct module *mod)
{
	const Elf_Shdr *s;

	module_plt_finalize(mod, sechdrs);
	mod->arch.secstrings = NULL;

	s = find_section(hdr, sechdrs, ".lse_sites");
	if (!IS_ENABLED(CONFIG_AARCH64_LSE_ATOMICS) || !s)
		return 0;
	if (s->sh_size % sizeof(s32)) {
		pr_err("%s: .lse_sites is 0x%llx bytes, not a whole number of entries\n",
		       mod->name, (u64)s->sh_size);
		return -ENOEXEC;
	}
	return lse_atomics_apply_module(mod, (void *)s->sh_addr,
					(void *)s->sh_addr + s->sh_size);
}
