// SPDX-License-Identifier: GPL-2.0-only
/*
 * The first translation tables, built in two stages.
 *
 * Stage 1, early_map_kernel(), runs at the physical address the boot
 * loader chose, with the MMU and D-cache off, on its own stack
 * (early_stack), so:
 *  - every global is reached PC-relative (ADRP), which gives physical
 *    addresses; no pointer stored in data may be followed;
 *  - all memory is Device-nGnRnE: no unaligned access (-mstrict-align)
 *    and no library calls;
 *  - the object is linked with its symbols prefixed __pi_ and only
 *    PC-relative relocations (kernel/Makefile checks), so it can call
 *    nothing outside itself;
 *  - table addresses are physical and usable as pointers directly.
 * It builds:
 *  - swapper_pg_dir (TTBR1_EL1): the fixmap's static leaf table (with
 *    the debug UART in it) and the device tree at FDT_VIRT_BASE;
 *  - idmap_pg_dir (TTBR0_EL1): the image at VA == PA, so the code that
 *    sets SCTLR_EL1.M keeps running, and stage 2 after it.
 *
 * Stage 2, early_map_image(), runs once the MMU is on, still at the
 * physical address (through the identity map, where table addresses
 * are still usable as pointers) and on the same stack, with the same
 * constraints but for the caches, now on.  It can read the device tree,
 * through its mapping: with RANDOMIZE_BASE it takes the KASLR offset
 * from it (kaslr_early.c).  It then maps the image in swapper_pg_dir at
 * KIMAGE_VADDR plus that offset, by segment (text and init text
 * read-only and executable, everything else non-executable, PXN), and
 * relocates it there (relocate.c).
 *
 * Each stage takes its tables from its own part of the pool, so
 * nothing passes from one to the other but the tables themselves.
 */
#include <linux/init.h>
#include <linux/types.h>
#include <asm/memory.h>
#include <asm/pgtable.h>
#include <asm/setup.h>

/* Linked as __pi_<name>: vmlinux.lds.S provides these under that name. */
extern char _text[], _end[];
extern char __start_rodata[], __init_begin[], __initdata_begin[];
extern char __early_pool_start[], __image_pool_start[], __early_pool_end[];
extern u64 fixmap_pte[];

/* The stack head.S runs this file on: nothing else uses it. */
u8 early_stack[EARLY_STACK_SIZE] __aligned(16) __initdata;

struct early_pool {
	u64 next;
	u64 end;
	bool failed;
};

static void __init zero_table(u64 *table)
{
	int i;

	for (i = 0; i < PTRS_PER_TABLE; i++)
		table[i] = 0;
}

static u64 *__init pool_alloc(struct early_pool *pool)
{
	u64 *table;

	if (pool->next >= pool->end) {
		pool->failed = true;
		return NULL;
	}
	table = (u64 *)pool->next;
	pool->next += PAGE_SIZE;
	zero_table(table);
	return table;
}

static unsigned int __init level_index(u64 va, int level)
{
	unsigned int entries = level == START_LEVEL ? PTRS_PER_PGD
						    : PTRS_PER_TABLE;

	return (va >> LEVEL_SHIFT(level)) & (entries - 1);
}

/*
 * The table at @level that translates @va, creating the intermediate
 * tables as needed.  @level is the level of the returned table.
 */
static u64 *__init walk_to(struct early_pool *pool, u64 *root, u64 va,
			   int level)
{
	u64 *table = root;
	int l;

	for (l = START_LEVEL; l < level; l++) {
		u64 *entry = &table[level_index(va, l)];

		if (!(*entry & DESC_VALID)) {
			u64 *next = pool_alloc(pool);

			if (!next)
				return NULL;
			*entry = __phys_to_table((u64)next);
		}
		table = (u64 *)__desc_to_phys(*entry);
	}
	return table;
}

static void __init map_pages(struct early_pool *pool, u64 *root, u64 va,
			     u64 pa, u64 size, u64 prot)
{
	u64 end = va + size;

	for (; va < end; va += PAGE_SIZE, pa += PAGE_SIZE) {
		u64 *pte = walk_to(pool, root, va, 3);

		if (!pte)
			return;
		pte[level_index(va, 3)] = pa | prot;
	}
}

/* [start, end) of the image (physical, as seen here) at @va_text + offset. */
static void __init map_segment(struct early_pool *pool, u64 *root,
			       u64 va_text, char *start, char *end, u64 prot)
{
	map_pages(pool, root, va_text + (start - _text), (u64)start,
		  end - start, prot);
}

/*
 * Stage 1, MMU off.  Returns 0, EARLY_MAP_PLACEMENT when the image
 * cannot be identity mapped, or EARLY_MAP_POOL when its part of the
 * pool ran out.
 */
u64 __init early_map_kernel(u64 fdt_pa)
{
	struct early_pool pool;
	u64 *swapper = (u64 *)swapper_pg_dir;
	u64 *idmap = (u64 *)idmap_pg_dir;
	u64 pa_start = (u64)_text;
	u64 size = (u64)_end - pa_start;
	u64 fdt_base, fdt_size;
	u64 *table;

	/* The identity map lives in the TTBR0_EL1 half: PA < 2^VA_BITS. */
	if (pa_start + size > (1UL << VA_BITS))
		return EARLY_MAP_PLACEMENT;

	pool.next = (u64)__early_pool_start;
	pool.end = (u64)__image_pool_start;
	pool.failed = false;

	zero_table(swapper);
	zero_table(idmap);
	zero_table(fixmap_pte);

	/* The fixmap first, so its leaf table is the static one. */
	table = walk_to(&pool, swapper, FIXADDR_TOT_START, 2);
	if (table)
		table[level_index(FIXADDR_TOT_START, 2)] =
			__phys_to_table((u64)fixmap_pte);

	/*
	 * The device tree: as much as it may span (MAX_FDT_SIZE), without
	 * reading its header for its size, since the blob may not have
	 * been cleaned to the PoC (only the image must be) and the D-cache
	 * is off here.  Writable: the generic DT code wipes
	 * /chosen/rng-seed in place once it has used it.
	 */
	fdt_base = fdt_pa & PAGE_MASK;
	fdt_size = ALIGN(fdt_pa - fdt_base + MAX_FDT_SIZE, PAGE_SIZE);
	map_pages(&pool, swapper, FDT_VIRT_BASE, fdt_base, fdt_size,
		  _PAGE_KERNEL);

#if CONFIG_AARCH64_DEBUG_UART_PHYS != 0
	/*
	 * The debug UART, in the earlycon slot of the fixmap, so that a
	 * bad device tree can still be reported once the MMU is on
	 * (setup.c); earlycon maps the same slot again when it starts.
	 */
	fixmap_pte[level_index(__fix_to_virt(FIX_EARLYCON_MEM_BASE), 3)] =
		CONFIG_AARCH64_DEBUG_UART_PHYS | PROT_DEVICE_nGnRE;
#endif

	/*
	 * nG: the entries carry ASID 0, which user address spaces never
	 * get, so they cannot match a user access if any linger in a TLB.
	 */
	map_pages(&pool, idmap, pa_start, pa_start, size,
		  _PAGE_KERNEL_EXEC | PTE_NG);

	return pool.failed ? EARLY_MAP_POOL : 0;
}

/*
 * Stage 2, MMU on, from the identity map.  Returns 0, or EARLY_MAP_POOL
 * when its part of the pool ran out.
 */
u64 __init early_map_image(u64 fdt_pa)
{
	struct early_pool pool;
	u64 *swapper = (u64 *)swapper_pg_dir;
	u64 offset = 0, va_text;

	pool.next = (u64)__image_pool_start;
	pool.end = (u64)__early_pool_end;
	pool.failed = false;

	if (IS_ENABLED(CONFIG_RANDOMIZE_BASE))
		offset = kaslr_early_init((void *)(FDT_VIRT_BASE +
						   (fdt_pa & ~PAGE_MASK)));
	va_text = KIMAGE_VADDR + offset;

	/*
	 * At page granularity so that mark_rodata_ro() and free_initmem()
	 * only ever change leaf entries.  .rodata stays writable until
	 * mark_rodata_ro(): it holds __ro_after_init.
	 */
	map_segment(&pool, swapper, va_text, _text, __start_rodata,
		    _PAGE_KERNEL_ROX);
	map_segment(&pool, swapper, va_text, __start_rodata, __init_begin,
		    _PAGE_KERNEL);
	map_segment(&pool, swapper, va_text, __init_begin, __initdata_begin,
		    _PAGE_KERNEL_ROX);
	map_segment(&pool, swapper, va_text, __initdata_begin, _end,
		    _PAGE_KERNEL);
	if (pool.failed)
		return EARLY_MAP_POOL;

	/*
	 * The entries replace invalid ones, which no TLB holds (an entry
	 * that gives a Translation fault is never cached: DDI 0487 L.a,
	 * "Translation Lookaside Buffers (TLBs)"), so there is
	 * nothing to invalidate: the walks that head.S's branch to the
	 * image starts need only see the stores, and the ISB keeps this
	 * CPU from having fetched through the new mapping before then.
	 */
	dsb(ishst);
	isb();

	if (IS_ENABLED(CONFIG_RELOCATABLE))
		relocate_kernel(offset);
	return 0;
}
