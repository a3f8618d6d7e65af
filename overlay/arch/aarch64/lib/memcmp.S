/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * memcmp(), 8 bytes at a time, with loads that need not be aligned
 * (SCTLR_EL1.A is clear; Normal memory only, as for memcpy()).  The
 * first pair of doublewords that differ decides: byte-reversed, so
 * that the byte first in memory is the most significant, they compare
 * as unsigned numbers in the order of their first differing bytes.
 * After at least 8 bytes, a tail of fewer than 8 is compared as the last
 * 8 bytes of each buffer, which repeats bytes already found equal.
 * Only without KASAN (asm/string.h), like the string functions.
 */
#include <linux/linkage.h>
#include <linux/export.h>

/*
 * int memcmp(const void *a, const void *b, size_t n): less than, equal
 * to or greater than 0 as a is below, equal to or above b.
 */
SYM_FUNC_START(memcmp)
	subs	x2, x2, #8			// x2 counts 8 short
	b.lo	.Lbytes
.Lwords:
	ldr	x3, [x0], #8
	ldr	x4, [x1], #8
	cmp	x3, x4
	b.ne	.Ldiffer
	subs	x2, x2, #8
	b.hs	.Lwords
	ldr	x3, [x0, x2]			// the last 8 bytes: x2 is -8..-1
	ldr	x4, [x1, x2]
	cmp	x3, x4
	b.ne	.Ldiffer
	mov	w0, #0
	ret
.Ldiffer:
	rev	x3, x3
	rev	x4, x4
	cmp	x3, x4
	cset	w0, hi				// 1 if a is above, else
	csinv	w0, w0, wzr, hs			// -1
	ret
.Lbytes:
	adds	x2, x2, #8
	b.eq	3f
1:	ldrb	w3, [x0], #1
	ldrb	w4, [x1], #1
	subs	w3, w3, w4
	b.ne	2f
	subs	x2, x2, #1
	b.ne	1b
2:	mov	w0, w3				// 0 when all were equal
	ret
3:	mov	w0, #0
	ret
SYM_FUNC_END(memcmp)
EXPORT_SYMBOL(memcmp)
