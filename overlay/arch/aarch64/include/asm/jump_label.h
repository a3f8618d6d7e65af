/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Static branches: each site is one instruction, a NOP or a B to the
 * label, rewritten in place by kernel/jump_label.c.  A single B or NOP
 * may be changed while other CPUs execute it (DDI 0487 L.a,
 * "Concurrent modification and execution of instructions"), so no
 * CPU needs to be stopped.
 *
 * The __jump_table entry (struct jump_entry, relative form) holds the
 * site and the label as 32-bit offsets from the entry, and the key,
 * with the branch's default direction in its low bit, as a 64-bit
 * offset.
 */
#ifndef __ASM_AARCH64_JUMP_LABEL_H
#define __ASM_AARCH64_JUMP_LABEL_H

#ifndef __ASSEMBLY__

#include <linux/types.h>
#include <asm/insn.h>

#define HAVE_JUMP_LABEL_BATCH
#define JUMP_LABEL_NOP_SIZE	AARCH64_INSN_SIZE

#define __AARCH64_JUMP_ENTRY(site_insn)				\
	"1:	" site_insn "\n"					\
	"	.pushsection	__jump_table, \"aw\"\n"			\
	"	.balign		8\n"					\
	"	.long		1b - ., %l[l_yes] - .\n"		\
	"	.quad		%c0 - .\n"				\
	"	.popsection\n"

/* Compiled as a NOP: the likely path falls through. */
static __always_inline bool arch_static_branch(struct static_key * const key,
					       const bool branch)
{
	asm goto(__AARCH64_JUMP_ENTRY("nop")
		 : : "i" (&((char *)key)[branch]) : : l_yes);
	return false;
l_yes:
	return true;
}

/* Compiled as a B to the label. */
static __always_inline bool arch_static_branch_jump(struct static_key * const key,
						    const bool branch)
{
	asm goto(__AARCH64_JUMP_ENTRY("b %l[l_yes]")
		 : : "i" (&((char *)key)[branch]) : : l_yes);
	return false;
l_yes:
	return true;
}

#else /* __ASSEMBLY__ */

/*
 * The same site in assembly, for a key defined with
 * DEFINE_STATIC_KEY_FALSE: a NOP that becomes "b \label" while the key
 * is enabled (static_branch_unlikely()).
 */
	.macro	static_branch_unlikely_asm, key, label
	.set	.Ljump_site\@, .
	nop
	.pushsection	__jump_table, "aw"
	.balign		8
	.long		.Ljump_site\@ - ., \label - .
	.quad		\key - .
	.popsection
	.endm

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_JUMP_LABEL_H */
