/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * memset(), also called by the compiler from early_map.c while the MMU
 * is off.  All data accesses are then to Device memory, where an
 * unaligned access faults whatever SCTLR_EL1.A says (DDI 0487 L.a,
 * "Alignment of data accesses"), so every store here is naturally
 * aligned: single bytes up to an 8-byte boundary, then pairs of
 * doublewords 64 bytes at a time, doublewords, and the last bytes.
 */
#include <linux/linkage.h>
#include <linux/export.h>

/* void *__memset(void *s, int c, size_t n): returns s; memset() too */
SYM_FUNC_START(__memset)
	mov	x3, x0
	and	w1, w1, #0xff			// the byte, in all eight lanes
	orr	w1, w1, w1, lsl #8
	orr	w1, w1, w1, lsl #16
	orr	x1, x1, x1, lsl #32
	cmp	x2, #16
	b.lo	.Lbytes
.Lalign:					// n >= 16 covers up to 7 bytes
	tst	x3, #7
	b.eq	.Lblocks
	strb	w1, [x3], #1
	sub	x2, x2, #1
	b	.Lalign
.Lblocks:
	cmp	x2, #64
	b.lo	.Lwords
	stp	x1, x1, [x3]
	stp	x1, x1, [x3, #16]
	stp	x1, x1, [x3, #32]
	stp	x1, x1, [x3, #48]
	add	x3, x3, #64
	sub	x2, x2, #64
	b	.Lblocks
.Lwords:
	cmp	x2, #8
	b.lo	.Lbytes
	str	x1, [x3], #8
	sub	x2, x2, #8
	b	.Lwords
.Lbytes:
	cbz	x2, .Ldone
	strb	w1, [x3], #1
	sub	x2, x2, #1
	b	.Lbytes
.Ldone:
	ret
SYM_FUNC_END(__memset)
SYM_FUNC_ALIAS(memset, __memset)
EXPORT_SYMBOL(__memset)
EXPORT_SYMBOL(memset)
