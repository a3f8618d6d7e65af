/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * copy_page(): copy one page of the linear map to another, 128 bytes an
 * iteration with load and store pairs, all loads of an iteration before
 * its stores.  Both pages are page aligned, so every access is aligned,
 * and the copy is done when the source pointer reaches the next page
 * boundary.  The first pair of each side moves its pointer (post-index)
 * and the others address back from it.
 */
#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/page.h>

/* void copy_page(void *to, const void *from) */
SYM_FUNC_START(copy_page)
.Lloop:
	ldp	x2, x3, [x1], #128
	ldp	x4, x5, [x1, #-112]
	ldp	x6, x7, [x1, #-96]
	ldp	x8, x9, [x1, #-80]
	ldp	x10, x11, [x1, #-64]
	ldp	x12, x13, [x1, #-48]
	ldp	x14, x15, [x1, #-32]
	ldp	x16, x17, [x1, #-16]
	stp	x2, x3, [x0], #128
	stp	x4, x5, [x0, #-112]
	stp	x6, x7, [x0, #-96]
	stp	x8, x9, [x0, #-80]
	stp	x10, x11, [x0, #-64]
	stp	x12, x13, [x0, #-48]
	stp	x14, x15, [x0, #-32]
	stp	x16, x17, [x0, #-16]
	tst	x1, #(PAGE_SIZE - 1)
	b.ne	.Lloop
	ret
SYM_FUNC_END(copy_page)
EXPORT_SYMBOL(copy_page)
