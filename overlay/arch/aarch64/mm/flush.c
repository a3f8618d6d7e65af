// SPDX-License-Identifier: GPL-2.0-only
/*
 * Instruction cache coherency for user pages, whose instructions the
 * kernel writes through its own (linear map) alias of the page: when
 * set_ptes() maps a page executable, and when a debugger writes into
 * the text of a traced task.
 */
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
static void sync_icache_kernel_alias(unsigned long start, unsigned long end)
{
	dcache_clean_pou(start, end);	/* ends with a DSB */
	asm volatile("ic ialluis" : : : "memory");
	dsb(ish);
	isb();
}

void __sync_icache_dcache(pte_t pte)
{
	unsigned long addr;

	if (!pfn_valid(pte_pfn(pte)))
		return;
	addr = (unsigned long)page_address(pte_page(pte));
	sync_icache_kernel_alias(addr, addr + PAGE_SIZE);
}

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
