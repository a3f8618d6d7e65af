/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The generic mmu_gather; its default tlb_flush() ends in
 * flush_tlb_mm() or flush_tlb_range(), whose TLBI VAE1IS also drops the
 * cached walks of freed page tables.
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

#include <asm-generic/tlb.h>

#endif /* __ASM_AARCH64_TLB_H */
