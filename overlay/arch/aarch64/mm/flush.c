// SPDX-License-Identifier: GPL-2.0-only
/*
 * Instruction cache coherency for user pages, whose instructions the
 * kernel writes through its own (linear map) alias of the page: when
 * set_ptes() maps a page executable, and when a debugger writes into
 * the text of a traced task.
 */
#include <linux/export.h>
#include <linux/mm.h>
#include <asm/cacheflush.h>
#include <asm/pgtable.h>

/*
 * Make [start, end), written through the kernel's alias of a user page,
 * fetchable at the page's user addresses.  Clean the alias to the Point
 * of Unification, then invalidate the whole I-cache (IC IALLUIS): an
 * aliasing (VIPT) I-cache could hold the page under a user address,
 * which invalidation by the kernel address would miss.  DDI 0487 L.a,
 * "Synchronization and coherency issues between data and instruction
 * accesses"; QEMU's TCG keeps no I-cache and cannot show a missing step.
 */
void sync_icache_kernel_alias(unsigned long start, unsigned long end)
{
	dcache_clean_pou(start, end);	/* ends with a DSB */
	asm volatile("ic ialluis" : : : "memory");
	dsb(ish);
	isb();
}

/*
 * set_ptes() is mapping @pte executable in user space.  A folio needs
 * its lines cleaned and the I-cache invalidated only once after the
 * kernel last wrote it: PG_dcache_clean records that this was done, and
 * flush_dcache_folio() (called by the kernel's writers of page cache
 * and of pages mapped in user space) clears it again.  A newly
 * allocated folio starts with the flag clear.  Without the flag, every
 * fork() cleaned each text page of the parent again when it copied the
 * PTE, and each exec fault the page it mapped.  The scheme is arm64's
 * (based on arch/arm64/mm/flush.c).
 */
void __sync_icache_dcache(pte_t pte)
{
	struct folio *folio;
	unsigned long addr;

	if (!pfn_valid(pte_pfn(pte)))
		return;
	folio = page_folio(pte_page(pte));
	if (test_bit(PG_dcache_clean, &folio->flags))
		return;
	addr = (unsigned long)folio_address(folio);
	sync_icache_kernel_alias(addr, addr + folio_size(folio));
	set_bit(PG_dcache_clean, &folio->flags);
}

/*
 * The kernel wrote @folio through its linear-map alias: the copy a user
 * mapping fetches instructions from may be stale until the next
 * __sync_icache_dcache().  The D-cache is PIPT (DDI 0487 L.a, "Data and
 * unified caches"), so nothing needs cleaning here.
 */
void flush_dcache_folio(struct folio *folio)
{
	if (test_bit(PG_dcache_clean, &folio->flags))
		clear_bit(PG_dcache_clean, &folio->flags);
}
EXPORT_SYMBOL(flush_dcache_folio);

void flush_dcache_page(struct page *page)
{
	flush_dcache_folio(page_folio(page));
}
EXPORT_SYMBOL(flush_dcache_page);

/*
 * copy_to_user_page() has just copied @len bytes into @page at the
 * offset of @uaddr through the linear map.  Only text needs the I-cache
 * made coherent: on CPUs without CTR_EL0.IDC/DIC (Cortex-A53, A57, A72)
 * a breakpoint written by PTRACE_POKETEXT would otherwise stay in the
 * D-cache while the traced task goes on fetching the old instruction.
 */
void flush_icache_user_page(struct vm_area_struct *vma, struct page *page,
			    unsigned long uaddr, int len)
{
	unsigned long addr;

	if (!(vma->vm_flags & VM_EXEC))
		return;
	addr = (unsigned long)page_address(page) + offset_in_page(uaddr);
	sync_icache_kernel_alias(addr, addr + len);
}
