/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exception table: an entry pairs an instruction that may fault on a
 * user (or "nofault" kernel) address with where to resume and how
 * (asm/asm-extable.h).  Addresses are 32-bit offsets from the entry,
 * so the table needs no relocation, and the entries are the 12 bytes
 * that scripts/sorttable sorts at build time for EM_AARCH64.
 */
#ifndef __ASM_AARCH64_EXTABLE_H
#define __ASM_AARCH64_EXTABLE_H

#include <asm/asm-extable.h>

#ifndef __ASSEMBLY__

#include <linux/types.h>

struct pt_regs;

struct exception_table_entry {
	int insn, fixup;
	short type, data;
};

#define ARCH_HAS_RELATIVE_EXTABLE

/*
 * Swapping two entries while sorting moves the fixup offset, which is
 * relative, by @delta, and the type and data with it.
 */
#define swap_ex_entry_fixup(a, b, tmp, delta)		\
do {							\
	(a)->fixup = (b)->fixup + (delta);		\
	(b)->fixup = (tmp).fixup - (delta);		\
	(a)->type = (b)->type;				\
	(b)->type = (tmp).type;				\
	(a)->data = (b)->data;				\
	(b)->data = (tmp).data;				\
} while (0)

bool fixup_exception(struct pt_regs *regs);

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_EXTABLE_H */
