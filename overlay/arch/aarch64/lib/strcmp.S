/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * strcmp() and strncmp(), 8 bytes at a time, with loads that need not
 * be aligned (SCTLR_EL1.A is clear; Normal memory only, as for
 * memcpy()).  8 bytes are loaded from the two strings only when neither
 * load crosses a 4KB boundary, the smallest page size: the bytes read
 * past a NUL then share a page with bytes of the string and cannot
 * fault.  Near such a boundary the strings go a byte at a time until it
 * is behind them.  Only without KASAN (asm/string.h): these loads are
 * not checked against its shadow.
 *
 * The result is the difference of the first differing bytes, as
 * unsigned chars; callers may rely on its sign only.
 */
#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/assembler.h>

/* The highest offset in a 4KB page from which 8 bytes stay in it. */
#define LAST_WORD	0xff8

/*
 * Flags for "hi" if 8 bytes from x0 or from x1 would cross a 4KB
 * boundary.  \limit holds LAST_WORD; \tmp and \tmp2 are clobbered.
 */
	.macro	near_page_end, limit, tmp, tmp2
	and	\tmp, x0, #0xfff
	and	\tmp2, x1, #0xfff
	cmp	\tmp, \limit
	ccmp	\tmp2, \limit, #2, ls		// not ls: C set, Z clear ("hi")
	.endm

/*
 * Return the difference of the bytes of \a and \b in the lowest lane
 * that \syn marks (\syn is clobbered).
 */
	.macro	ret_lane_difference, syn, a, b
	lowest_lane_shift \syn, \syn
	lsr	\a, \a, \syn
	lsr	\b, \b, \syn
	and	\a, \a, #0xff
	and	\b, \b, #0xff
	sub	x0, \a, \b
	ret
	.endm

/* int strcmp(const char *a, const char *b) */
SYM_FUNC_START(strcmp)
	mov	x5, #0x0101010101010101
	mov	x7, #LAST_WORD
.Lcmp_next:
	near_page_end x7, x2, x3
	b.hi	.Lcmp_byte
	ldr	x2, [x0], #8
	ldr	x3, [x1], #8
	zero_byte_syndrome x4, x2, x5, x6
	eor	x6, x2, x3
	orr	x4, x4, x6			// a NUL in a, or a difference
	cbz	x4, .Lcmp_next
	ret_lane_difference x4, x2, x3
.Lcmp_byte:
	ldrb	w2, [x0], #1
	ldrb	w3, [x1], #1
	subs	w4, w2, w3
	b.ne	1f
	cbnz	w2, .Lcmp_next
1:	mov	w0, w4
	ret
SYM_FUNC_END(strcmp)
EXPORT_SYMBOL(strcmp)

/*
 * int strncmp(const char *a, const char *b, size_t n): 8 bytes are
 * loaded only while n is 8 or more, so no byte beyond the first n of
 * either string is read.
 */
SYM_FUNC_START(strncmp)
	mov	x5, #0x0101010101010101
	mov	x7, #LAST_WORD
.Lncmp_next:
	cmp	x2, #8
	b.lo	.Lncmp_tail
	near_page_end x7, x3, x4
	b.hi	.Lncmp_byte
	ldr	x3, [x0], #8
	ldr	x4, [x1], #8
	sub	x2, x2, #8
	zero_byte_syndrome x6, x3, x5, x8
	eor	x8, x3, x4
	orr	x6, x6, x8			// a NUL in a, or a difference
	cbz	x6, .Lncmp_next
	ret_lane_difference x6, x3, x4
.Lncmp_tail:
	cbz	x2, 2f
.Lncmp_byte:
	ldrb	w3, [x0], #1
	ldrb	w4, [x1], #1
	sub	x2, x2, #1
	subs	w6, w3, w4
	b.ne	1f
	cbnz	w3, .Lncmp_next
1:	mov	w0, w6
	ret
2:	mov	w0, #0
	ret
SYM_FUNC_END(strncmp)
EXPORT_SYMBOL(strncmp)
