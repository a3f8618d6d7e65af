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
 */
#include <linux/elf.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleloader.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <asm/insn.h>

/* x16: IP0, the intra-procedure-call scratch register of AAPCS64. */
#define PLT_REG		16

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
		if (module_init_layout_section(secstrings + dst->sh_name))
			init += n;
		else
			core += n;
	}

	size_plt_section(&sechdrs[core_idx], core);
	size_plt_section(&sechdrs[init_idx], init);
	mod->arch.core = (struct mod_plt_sec){ .shndx = core_idx, .max = core };
	mod->arch.init = (struct mod_plt_sec){ .shndx = init_idx, .max = init };
	mod->arch.secstrings = secstrings;
	return 0;
}

/*
 * The address of a veneer that branches to @target, for the branch at
 * @loc; 0 when the veneers counted for it are used up, which the
 * loader reports as a refused module.
 */
unsigned long module_plt_entry(struct module *mod, Elf64_Shdr *sechdrs,
			       void *loc, unsigned long target)
{
	struct mod_plt_sec *ps = within_module_mem_type((unsigned long)loc, mod,
							MOD_INIT_TEXT) ?
				 &mod->arch.init : &mod->arch.core;
	struct plt_entry *plt = (struct plt_entry *)sechdrs[ps->shndx].sh_addr;
	struct plt_entry e = {
		.ldr = cpu_to_le32(aarch64_insn_ldr_literal(PLT_REG,
					offsetof(struct plt_entry, target) -
					offsetof(struct plt_entry, ldr))),
		.br = cpu_to_le32(aarch64_insn_br(PLT_REG)),
		.target = cpu_to_le64(target),
	};

	if (ps->used && !memcmp(&plt[ps->used - 1], &e, sizeof(e)))
		return (unsigned long)&plt[ps->used - 1];
	if (ps->used >= ps->max)
		return 0;
	plt[ps->used] = e;
	return (unsigned long)&plt[ps->used++];
}
