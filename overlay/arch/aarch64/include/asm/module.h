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

struct mod_plt_sec {
	int shndx;		/* section header index of .plt or .init.plt */
	int used;		/* entries written so far */
	int max;		/* entries sized by module_frob_arch_sections() */
};

struct mod_arch_specific {
	struct mod_plt_sec core;
	struct mod_plt_sec init;
	/* Section names, for the loader's messages while it relocates. */
	const char *secstrings;
};

/*
 * A veneer for a B or BL whose target is out of its +/-128MB reach:
 * load the target from the literal that follows and branch to it
 * through x16 (IP0, which AAPCS64 gives to veneers).  It reaches any
 * address and needs no relocation of its own.
 */
struct plt_entry {
	__le32 ldr;		/* LDR X16, target */
	__le32 br;		/* BR X16 */
	__le64 target;
};

unsigned long module_plt_entry(struct module *mod, Elf64_Shdr *sechdrs,
			       void *loc, unsigned long target);

#endif /* __ASM_AARCH64_MODULE_H */
