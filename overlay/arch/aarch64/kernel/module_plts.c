// SPDX-License-Identifier: GPL-2.0-only
/*
 * PLT veneers for module branches that do not reach their target.
 *
 * B and BL reach +/-128MB.  Modules are placed within that distance of
 * the whole kernel image while the region for them lasts (mm/execmem.c)
 * and further away after that, and a module's core and init text are
 * allocated apart, so a branch to the kernel or across the module's
 * own allocations may not reach.  Such a branch is sent to a veneer in
 * the module's .plt (or .init.plt, for init text), which reaches any
 * address.
 *
 * The veneers are sized before the module is laid out, by counting the
 * branches that might need one: every JUMP26/CALL26 whose target is not
 * in the branch's own section, once per distinct target and relocation
 * section.  Sorting each relocation section groups the branches by
 * target, so that the loader, which walks the section in that order,
 * shares a veneer between neighbours with the same target and never
 * writes more veneers than were counted.  The counting follows the idea
 * of arch/arm64/kernel/module-plts.c; the veneer itself is the port's.
 *
 * On a CPU with Cortex-A53 erratum 843419, an ADRP must not end up at a
 * page offset of 0xff8 or 0xffc.  Module text is page aligned, so where
 * an ADRP lands within a page depends on its offset in its section and
 * on the section's alignment: raising the alignment keeps the low bits
 * of the offset, and with them the ADRP off those two offsets, unless
 * the offset itself is at one of them (also arm64's reasoning).  Those
 * ADRPs are counted as needing a veneer; the loader (kernel/module.c)
 * makes each an ADR where that reaches, and uses the veneer otherwise.
 */
#include <linux/elf.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleloader.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <asm/errata.h>
#include <asm/ftrace.h>
#include <asm/insn.h>

/* x16: IP0, the intra-procedure-call scratch register of AAPCS64. */
#define PLT_REG		16

/*
 * The function tracer's call sites are BLs written at run time, with no
 * relocation to count: each text gets one veneer to ftrace_caller after
 * the counted ones.
 */
#define NR_FTRACE_VENEERS	(IS_ENABLED(CONFIG_DYNAMIC_FTRACE) ? 1 : 0)

static bool is_branch(const Elf64_Rela *r)
{
	u32 type = ELF64_R_TYPE(r->r_info);

	return type == R_AARCH64_JUMP26 || type == R_AARCH64_CALL26;
}

/* Branches first, ordered by (symbol, addend): one target, one run. */
static int cmp_rela(const void *a, const void *b)
{
	const Elf64_Rela *x = a, *y = b;
	u64 sx = ELF64_R_SYM(x->r_info), sy = ELF64_R_SYM(y->r_info);

	if (is_branch(x) != is_branch(y))
		return is_branch(x) ? -1 : 1;
	if (sx != sy)
		return sx < sy ? -1 : 1;
	if (x->r_addend != y->r_addend)
		return x->r_addend < y->r_addend ? -1 : 1;
	return 0;
}

static bool same_target(const Elf64_Rela *x, const Elf64_Rela *y)
{
	return ELF64_R_SYM(x->r_info) == ELF64_R_SYM(y->r_info) &&
	       x->r_addend == y->r_addend;
}

/*
 * Veneers that the branches of one relocation section, applied to
 * section @dstidx, may need.  A symbol index out of the symbol table
 * is left for apply_relocate_add() to refuse.
 */
static unsigned int count_plts(const Elf64_Sym *syms, unsigned int nsyms,
			       Elf64_Rela *rela, unsigned int n,
			       unsigned int dstidx)
{
	unsigned int i, count = 0;

	sort(rela, n, sizeof(*rela), cmp_rela, NULL);
	for (i = 0; i < n && is_branch(&rela[i]); i++) {
		u64 sym = ELF64_R_SYM(rela[i].r_info);

		if (sym < nsyms && syms[sym].st_shndx == dstidx)
			continue;
		if (i > 0 && same_target(&rela[i - 1], &rela[i]))
			continue;
		count++;
	}
	return count;
}

static bool is_adrp(const Elf64_Rela *r)
{
	u32 type = ELF64_R_TYPE(r->r_info);

	return type == R_AARCH64_ADR_PREL_PG_HI21 ||
	       type == R_AARCH64_ADR_PREL_PG_HI21_NC;
}

/*
 * Erratum 843419: the ADRPs of one relocation section, applied to
 * section @dst.  An ADRP at offset OFF lands at a page offset of 0xff8
 * or 0xffc only if bits 11:3 of its address are all ones.  If bit B
 * (3 <= B <= 11) of OFF is zero, aligning @dst to 2^(B+1) keeps bit B
 * of the address zero: the alignment is raised instead.  An OFF whose
 * bits 11:3 are all ones needs a veneer whatever the alignment.
 */
static unsigned int count_adrp_veneers(const Elf64_Rela *rela, unsigned int n,
				       Elf64_Shdr *dst)
{
	unsigned int i, count = 0;

	for (i = 0; i < n; i++) {
		u64 low_zero, align;

		if (!is_adrp(&rela[i]))
			continue;
		low_zero = ffz(rela[i].r_offset | 7);
		if (low_zero > 11) {
			count++;
			continue;
		}
		align = 2ULL << low_zero;
		if (dst->sh_addralign < align)
			dst->sh_addralign = align;
	}
	return count;
}

static int find_plt_section(struct module *mod, Elf64_Shdr *sechdrs,
			    const char *secstrings, unsigned int shnum,
			    const char *name)
{
	unsigned int i;

	for (i = 1; i < shnum; i++)
		if (!strcmp(secstrings + sechdrs[i].sh_name, name))
			return i;
	pr_err("%s: no %s section: the module was not linked for this kernel\n",
	       mod->name, name);
	return -ENOEXEC;
}

static void size_plt_section(Elf64_Shdr *sec, unsigned int entries)
{
	sec->sh_type = SHT_NOBITS;
	sec->sh_flags = SHF_EXECINSTR | SHF_ALLOC;
	sec->sh_addralign = sizeof(struct plt_entry);
	sec->sh_size = entries * sizeof(struct plt_entry);
}

int module_frob_arch_sections(Elf_Ehdr *ehdr, Elf_Shdr *sechdrs,
			      char *secstrings, struct module *mod)
{
	bool fix_843419 = aarch64_needs_workaround(AARCH64_WA_843419);
	unsigned int core = 0, init = 0, nsyms = 0;
	const Elf64_Sym *syms = NULL;
	int i, core_idx, init_idx;

	core_idx = find_plt_section(mod, sechdrs, secstrings, ehdr->e_shnum,
				    ".plt");
	init_idx = find_plt_section(mod, sechdrs, secstrings, ehdr->e_shnum,
				    ".init.plt");
	if (core_idx < 0 || init_idx < 0)
		return -ENOEXEC;

	for (i = 1; i < ehdr->e_shnum; i++) {
		if (sechdrs[i].sh_type == SHT_SYMTAB) {
			syms = (const Elf64_Sym *)sechdrs[i].sh_addr;
			nsyms = sechdrs[i].sh_size / sizeof(*syms);
		}
	}

	for (i = 1; i < ehdr->e_shnum; i++) {
		Elf64_Shdr *rsec = &sechdrs[i];
		Elf64_Shdr *dst;
		unsigned int n;

		if (rsec->sh_type != SHT_RELA)
			continue;
		if (rsec->sh_info == 0 || rsec->sh_info >= ehdr->e_shnum) {
			pr_err("%s: relocation section %s applies to no section (%u)\n",
			       mod->name, secstrings + rsec->sh_name,
			       rsec->sh_info);
			return -ENOEXEC;
		}
		dst = &sechdrs[rsec->sh_info];
		if (!(dst->sh_flags & SHF_EXECINSTR))
			continue;
		n = count_plts(syms, nsyms, (Elf64_Rela *)rsec->sh_addr,
			       rsec->sh_size / sizeof(Elf64_Rela), rsec->sh_info);
		if (fix_843419)
			n += count_adrp_veneers((Elf64_Rela *)rsec->sh_addr,
						rsec->sh_size / sizeof(Elf64_Rela),
						dst);
		if (module_init_layout_section(secstrings + dst->sh_name))
			init += n;
		else
			core += n;
	}

	size_plt_section(&sechdrs[core_idx], core + NR_FTRACE_VENEERS);
	size_plt_section(&sechdrs[init_idx], init + NR_FTRACE_VENEERS);
	mod->arch.core = (struct mod_plt_sec){ .shndx = core_idx, .max = core };
	mod->arch.init = (struct mod_plt_sec){ .shndx = init_idx, .max = init };
	mod->arch.secstrings = secstrings;
	mod->arch.fix_843419 = fix_843419;
	return 0;
}

/*
 * The address of a veneer that branches to @target, for the branch at
 * @loc; 0 when the veneers counted for it are used up, which the
 * loader reports as a refused module.
 */
static struct mod_plt_sec *plt_sec_for(struct module *mod, void *loc)
{
	return within_module_mem_type((unsigned long)loc, mod, MOD_INIT_TEXT) ?
	       &mod->arch.init : &mod->arch.core;
}

static struct plt_entry plt_veneer(unsigned long target)
{
	return (struct plt_entry){
		.ldr = cpu_to_le32(aarch64_insn_ldr_literal(PLT_REG,
					offsetof(struct plt_entry, target) -
					offsetof(struct plt_entry, ldr))),
		.br = cpu_to_le32(aarch64_insn_br(PLT_REG)),
		.target = cpu_to_le64(target),
	};
}

unsigned long module_plt_entry(struct module *mod, Elf64_Shdr *sechdrs,
			       void *loc, unsigned long target)
{
	struct mod_plt_sec *ps = plt_sec_for(mod, loc);
	struct plt_entry *plt = (struct plt_entry *)sechdrs[ps->shndx].sh_addr;
	struct plt_entry e = plt_veneer(target);

	if (ps->used && !memcmp(&plt[ps->used - 1], &e, sizeof(e)))
		return (unsigned long)&plt[ps->used - 1];
	if (ps->used >= ps->max)
		return 0;
	plt[ps->used] = e;
	return (unsigned long)&plt[ps->used++];
}

/*
 * The veneer of the ADRP Xrd at @loc (erratum 843419): ADRP Xrd, @target
 * and a branch back to @loc + 4.  0 when the veneers counted are used
 * up or the veneer cannot reach.
 */
unsigned long module_adrp_veneer(struct module *mod, Elf64_Shdr *sechdrs,
				 void *loc, unsigned long target, int rd)
{
	struct mod_plt_sec *ps = plt_sec_for(mod, loc);
	struct plt_entry *plt = (struct plt_entry *)sechdrs[ps->shndx].sh_addr;
	struct plt_entry *e;
	u32 adrp, b;

	if (ps->used >= ps->max)
		return 0;
	e = &plt[ps->used];
	adrp = aarch64_insn_adrp((unsigned long)&e->ldr, target, rd);
	b = aarch64_insn_branch((unsigned long)&e->br,
				(unsigned long)loc + AARCH64_INSN_SIZE, false);
	if (adrp == AARCH64_INSN_BAD || b == AARCH64_INSN_BAD)
		return 0;
	e->ldr = cpu_to_le32(adrp);
	e->br = cpu_to_le32(b);
	e->target = 0;
	ps->used++;
	return (unsigned long)e;
}

/*
 * After relocation: the ftrace veneers, in the entry after the counted
 * ones of each text.  The text is still writable and not yet run, so
 * plain stores do; the loader makes the text visible to instruction
 * fetch before the module runs.  A call through one clobbers x16, which
 * is free at a function's entry (AAPCS64 lets any veneer use it).
 */
void module_plt_finalize(struct module *mod, const Elf64_Shdr *sechdrs)
{
#ifdef CONFIG_DYNAMIC_FTRACE
	struct mod_plt_sec *secs[] = { &mod->arch.core, &mod->arch.init };
	int i;

	for (i = 0; i < ARRAY_SIZE(secs); i++) {
		struct plt_entry *plt;

		plt = (struct plt_entry *)sechdrs[secs[i]->shndx].sh_addr;
		plt[secs[i]->max] = plt_veneer((unsigned long)ftrace_caller);
		secs[i]->ftrace = &plt[secs[i]->max];
	}
#endif
}
