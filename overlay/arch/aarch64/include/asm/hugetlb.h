/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * HugeTLB pages are block descriptors in level-2 or level-1 entries,
 * reached by the generic walkers of ARCH_WANT_GENERAL_HUGETLB and
 * written through the pte_t helpers (pte_mkhuge() makes the block).
 */
#ifndef __ASM_AARCH64_HUGETLB_H
#define __ASM_AARCH64_HUGETLB_H

#include <asm/page.h>
#include <asm/tlbflush.h>

/*
 * A folio returned to the hugetlb pool keeps its page flags, unlike one
 * freed to the page allocator: forget that its instructions were made
 * coherent, as the next user writes new ones (mm/flush.c).
 */
static inline void arch_clear_hugetlb_flags(struct folio *folio)
{
	clear_bit(PG_dcache_clean, &folio->flags);
}
#define arch_clear_hugetlb_flags arch_clear_hugetlb_flags

/* One invalidation per huge page (__flush_tlb_range()). */
#define __HAVE_ARCH_FLUSH_HUGETLB_TLB_RANGE
#define flush_hugetlb_tlb_range(vma, start, end)			\
	__flush_tlb_range(vma, start, end,				\
			  huge_page_size(hstate_vma(vma)))

#include <asm-generic/hugetlb.h>

#endif /* __ASM_AARCH64_HUGETLB_H */
