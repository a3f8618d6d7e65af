// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page tables of generic KASAN's shadow (asm/memory.h places it).
 *
 * Two stages, as on arm64 (arch/arm64/mm/kasan_init.c), whose split
 * this follows:
 *
 *  - kasan_early_init(), from head.S before start_kernel(): every
 *    top-level entry of the shadow points at the generic static tables
 *    (kasan_early_shadow_p*d), whose entries all lead to one zero page,
 *    mapped writable.  Instrumented code runs from the first C function
 *    on; whatever it poisons lands in that shared page, and reports are
 *    off until kasan_init() (init_task.kasan_depth).
 *
 *  - kasan_init(), after paging_init(): real, zeroed shadow for RAM and
 *    for the image, built while the CPU translates through a copy of
 *    the top-level table, so that the shadow of the code doing the work
 *    stays mapped while swapper_pg_dir's entries are rewritten.  The
 *    shadow of the modules and vmalloc space is left unmapped:
 *    KASAN_VMALLOC populates it as areas are allocated.  The rest (the
 *    vmemmap, the PCI I/O window, the device tree, the fixmap) keeps
 *    the zero page, now read-only, so a stray poisoning of it faults.
 *
 * The shadow of addresses the linear map does not cover stays unmapped
 * too: an instrumented access there would fault on the data anyway.
 *
 * Built without instrumentation: this is the code that makes the shadow
 * usable.
 */
#include <linux/init.h>
#include <linux/kasan.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/sched/task.h>
#include <asm/mmu_context.h>
#include <asm/pgalloc.h>
#include <asm/sections.h>
#include <asm/tlbflush.h>

/* The shadow of PAGE_OFFSET is the first shadow byte (Kconfig.mm). */
static_assert(KASAN_SHADOW_OFFSET + (PAGE_OFFSET >> KASAN_SHADOW_SCALE_SHIFT)
	      == KASAN_SHADOW_START);
static_assert(KASAN_SHADOW_OFFSET + (~0UL >> KASAN_SHADOW_SCALE_SHIFT) + 1
	      == KASAN_SHADOW_END);
/* Whole top-level entries, so that both stages can swap them. */
static_assert(IS_ALIGNED(KASAN_SHADOW_START, PGDIR_SIZE) &&
	      IS_ALIGNED(KASAN_SHADOW_END, PGDIR_SIZE));

/* The static table a top-level shadow entry points at. */
#if CONFIG_PGTABLE_LEVELS > 3
#define early_shadow_next	kasan_early_shadow_pud
#elif CONFIG_PGTABLE_LEVELS > 2
#define early_shadow_next	kasan_early_shadow_pmd
#else
#define early_shadow_next	kasan_early_shadow_pte
#endif

static u64 __init table_desc(const void *table)
{
	return __phys_to_table(__pa_symbol(table));
}

/*
 * Point every top-level entry of [start, end) at @table (or clear it
 * when @desc is 0).  The caller publishes the writes.
 */
static void __init set_top_entries(pgd_t *pgdir, unsigned long start,
				   unsigned long end, u64 desc)
{
	unsigned long addr;

	for (addr = start; addr != end; addr += PGDIR_SIZE)
		WRITE_ONCE(*pgd_offset_pgd(pgdir, addr), __pgd(desc));
}

/*
 * MMU on, at the link address, .bss cleared, no linear map yet: only
 * the image's own tables can be written, through their image addresses.
 */
asmlinkage void __init kasan_early_init(void)
{
	u64 page = __pa_symbol(kasan_early_shadow_page) | _PAGE_KERNEL;
	int i;

	for (i = 0; i < PTRS_PER_PTE; i++)
		WRITE_ONCE(kasan_early_shadow_pte[i], __pte(page));
#if CONFIG_PGTABLE_LEVELS > 2
	for (i = 0; i < PTRS_PER_PMD; i++)
		WRITE_ONCE(kasan_early_shadow_pmd[i],
			   __pmd(table_desc(kasan_early_shadow_pte)));
#endif
#if CONFIG_PGTABLE_LEVELS > 3
	for (i = 0; i < PTRS_PER_PUD; i++)
		WRITE_ONCE(kasan_early_shadow_pud[i],
			   __pud(table_desc(kasan_early_shadow_pmd)));
#endif
	set_top_entries(swapper_pg_dir, KASAN_SHADOW_START, KASAN_SHADOW_END,
			table_desc(early_shadow_next));

	/*
	 * The entries were invalid, so no TLB holds them (a translation
	 * fault is never cached): publishing the stores is enough.
	 */
	__pgtable_publish();
}

/* Pages kasan_init() took for shadow and tables, for its report. */
static unsigned long shadow_pages __initdata;

static void *__init shadow_alloc(void)
{
	void *p = memblock_alloc(PAGE_SIZE, PAGE_SIZE);

	if (!p)
		panic("KASAN: out of memory for the shadow\n");
	shadow_pages++;
	return p;
}

/* Zeroed shadow pages, and the tables to reach them, for [start, end). */
static void __init shadow_populate(unsigned long start, unsigned long end)
{
	unsigned long addr;

	for (addr = start & PAGE_MASK; addr < end; addr += PAGE_SIZE) {
		pgd_t *pgd = pgd_offset_k(addr);
		p4d_t *p4d;
		pud_t *pud;
		pmd_t *pmd;
		pte_t *pte;

		p4d = p4d_offset(pgd, addr);
		if (p4d_none(*p4d))
			p4d_populate(&init_mm, p4d, shadow_alloc());
		pud = pud_offset(p4d, addr);
		if (pud_none(*pud))
			pud_populate(&init_mm, pud, shadow_alloc());
		pmd = pmd_offset(pud, addr);
		if (pmd_none(*pmd))
			pmd_populate_kernel(&init_mm, pmd, shadow_alloc());
		pte = pte_offset_kernel(pmd, addr);
		if (pte_none(*pte))
			set_pte(pte, pfn_pte(virt_to_pfn(shadow_alloc()),
					     PAGE_KERNEL));
	}
}

static void __init shadow_populate_mem(const void *start, const void *end)
{
	shadow_populate((unsigned long)kasan_mem_to_shadow(start),
			PAGE_ALIGN((unsigned long)kasan_mem_to_shadow(end)));
}

/* TTBR1_EL1 is the only translation of kernel addresses: no ASID. */
static void __init switch_kernel_tables(pgd_t *pgdir)
{
	write_sysreg(__pa_symbol(pgdir), ttbr1_el1);
	isb();
	local_flush_tlb_all();
}

static pgd_t tmp_pg_dir[PTRS_PER_PGD] __initdata __aligned(PAGE_SIZE);

void __init kasan_init(void)
{
	phys_addr_t pa_start, pa_end;
	u64 i;

	/*
	 * The copy translates everything as swapper_pg_dir does, so the
	 * switch needs no break-before-make.  swapper_pg_dir's shadow
	 * entries can then be cleared and rebuilt while every shadow byte
	 * the code below touches stays mapped through the copy.
	 */
	__memcpy(tmp_pg_dir, swapper_pg_dir, sizeof(tmp_pg_dir));
	dsb(ishst);
	switch_kernel_tables(tmp_pg_dir);

	set_top_entries(swapper_pg_dir, KASAN_SHADOW_START, KASAN_SHADOW_END,
			0);

	shadow_populate_mem(_text, _end);
	for_each_mem_range(i, &pa_start, &pa_end)
		if (pa_start < pa_end)
			shadow_populate_mem(__va(pa_start), __va(pa_end));

	/* vmemmap, PCI I/O, device tree, fixmap: above the vmalloc space. */
	kasan_populate_early_shadow(kasan_mem_to_shadow((void *)VMALLOC_END),
				    (void *)KASAN_SHADOW_END);

	/*
	 * From now on the zero page is the shadow of memory nothing may
	 * poison: clear what the early stage left in it and make it
	 * read-only.
	 */
	__memset(kasan_early_shadow_page, 0, PAGE_SIZE);
	for (i = 0; i < PTRS_PER_PTE; i++)
		set_pte(&kasan_early_shadow_pte[i],
			pfn_pte(sym_to_pfn(kasan_early_shadow_page),
				PAGE_KERNEL_RO));
	__pgtable_publish();

	switch_kernel_tables(swapper_pg_dir);

	init_task.kasan_depth = 0;
	pr_info("KernelAddressSanitizer: %lu KB of shadow and page tables for the image and RAM\n",
		shadow_pages * (PAGE_SIZE / SZ_1K));
	pr_info("KernelAddressSanitizer initialized (generic)\n");
}
