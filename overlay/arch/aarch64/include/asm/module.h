/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-module state of the module loader (kernel/module.c): where the
 * module's PLT veneers go.  A module's core text and its init text are
 * allocated apart, and the init text is freed after init, so each has
 * its own veneer section (.plt and .init.plt, see asm/module.lds.h).
 */
#ifndef __ASM_AARCH64_MODULE_H
#define __ASM_AARCH64_MODULE_H

#include <asm-generic/module.h>

struct plt_entry;

struct mod_plt_sec {
	int shndx;		/* section header index of .plt or .init.plt */
	int used;		/* entries written so far */
	int max;		/* entries sized by module_frob_arch_sections() */
	/*
	 * With DYNAMIC_FTRACE, one more entry after those: a veneer to
	 * ftrace_caller for this text's traced functions when BL cannot
	 * reach it (kernel/ftrace.c).
	 */
	struct plt_entry *ftrace;
};

struct mod_arch_specific {
	struct mod_plt_sec core;
	struct mod_plt_sec init;
	/* Section names, for the loader's messages while it relocates. */
	const char *secstrings;
	/* ADRPs are kept off page offsets 0xff8/0xffc (erratum 843419). */
	bool fix_843419;
};

/*
 * A veneer for a B or BL whose target is out of its +/-128MB reach:
 * load the target from the literal that follows and branch to it
 * through x16 (IP0, which AAPCS64 gives to veneers).  It reaches any
 * address and needs no relocation of its own.
 *
 * The same slot serves as the veneer of an ADRP moved away from a page
 * offset of 0xff8 or 0xffc (Cortex-A53 erratum 843419): the ADRP in
 * the first word (16-byte aligned, so never at those offsets), a B
 * back to the instruction after the original in the second.
 */
struct plt_entry {
	__le32 ldr;		/* LDR X16, target  |  ADRP Xd, page */
	__le32 br;		/* BR X16           |  B back */
	__le64 target;		/* target           |  0 */
};

unsigned long module_plt_entry(struct module *mod, Elf64_Shdr *sechdrs,
			       void *loc, unsigned long target);
unsigned long module_adrp_veneer(struct module *mod, Elf64_Shdr *sechdrs,
				 void *loc, unsigned long target, int rd);
void module_plt_finalize(struct module *mod, const Elf64_Shdr *sechdrs);

#endif /* __ASM_AARCH64_MODULE_H */
