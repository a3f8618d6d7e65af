// SPDX-License-Identifier: GPL-2.0-only
/*
 * Block mappings for ioremap() (HAVE_ARCH_HUGE_VMAP).  Where a range and
 * its physical address are both aligned to a level-2 block (PMD_SIZE:
 * 2MB with 4KB pages), vmap_range() installs one block descriptor
 * instead of a table of page descriptors: the 256MB ECAM window of a
 * PCIe host bridge costs 128 entries rather than 65536.  Level-1 blocks
 * are not used (asm/vmalloc.h).
 *
 * The generic code installs a block only where nothing is mapped: over
 * a table left by an earlier mapping it first calls pmd_free_pte_page(),
 * which takes the table out of the tree, invalidates every cached walk
 * through it, and only then frees its page, so that no CPU can walk a
 * freed table (DDI 0487 L.a, "Using break-before-make when updating
 * translation table entries").  As on arm64 (arch/arm64/mm/mmu.c).
 */
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <asm/pgalloc.h>
#include <asm/tlbflush.h>

int pmd_set_huge(pmd_t *pmdp, phys_addr_t phys, pgprot_t prot)
{
	u64 desc = desc_mkblock(phys | pgprot_val(prot));

	VM_WARN_ON(phys & ~PMD_MASK);
	/* Never over a live entry: that would need break-before-make. */
	if (!pmd_none(READ_ONCE(*pmdp)))
		return 0;
	set_pmd(pmdp, __pmd(desc));
	return 1;
}

int pmd_clear_huge(pmd_t *pmdp)
{
	if (!pmd_leaf(READ_ONCE(*pmdp)))
		return 0;
	/* vunmap_range() invalidates the TLB for the range afterwards. */
	pmd_clear(pmdp);
	return 1;
}

int pmd_free_pte_page(pmd_t *pmdp, unsigned long addr)
{
	pmd_t pmd = READ_ONCE(*pmdp);

	if (!pmd_table(pmd)) {
		VM_WARN_ON(1);
		return 0;
	}
	pmd_clear(pmdp);
	/*
	 * TLBI VAAE1IS invalidates the walk caches' entries for the address
	 * as well as the last level: after it, no CPU holds a pointer to
	 * the table (flush_tlb_kernel_range()).
	 */
	flush_tlb_kernel_range(addr, addr + PAGE_SIZE);
	pte_free_kernel(NULL, (pte_t *)pmd_page_vaddr(pmd));
	return 1;
}

/* No level-1 blocks in the vmalloc space: see arch_vmap_pud_supported(). */
int pud_set_huge(pud_t *pudp, phys_addr_t phys, pgprot_t prot)
{
	return 0;
}

int pud_clear_huge(pud_t *pudp)
{
	return 0;
}

int pud_free_pmd_page(pud_t *pudp, unsigned long addr)
{
	return 0;
}
