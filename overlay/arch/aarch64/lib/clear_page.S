/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clear_page(): zero one page of the linear map.
 *
 * DC ZVA zeroes a whole naturally aligned block per instruction; the
 * block is 4 << DCZID_EL0.BS bytes, and DCZID_EL0.DZP set means the
 * instruction is prohibited (DDI 0487 L.a, "DCZID_EL0").  A page is
 * aligned to any block size the register can report (at most 2KB), and
 * a multiple of four blocks unless they are 2KB with 4KB pages.
 * Without DC ZVA, pairs of zero registers are stored 64 bytes at a
 * time.  Callers pass Normal memory with the MMU on, as DC ZVA needs.
 */
#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/assembler.h>
#include <asm/page.h>

/* void clear_page(void *to) */
SYM_FUNC_START(clear_page)
	add	x3, x0, #PAGE_SIZE
	zva_block_size x2, x1, .Lstore_loop
	cmp	x2, #PAGE_SIZE / 4
	b.hi	.Lzva_loop			// four blocks exceed the page
	add	x4, x2, x2, lsl #1		// three blocks
.Lzva4_loop:					// four blocks an iteration
	dc	zva, x0
	add	x1, x0, x2
	dc	zva, x1
	add	x1, x0, x2, lsl #1
	dc	zva, x1
	add	x1, x0, x4
	dc	zva, x1
	add	x0, x0, x2, lsl #2
	cmp	x0, x3
	b.lo	.Lzva4_loop
	ret

.Lzva_loop:
	dc	zva, x0
	add	x0, x0, x2
	cmp	x0, x3
	b.lo	.Lzva_loop
	ret

.Lstore_loop:
	stp	xzr, xzr, [x0]
	stp	xzr, xzr, [x0, #16]
	stp	xzr, xzr, [x0, #32]
	stp	xzr, xzr, [x0, #48]
	add	x0, x0, #64
	cmp	x0, x3
	b.lo	.Lstore_loop
	ret
SYM_FUNC_END(clear_page)
EXPORT_SYMBOL(clear_page)
