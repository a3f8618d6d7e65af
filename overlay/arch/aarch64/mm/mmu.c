// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's page tables after boot: the fixmap, and the linear map
 * of RAM that paging_init() adds to swapper_pg_dir.
 *
 * While the linear map is built, a new table page (from memblock) has
 * no virtual address yet: each level is edited through a fixmap slot
 * of its own (FIX_PGD..FIX_PTE), mapped for the time of the edit.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/vmalloc.h>
#include <asm/early_ioremap.h>
#include <asm/fixmap.h>
#include <asm/mmu_context.h>
#include <asm/pgtable.h>
#include <asm/sections.h>
#include <asm/set_memory.h>
#include <asm/tlbflush.h>

/* The fixmap's leaf table, in the image (see vmlinux.lds.S). */
extern pte_t fixmap_pte[];
/* All of the fixmap, early_ioremap()'s slots included, is in that table. */
static_assert(FIXADDR_TOT_START >> PMD_SHIFT == (FIXADDR_TOP - 1) >> PMD_SHIFT);

void __set_fixmap(enum fixed_addresses idx, phys_addr_t phys, pgprot_t prot)
{
	unsigned long addr = __fix_to_virt(idx);
	pte_t *ptep = &fixmap_pte[pte_index(addr)];

	if (WARN_ON(idx <= FIX_HOLE || idx >= __end_of_fixed_addresses))
		return;

	if (pgprot_val(prot)) {
		set_pte(ptep, pfn_pte(phys >> PAGE_SHIFT, prot));
	} else {
		pte_clear(&init_mm, addr, ptep);
		flush_tlb_kernel_range(addr, addr + PAGE_SIZE);
	}
}

#ifdef CONFIG_GENERIC_EARLY_IOREMAP
/* early_ioremap()'s slots are the fixmap's: ready as soon as it is. */
void __init early_ioremap_init(void)
{
	early_ioremap_setup();
}
#endif

/* Slot for editing a table of the given lookup level (0..3). */
static enum fixed_addresses __init level_slot(int level)
{
	BUILD_BUG_ON(FIX_PMD != FIX_PTE + 1 || FIX_PUD != FIX_PTE + 2 ||
		     FIX_PGD != FIX_PTE + 3);
	return FIX_PTE + (3 - level);
}

static u64 *__init map_table(int level, phys_addr_t pa)
{
	enum fixed_addresses slot = level_slot(level);

	__set_fixmap(slot, pa & PAGE_MASK, PAGE_KERNEL);
	return (u64 *)(__fix_to_virt(slot) + offset_in_page(pa));
}

static void __init unmap_table(int level)
{
	__set_fixmap(level_slot(level), 0, __pgprot(0));
}

static phys_addr_t __init alloc_table(int level)
{
	phys_addr_t pa = memblock_phys_alloc(PAGE_SIZE, PAGE_SIZE);
	u64 *table;

	if (!pa)
		panic("out of memory for the linear map's page tables");
	table = map_table(level, pa);
	memset(table, 0, PAGE_SIZE);
	unmap_table(level);
	return pa;
}

/*
 * Block descriptors are allowed at level 2 for every granule and at
 * level 1 for the 4KB granule only (DDI 0487 L.a, the VMSAv8-64
 * block descriptor rules, without FEAT_LPA2).
 */
static bool __init block_allowed(int level)
{
	/* Pages only, so that set_memory_valid() can unmap any one. */
	if (can_set_direct_map())
		return false;
	if (level == 2)
		return true;
	return level == 1 && IS_ENABLED(CONFIG_AARCH64_4K_PAGES);
}

static void __init map_linear(u64 *table, int level, unsigned long va,
			      unsigned long end, phys_addr_t pa, u64 prot)
{
	unsigned long span = 1UL << LEVEL_SHIFT(level);
	unsigned int entries = level == START_LEVEL ? PTRS_PER_PGD
						    : PTRS_PER_TABLE;

	do {
		unsigned int idx = (va >> LEVEL_SHIFT(level)) & (entries - 1);
		unsigned long next = (va + span) & ~(span - 1);
		u64 desc = table[idx];
		phys_addr_t child_pa;
		u64 *child;

		/* Compare with - 1: next may wrap to 0 at the very top. */
		if (next - 1 >= end - 1)
			next = end;

		if (level == 3) {
			WRITE_ONCE(table[idx], pa | prot);
		} else if (block_allowed(level) && next - va == span &&
			   !(pa & (span - 1)) && !(desc & DESC_VALID)) {
			WRITE_ONCE(table[idx], desc_mkblock(pa | prot));
		} else {
			if (!(desc & DESC_VALID)) {
				child_pa = alloc_table(level + 1);
				WRITE_ONCE(table[idx], __phys_to_table(child_pa));
			} else {
				BUG_ON((desc & DESC_TYPE_MASK) != DESC_TABLE);
				child_pa = __desc_to_phys(desc);
			}
			child = map_table(level + 1, child_pa);
			map_linear(child, level + 1, va, next, pa, prot);
			unmap_table(level + 1);
		}
		pa += next - va;
		va = next;
	} while (va != end);
}

static void __init map_linear_range(phys_addr_t start, phys_addr_t end,
				    u64 prot)
{
	if (start < end)
		map_linear((u64 *)swapper_pg_dir, START_LEVEL,
			   __phys_to_virt(start), __phys_to_virt(end), start,
			   prot);
}

/*
 * With KASLR the image lies inside the vmalloc area: reserve its range
 * there before vmalloc_init(), so that vmalloc() never hands it out and
 * find_vmap_area() knows it (hardened usercopy looks up every vmalloc
 * address it copies from or to).
 */
static void __init declare_image_vm_area(void)
{
	static struct vm_struct image_vm;
	unsigned long start = (unsigned long)_text;

	if (start < VMALLOC_START || start >= VMALLOC_END)
		return;
	image_vm.addr = _text;
	image_vm.size = PAGE_ALIGN((unsigned long)_end) - start + PAGE_SIZE;
	image_vm.phys_addr = __pa_symbol(_text);
	image_vm.flags = VM_MAP;	/* the size includes a guard page */
	image_vm.caller = __builtin_return_address(0);
	vm_area_add_early(&image_vm);
}

/*
 * The linear map of RAM: read-write and never executable (PXN).  The
 * linear alias of the kernel's text and read-only data is read-only, so
 * the image cannot be patched through it either.
 */
void __init paging_init(void)
{
	phys_addr_t ro_start = __pa_symbol(_stext);
	phys_addr_t ro_end = __pa_symbol(__init_begin);
	phys_addr_t start, end;
	u64 i;

	for_each_mem_range(i, &start, &end) {
		start = PAGE_ALIGN(start);
		end &= PAGE_MASK;
		if (start >= end)
			continue;
		if (end <= ro_start || start >= ro_end) {
			map_linear_range(start, end, _PAGE_KERNEL);
			continue;
		}
		map_linear_range(start, ro_start, _PAGE_KERNEL);
		map_linear_range(max(start, ro_start), min(end, ro_end),
				 _PAGE_KERNEL_RO);
		map_linear_range(ro_end, end, _PAGE_KERNEL);
	}
	__pgtable_publish();

	/*
	 * The identity map has served its purpose (turning the MMU on).
	 * Kernel threads run with the empty TTBR0_EL1 from now on; drop
	 * whatever the TLB still holds from the identity map.
	 */
	cpu_set_reserved_ttbr0();
	local_flush_tlb_all();
	declare_image_vm_area();
}

static int image_pte_wrprotect(pte_t *ptep, unsigned long addr, void *data)
{
	set_pte(ptep, pte_wrprotect(*ptep));
	return 0;
}

static int image_pte_clear(pte_t *ptep, unsigned long addr, void *data)
{
	pte_clear(&init_mm, addr, ptep);
	return 0;
}

/*
 * Apply @fn to the leaf entries of [start, end) of the kernel image.
 * early_map.c mapped the image with pages, so the walker never meets a
 * block (it would warn and stop).
 */
static void update_image_range(unsigned long start, unsigned long end,
			       pte_fn_t fn)
{
	apply_to_existing_page_range(&init_mm, start, end - start, fn, NULL);
	flush_tlb_kernel_range(start, end);
}

/*
 * After init: .rodata, with __ro_after_init, becomes read-only.  A
 * change of permissions alone needs no break-before-make (DDI 0487
 * L.a, "Using break-before-make when updating translation table
 * entries"): the pages stay mapped throughout.
 */
void mark_rodata_ro(void)
{
	update_image_range((unsigned long)__start_rodata,
			   (unsigned long)__init_begin, image_pte_wrprotect);
}

/*
 * The init sections go back to the page allocator, which hands them out
 * through the linear map: their executable image alias goes first.
 */
void free_initmem(void)
{
	update_image_range((unsigned long)__init_begin,
			   (unsigned long)__init_end, image_pte_clear);
	/* Through the linear alias: virt_to_page() takes no image address. */
	free_reserved_area(lm_alias(__init_begin), lm_alias(__init_end),
			   POISON_FREE_INITMEM, "unused kernel");
}
