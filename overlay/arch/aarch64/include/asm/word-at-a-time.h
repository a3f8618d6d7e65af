/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Word-at-a-time string scanning (DCACHE_WORD_ACCESS): the path walk
 * hashes and compares names 8 bytes at a time.  Finding the zero byte
 * is the generic little-endian code; the load is the port's own.
 */
#ifndef __ASM_AARCH64_WORD_AT_A_TIME_H
#define __ASM_AARCH64_WORD_AT_A_TIME_H

#include <asm-generic/word-at-a-time.h>
#include <asm/asm-extable.h>

/*
 * The 8 bytes at @addr, which need not be aligned, of a string whose end
 * is somewhere in them: the bytes after it may lie in a page that is not
 * mapped.  The load then faults, and the exception table entry gives the
 * bytes up to the end of the first page, zeros after
 * (mm/extable.c).  Unaligned loads from Normal memory are fine with
 * SCTLR_EL1.A clear.
 */
static inline unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long ret;

	asm("1:	ldr	%0, %2\n"
	    "2:\n"
	    _ASM_EXTABLE_LOAD_UNALIGNED_ZEROPAD(1b, 2b, "%0", "%1")
	    : "=&r" (ret)
	    : "r" (addr), "Q" (*(const unsigned long *)addr));
	return ret;
}

#endif /* __ASM_AARCH64_WORD_AT_A_TIME_H */
