/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Cache maintenance by virtual address (DDI 0487 L.a, "Cache
 * maintenance instructions").  Line sizes come from CTR_EL0.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <asm/assembler.h>
#include <asm/errata.h>

/* Smallest D-cache line size in bytes, from CTR_EL0.DminLine (19:16). */
	.macro	dcache_line_size, reg, tmp
	mrs	\tmp, ctr_el0
	ubfx	\tmp, \tmp, #16, #4
	mov	\reg, #4
	lsl	\reg, \reg, \tmp
	.endm

/* "dc \op" on every line of [start, end), no barrier. */
	.macro	__dcache_loop, op, start, end, tmp1, tmp2
	dcache_line_size \tmp1, \tmp2
	sub	\tmp2, \tmp1, #1
	bic	\start, \start, \tmp2
.Ldcache_loop\@:
	dc	\op, \start
	add	\start, \start, \tmp1
	cmp	\start, \end
	b.lo	.Ldcache_loop\@
	.endm

/*
 * Apply "dc \op" to every line of [start, end); start and end are
 * clobbered.  On Cortex-A53 parts with errata 826319, 827319, 824069
 * or 819472 a clean (DC CVAU, DC CVAC) may not reach where it should:
 * it is done as a clean and invalidate (DC CIVAC), which does.
 */
	.macro	dcache_by_line, op, start, end, tmp1, tmp2
	.ifc	\op, civac
	__dcache_loop civac, \start, \end, \tmp1, \tmp2
	.else
	ldr_sym	\tmp1, aarch64_workarounds, \tmp2
	tbnz	\tmp1, #AARCH64_WA_CLEAN_CACHE, .Lupgrade\@
	__dcache_loop \op, \start, \end, \tmp1, \tmp2
	b	.Ldone\@
.Lupgrade\@:
	__dcache_loop civac, \start, \end, \tmp1, \tmp2
.Ldone\@:
	.endif
	dsb	sy
	.endm

/*
 * caches_sync_icache_range(start, end): make instructions written to
 * [start, end) fetchable: clean the D-cache to the Point of
 * Unification, then invalidate the I-cache lines (IminLine, CTR_EL0
 * bits 3:0).
 */
SYM_FUNC_START(caches_sync_icache_range)
	mov	x2, x0
	dcache_by_line cvau, x2, x1, x3, x4
	mrs	x3, ctr_el0
	and	x3, x3, #0xf
	mov	x4, #4
	lsl	x4, x4, x3
	sub	x3, x4, #1
	bic	x2, x0, x3
1:	ic	ivau, x2
	add	x2, x2, x4
	cmp	x2, x1
	b.lo	1b
	dsb	ish
	isb
	ret
SYM_FUNC_END(caches_sync_icache_range)
EXPORT_SYMBOL(caches_sync_icache_range)

/* dcache_clean_inval_poc(start, end) */
SYM_FUNC_START(dcache_clean_inval_poc)
	dcache_by_line civac, x0, x1, x2, x3
	ret
SYM_FUNC_END(dcache_clean_inval_poc)

/* dcache_clean_poc(start, end) */
SYM_FUNC_START(dcache_clean_poc)
	dcache_by_line cvac, x0, x1, x2, x3
	ret
SYM_FUNC_END(dcache_clean_poc)

/*
 * dcache_inval_poc(start, end): discard the lines of [start, end).  A
 * line only partly inside the range also holds bytes outside it, which
 * must survive: such a line at either end is cleaned and invalidated
 * (DC CIVAC) instead.
 */
SYM_FUNC_START(dcache_inval_poc)
	dcache_line_size x4, x5
	sub	x5, x4, #1		// line mask
	and	x6, x0, x5		// start not line aligned?
	cbz	x6, .Linval_tail
	bic	x0, x0, x5
	dc	civac, x0
	add	x0, x0, x4
.Linval_tail:
	and	x6, x1, x5		// end not line aligned?
	cbz	x6, .Linval_body
	bic	x1, x1, x5
	dc	civac, x1
.Linval_body:
	cmp	x0, x1
	b.hs	.Linval_done
	dc	ivac, x0
	add	x0, x0, x4
	b	.Linval_body
.Linval_done:
	dsb	sy
	ret
SYM_FUNC_END(dcache_inval_poc)

/* dcache_clean_pou(start, end) */
SYM_FUNC_START(dcache_clean_pou)
	dcache_by_line cvau, x0, x1, x2, x3
	ret
SYM_FUNC_END(dcache_clean_pou)
