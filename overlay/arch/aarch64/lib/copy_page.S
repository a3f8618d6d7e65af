/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * copy_page(): copy one page of the linear map to another, 64 bytes an
 * iteration with load and store pairs.  Both pages are page aligned, so
 * every access is aligned and the copy never crosses out of a page.
 */
#include <linux/linkage.h>
#include <linux/export.h>
#include <asm/page.h>

/* void copy_page(void *to, const void *from) */
SYM_FUNC_START(copy_page)
	add	x2, x0, #PAGE_SIZE
.Lloop:
	ldp	x3, x4, [x1]
	ldp	x5, x6, [x1, #16]
	ldp	x7, x8, [x1, #32]
	ldp	x9, x10, [x1, #48]
	add	x1, x1, #64
	stp	x3, x4, [x0]
	stp	x5, x6, [x0, #16]
	stp	x7, x8, [x0, #32]
	stp	x9, x10, [x0, #48]
	add	x0, x0, #64
	cmp	x0, x2
	b.lo	.Lloop
	ret
SYM_FUNC_END(copy_page)
EXPORT_SYMBOL(copy_page)
