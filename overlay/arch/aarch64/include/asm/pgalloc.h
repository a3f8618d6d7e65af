/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page table page allocation: the generic allocators, plus the
 * functions that link a new table into its parent with a table
 * descriptor.  User tables get PXNTable-free plain table descriptors;
 * permissions live in the leaf entries.
 */
#ifndef __ASM_AARCH64_PGALLOC_H
#define __ASM_AARCH64_PGALLOC_H

#include <linux/mm.h>
#include <asm/pgtable.h>
#include <asm/tlbflush.h>

#define __HAVE_ARCH_PGD_FREE
#include <asm-generic/pgalloc.h>

static inline void pmd_populate_kernel(struct mm_struct *mm, pmd_t *pmdp,
				       pte_t *ptep)
{
	set_pmd(pmdp, __pmd(__phys_to_table(__pa(ptep))));
}

static inline void pmd_populate(struct mm_struct *mm, pmd_t *pmdp,
				pgtable_t ptep)
{
	set_pmd(pmdp, __pmd(__phys_to_table(page_to_phys(ptep))));
}

#if CONFIG_PGTABLE_LEVELS > 2
static inline void pud_populate(struct mm_struct *mm, pud_t *pudp,
				pmd_t *pmdp)
{
	set_pud(pudp, __pud(__phys_to_table(__pa(pmdp))));
}
#endif

#if CONFIG_PGTABLE_LEVELS > 3
static inline void p4d_populate(struct mm_struct *mm, p4d_t *p4dp,
				pud_t *pudp)
{
	set_p4d(p4dp, __p4d(__phys_to_table(__pa(pudp))));
}
#endif

pgd_t *pgd_alloc(struct mm_struct *mm);
void pgd_free(struct mm_struct *mm, pgd_t *pgd);

#endif /* __ASM_AARCH64_PGALLOC_H */
