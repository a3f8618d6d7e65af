/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * BUG() and WARN() are a BRK instruction with an immediate of their own
 * (BUG_BRK_IMM) plus a __bug_table entry giving file, line and flags:
 * the debug exception handler looks the entry up (report_bug()).
 * The entry holds 32-bit offsets (GENERIC_BUG_RELATIVE_POINTERS), each
 * relative to its own field: lib/bug.c adds bug_addr_disp to the
 * address of bug_addr_disp and file_disp to the address of file_disp.
 */
#ifndef __ASM_AARCH64_BUG_H
#define __ASM_AARCH64_BUG_H

#include <linux/stringify.h>
#include <asm/brk-imm.h>

#ifdef CONFIG_GENERIC_BUG

#ifdef CONFIG_DEBUG_BUGVERBOSE
/* __FILE__ is a string literal: C concatenation puts it in the asm */
#define __BUG_LOCATION							\
	"	.pushsection	.rodata.str1.1, \"aMS\", @progbits, 1\n"	\
	"3:	.asciz	\"" __FILE__ "\"\n"				\
	"	.popsection\n"						\
	"	.long	3b - .\n"					\
	"	.short	%1\n"
#else
#define __BUG_LOCATION	""
#endif

#define __BUG_FLAGS(flags)						\
do {									\
	asm volatile(							\
	"1:	brk	%0\n"						\
	"	.pushsection	__bug_table, \"aw\"\n"			\
	"	.balign	4\n"						\
	"2:	.long	1b - 2b\n"					\
	__BUG_LOCATION							\
	"	.short	%2\n"						\
	"	.popsection\n"						\
	: : "i" (BUG_BRK_IMM), "i" (__LINE__), "i" (flags));		\
} while (0)

#define BUG() do {							\
	__BUG_FLAGS(0);							\
	unreachable();							\
} while (0)

#define __WARN_FLAGS(flags)	__BUG_FLAGS(BUGFLAG_WARNING | (flags))

#define HAVE_ARCH_BUG

#endif /* CONFIG_GENERIC_BUG */

#include <asm-generic/bug.h>

#endif /* __ASM_AARCH64_BUG_H */
