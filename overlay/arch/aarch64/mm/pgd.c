// SPDX-License-Identifier: GPL-2.0-only
/*
 * Top-level tables of user address spaces.  The kernel half lives in
 * TTBR1_EL1 and is shared by construction, so a new pgd starts empty.
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <asm/pgalloc.h>

pgd_t *pgd_alloc(struct mm_struct *mm)
{
	return (pgd_t *)__get_free_page(GFP_PGTABLE_USER);
}

void pgd_free(struct mm_struct *mm, pgd_t *pgd)
{
	free_page((unsigned long)pgd);
}
