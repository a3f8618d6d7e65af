// SPDX-License-Identifier: GPL-2.0-only
/*
 * set_memory_ro/rw/x/nx(): permissions of kernel memory mapped page by
 * page in the vmalloc space -- module text and data, and whatever else
 * vmalloc() or execmem_alloc() returned.
 *
 * Only permission bits change, between two valid entries of the same
 * output address and attributes: break-before-make is not needed for
 * that (DDI 0487 L.a, "Using break-before-make when updating
 * translation table entries", which lists the changes that need it).
 * The TLB invalidation afterwards is what makes the new permissions
 * binding.
 *
 * The linear map is built with block mappings, which a change of part
 * of a block would have to split first; such addresses are refused
 * with -EINVAL, as are ranges that are not inside one vmalloc area.
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

static int change_memory(unsigned long addr, int numpages, u64 set, u64 clear)
{
	struct prot_change c = { .set = set, .clear = clear };
	unsigned long size = (unsigned long)numpages << PAGE_SHIFT;
	unsigned long start = addr & PAGE_MASK;
	struct vm_struct *area;
	int ret;

	if (numpages <= 0)
		return numpages ? -EINVAL : 0;

	area = find_vm_area((void *)start);
	if (!area || !(area->flags & VM_ALLOC) ||
	    start + size > (unsigned long)area->addr + get_vm_area_size(area))
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
