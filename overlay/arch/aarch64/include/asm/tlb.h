/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The generic mmu_gather, with a tlb_flush() that invalidates one entry
 * per block where only blocks were unmapped (huge pages).  Its TLBI
 * VAE1IS also drops the cached walks of freed page tables.
 */
#ifndef __ASM_AARCH64_TLB_H
#define __ASM_AARCH64_TLB_H

/*
 * Freed page-table pages go through the gather like data pages: they
 * are released only after the TLB flush, as the walker may still hold
 * them in its walk cache until then.
 */
#define __pte_free_tlb(tlb, pte, addr)					\
do {									\
	pagetable_pte_dtor(page_ptdesc(pte));				\
	tlb_remove_page_ptdesc((tlb), page_ptdesc(pte));		\
} while (0)

#if CONFIG_PGTABLE_LEVELS > 2
#define __pmd_free_tlb(tlb, pmd, addr)					\
do {									\
	pagetable_pmd_dtor(virt_to_ptdesc(pmd));			\
	tlb_remove_page_ptdesc((tlb), virt_to_ptdesc(pmd));		\
} while (0)
#endif

#if CONFIG_PGTABLE_LEVELS > 3
#define __pud_free_tlb(tlb, pud, addr)					\
do {									\
	pagetable_pud_dtor(virt_to_ptdesc(pud));			\
	tlb_remove_page_ptdesc((tlb), virt_to_ptdesc(pud));		\
} while (0)
#endif

static inline void tlb_flush(struct mmu_gather *tlb);
#define tlb_flush tlb_flush

#include <asm-generic/tlb.h>

/*
 * The stride is the smallest level whose entries were cleared: a 2MB
 * huge page unmapped costs one TLBI, not 512.  A freed table was
 * reached through an entry one level up (pte_free_tlb() records a
 * cleared pmd), and any address of the range that entry covers drops
 * its cached walks, so one TLBI per stride covers the freed tables too.
 */
static inline void tlb_flush(struct mmu_gather *tlb)
{
	struct vm_area_struct vma = { .vm_mm = tlb->mm };

	if (tlb->fullmm || tlb->need_flush_all)
		flush_tlb_mm(tlb->mm);
	else if (tlb->end)
		__flush_tlb_range(&vma, tlb->start, tlb->end,
				  tlb_get_unmap_size(tlb));
}

#endif /* __ASM_AARCH64_TLB_H */
