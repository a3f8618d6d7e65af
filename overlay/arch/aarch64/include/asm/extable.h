/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exception table: an entry pairs the address of an instruction that
 * may fault on a user (or "nofault" kernel) address with the address
 * to resume at.  Entries are absolute addresses (asm-generic layout).
 */
#ifndef __ASM_AARCH64_EXTABLE_H
#define __ASM_AARCH64_EXTABLE_H

#include <asm-generic/extable.h>

/* Assembly to record "insn may fault, continue at fixup". */
#define _ASM_EXTABLE(insn, fixup)			\
	"	.pushsection	__ex_table, \"a\"\n"	\
	"	.balign		8\n"			\
	"	.quad		" #insn ", " #fixup "\n"	\
	"	.popsection\n"

#endif /* __ASM_AARCH64_EXTABLE_H */
