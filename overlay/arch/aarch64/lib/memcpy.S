/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * memcpy() and memmove() for memory mapped Normal, with the MMU on:
 * SCTLR_EL1.A is clear, so loads and stores need not be aligned (DDI
 * 0487 L.a, "Alignment of data accesses").  The copy goes 64 bytes an
 * iteration with load and store pairs, all loads of an iteration before
 * its stores, then 32, 16, 8, 4, 2 and 1 bytes as the remaining count's
 * bits say.
 *
 * Loading a block before storing it makes the forward copy safe for
 * overlapping buffers when the destination is below the source: the
 * stores only reach source bytes already loaded.  memmove() copies
 * backwards, from the ends, when the destination starts inside the
 * source, for the mirror reason.
 */
#include <linux/linkage.h>
#include <linux/export.h>

/*
 * void *__memcpy(void *dst, const void *src, size_t n): returns dst.
 * memcpy() is the same function; see asm/string.h for the two names.
 */
SYM_FUNC_START(__memcpy)
	mov	x3, x0
	subs	x2, x2, #64			// x2 counts 64 short in the loop
	b.lo	.Lfwd_short
.Lfwd_blocks:
	ldp	x6, x7, [x1, #16]
	ldp	x8, x9, [x1, #32]
	ldp	x10, x11, [x1, #48]
	ldp	x4, x5, [x1], #64
	stp	x6, x7, [x3, #16]
	stp	x8, x9, [x3, #32]
	stp	x10, x11, [x3, #48]
	stp	x4, x5, [x3], #64
	subs	x2, x2, #64
	b.hs	.Lfwd_blocks
.Lfwd_short:					// x2's low 6 bits: the bytes left
	tbz	x2, #5, .Lfwd_16
	ldp	x6, x7, [x1, #16]
	ldp	x4, x5, [x1], #32
	stp	x6, x7, [x3, #16]
	stp	x4, x5, [x3], #32
.Lfwd_16:
	tbz	x2, #4, .Lfwd_tail
	ldp	x4, x5, [x1], #16
	stp	x4, x5, [x3], #16
.Lfwd_tail:					// n < 16: one copy per set bit
	tbz	x2, #3, 1f
	ldr	x4, [x1], #8
	str	x4, [x3], #8
1:	tbz	x2, #2, 2f
	ldr	w4, [x1], #4
	str	w4, [x3], #4
2:	tbz	x2, #1, 3f
	ldrh	w4, [x1], #2
	strh	w4, [x3], #2
3:	tbz	x2, #0, 4f
	ldrb	w4, [x1]
	strb	w4, [x3]
4:	ret
SYM_FUNC_END(__memcpy)
SYM_FUNC_ALIAS(memcpy, __memcpy)
EXPORT_SYMBOL(__memcpy)
EXPORT_SYMBOL(memcpy)

/* void *__memmove(void *dst, const void *src, size_t n): returns dst */
SYM_FUNC_START(__memmove)
	sub	x4, x0, x1
	cmp	x4, x2				// dst - src >= n, unsigned: dst
	b.hs	__memcpy			// below src or past its end
	add	x1, x1, x2
	add	x3, x0, x2
.Lback_16:
	cmp	x2, #16
	b.lo	.Lback_bytes
	ldp	x4, x5, [x1, #-16]!
	stp	x4, x5, [x3, #-16]!
	sub	x2, x2, #16
	b	.Lback_16
.Lback_bytes:
	cbz	x2, .Lback_done
	ldrb	w4, [x1, #-1]!
	strb	w4, [x3, #-1]!
	sub	x2, x2, #1
	b	.Lback_bytes
.Lback_done:
	ret
SYM_FUNC_END(__memmove)
SYM_FUNC_ALIAS(memmove, __memmove)
EXPORT_SYMBOL(__memmove)
EXPORT_SYMBOL(memmove)
