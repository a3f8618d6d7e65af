/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * strlen() and strnlen(), a doubleword at a time.  Every load is of an
 * aligned doubleword, which never crosses a page: the bytes it reads
 * before the string's start (in the first one) and past its NUL (in the
 * last) share a page with bytes of the string, so they cannot fault.
 * The bytes before the start are made non-zero before the search.
 * Only without KASAN (asm/string.h): these loads are not checked
 * against its shadow.
 */
#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/assembler.h>

/*
 * The aligned doubleword that holds the byte at x0: \word gets its
 * bytes, those before x0 set to 0xff, and \next its address plus 8.
 * \tmp and \tmp2 are clobbered.
 */
	.macro	first_word, word, next, tmp, tmp2
	and	\tmp, x0, #7
	bic	\next, x0, #7
	ldr	\word, [\next], #8
	lsl	\tmp, \tmp, #3
	mov	\tmp2, #-1
	lsl	\tmp2, \tmp2, \tmp
	orn	\word, \word, \tmp2
	.endm

/* size_t strlen(const char *s) */
SYM_FUNC_START(strlen)
	mov	x5, #0x0101010101010101
	first_word x3, x1, x2, x4
1:	zero_byte_syndrome x2, x3, x5, x4
	b.ne	2f
	ldr	x3, [x1], #8
	b	1b
2:	lowest_lane_shift x2, x2
	sub	x1, x1, #8			// the doubleword's address
	add	x1, x1, x2, lsr #3		// the NUL's
	sub	x0, x1, x0
	ret
SYM_FUNC_END(strlen)
EXPORT_SYMBOL(strlen)

/*
 * size_t strnlen(const char *s, size_t n): reads no doubleword that
 * starts at or after s + n.
 */
SYM_FUNC_START(strnlen)
	cbz	x1, 3f
	adds	x7, x0, x1			// where the search ends, or the
	csinv	x7, x7, xzr, cc			// top of memory if that wraps
	mov	x5, #0x0101010101010101
	first_word x3, x6, x2, x4
1:	zero_byte_syndrome x2, x3, x5, x4
	b.ne	2f
	cmp	x6, x7
	b.hs	3f				// no NUL in the first n bytes
	ldr	x3, [x6], #8
	b	1b
2:	lowest_lane_shift x2, x2
	sub	x6, x6, #8
	add	x6, x6, x2, lsr #3
	sub	x6, x6, x0			// the length, if not beyond n
	cmp	x6, x1
	csel	x0, x6, x1, lo
	ret
3:	mov	x0, x1
	ret
SYM_FUNC_END(strnlen)
EXPORT_SYMBOL(strnlen)
