/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * memset(), for Normal memory with the MMU on (memset_io() is for the
 * rest; kernel/early_map.c, which runs with the MMU off, is built so as
 * to call nothing outside itself).  Single bytes up to an 8-byte
 * boundary, then pairs of doublewords 64 bytes at a time, doublewords,
 * and the last bytes.  A zero fill of 512 bytes or more zeroes whole
 * blocks with DC ZVA, four an iteration, where DCZID_EL0 allows it: one
 * instruction per block of 4 << DCZID_EL0.BS bytes (DDI 0487 L.a,
 * "DCZID_EL0"), which on Device memory would fault, as arm64's memset
 * would.
 */
#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/assembler.h>

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
	b.eq	.Laligned
	strb	w1, [x3], #1
	sub	x2, x2, #1
	b	.Lalign
.Laligned:
	cbnz	x1, .Lblocks			// DC ZVA writes zeroes only
	cmp	x2, #512
	b.lo	.Lblocks
	zva_block_size x5, x4, .Lblocks
	cmp	x2, x5, lsl #1
	b.lo	.Lblocks			// no whole block may fit
	sub	x4, x5, #1
.Lzva_head:					// doublewords up to a block boundary:
	tst	x3, x4				// fewer than one block's worth, so
	b.eq	.Lzva4				// more than a block is left
	str	xzr, [x3], #8
	sub	x2, x2, #8
	b	.Lzva_head
.Lzva4:
	cmp	x2, x5, lsl #2
	b.lo	.Lzva1
	dc	zva, x3
	add	x3, x3, x5
	dc	zva, x3
	add	x3, x3, x5
	dc	zva, x3
	add	x3, x3, x5
	dc	zva, x3
	add	x3, x3, x5
	sub	x2, x2, x5, lsl #2
	b	.Lzva4
.Lzva1:
	cmp	x2, x5
	b.lo	.Lblocks
	dc	zva, x3
	add	x3, x3, x5
	sub	x2, x2, x5
	b	.Lzva1
.Lblocks:					// x2 counts 64 short in the loop
	subs	x2, x2, #64
	b.lo	.Lblocks_done
.Lblocks_loop:
	stp	x1, x1, [x3, #16]
	stp	x1, x1, [x3, #32]
	stp	x1, x1, [x3, #48]
	stp	x1, x1, [x3], #64
	subs	x2, x2, #64
	b.hs	.Lblocks_loop
.Lblocks_done:
	add	x2, x2, #64
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
