// SPDX-License-Identifier: GPL-2.0-only
/*
 * set_memory_ro/rw/x/nx/valid(): permissions of kernel memory mapped
 * page by page: vmalloc areas (module text and data, and whatever else
 * vmalloc() or execmem_alloc() returned), and the linear map when it was
 * built without blocks (can_set_direct_map()), which DEBUG_PAGEALLOC and
 * KFENCE unmap page by page.
 *
 * Only permission or valid bits change, in place: a valid entry becomes
 * another valid entry of the same output address and attributes, or an
 * invalid one, or the reverse.  None of these needs break-before-make
 * (DDI 0487 L.a, "Using break-before-make when updating translation
 * table entries" lists the changes that do: output address, memory type
 * or block size).  The TLB invalidation afterwards is what makes a
 * restriction binding; a valid entry written over an invalid one is
 * published by set_pte(), since translation faults are not cached in
 * the TLB.
 *
 * Splitting a block of the linear map in place would need
 * break-before-make on memory other CPUs (and the caller's own stack)
 * may be using, so the linear map is never split: when it was built
 * with blocks, its addresses are refused with -EINVAL, as are ranges
 * that are not inside one vmalloc area or one linear map range.
 */
#include <linux/mm.h>
#include <linux/set_memory.h>
#include <linux/vmalloc.h>
#include <asm/pgtable.h>
#include <asm/tlbflush.h>

struct prot_change {
	u64 set;
	u64 clear;
};

static int change_pte(pte_t *ptep, unsigned long addr, void *data)
{
	const struct prot_change *c = data;
	pte_t pte = ptep_get(ptep);

	set_pte(ptep, __pte((pte_val(pte) & ~c->clear) | c->set));
	return 0;
}

/*
 * KFENCE and DEBUG_PAGEALLOC change the linear map one page at a time;
 * paging_init() then maps it with pages only.
 */
bool can_set_direct_map(void)
{
	return IS_ENABLED(CONFIG_KFENCE) || debug_pagealloc_enabled();
}

static bool range_changeable(unsigned long start, unsigned long size)
{
	struct vm_struct *area;

	if (__is_lm_address(start))
		return can_set_direct_map() &&
		       __is_lm_address(start + size - 1);

	area = find_vm_area((void *)start);
	return area && (area->flags & VM_ALLOC) &&
	       start + size <= (unsigned long)area->addr +
			       get_vm_area_size(area);
}

static int change_memory(unsigned long addr, int numpages, u64 set, u64 clear)
{
	struct prot_change c = { .set = set, .clear = clear };
	unsigned long size = (unsigned long)numpages << PAGE_SHIFT;
	unsigned long start = addr & PAGE_MASK;
	int ret;

	if (numpages <= 0)
		return numpages ? -EINVAL : 0;
	if (!range_changeable(start, size))
		return -EINVAL;

	ret = apply_to_existing_page_range(&init_mm, start, size, change_pte,
					   &c);
	flush_tlb_kernel_range(start, start + size);
	return ret;
}

int set_memory_ro(unsigned long addr, int numpages)
{
	return change_memory(addr, numpages, PTE_RDONLY, PTE_WRITE | PTE_DIRTY);
}

int set_memory_rw(unsigned long addr, int numpages)
{
	return change_memory(addr, numpages, PTE_WRITE | PTE_DIRTY, PTE_RDONLY);
}

int set_memory_x(unsigned long addr, int numpages)
{
	return change_memory(addr, numpages, 0, PTE_PXN);
}

int set_memory_nx(unsigned long addr, int numpages)
{
	return change_memory(addr, numpages, PTE_PXN, 0);
}

/* Unmap (@enable false) or map back pages that stay allocated. */
int set_memory_valid(unsigned long addr, int numpages, int enable)
{
	if (enable)
		return change_memory(addr, numpages, DESC_VALID, 0);
	return change_memory(addr, numpages, 0, DESC_VALID);
}

#ifdef CONFIG_DEBUG_PAGEALLOC
/*
 * The page allocator unmaps free pages from the linear map, so a use
 * after free faults.  Called with interrupts off at times: the TLB
 * maintenance is broadcast TLBI, which needs no IPI.
 */
void __kernel_map_pages(struct page *page, int numpages, int enable)
{
	if (!can_set_direct_map())
		return;
	set_memory_valid((unsigned long)page_address(page), numpages, enable);
}
#endif
