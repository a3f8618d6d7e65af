// SPDX-License-Identifier: GPL-2.0-only
/*
 * Instruction cache coherency for user pages: called by set_ptes() for
 * executable user mappings.
 */
#include <linux/mm.h>
#include <asm/cacheflush.h>
#include <asm/pgtable.h>

void __sync_icache_dcache(pte_t pte)
{
	unsigned long addr;

	if (!pfn_valid(pte_pfn(pte)))
		return;
	addr = (unsigned long)page_address(pte_page(pte));

	/*
	 * Clean by the kernel alias to PoU, then invalidate the whole
	 * I-cache (IC IALLUIS): an aliasing (VIPT) I-cache could hold the
	 * page under the user address, which invalidation by the kernel
	 * address would miss.
	 */
	dcache_clean_pou(addr, addr + PAGE_SIZE);
	asm volatile("ic ialluis" : : : "memory");
	dsb(ish);
	isb();
}
