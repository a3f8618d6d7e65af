/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fixed virtual addresses, one page each, just below FIXADDR_TOP.  Their
 * last-level table is a static array in the kernel image (see
 * mm/fixmap.c), so slots can be set before memblock can allocate and
 * before the linear map exists.  All slots lie in the span of that one
 * table, which FIXADDR_TOP's alignment guarantees.
 */
#ifndef __ASM_AARCH64_FIXMAP_H
#define __ASM_AARCH64_FIXMAP_H

#ifndef __ASSEMBLY__

#include <linux/kernel.h>
#include <linux/sizes.h>
#include <asm/memory.h>
#include <asm/pgtable-types.h>

enum fixed_addresses {
	FIX_HOLE,
	/* The console before ioremap() works (SERIAL_EARLYCON). */
	FIX_EARLYCON_MEM_BASE,
	/* Windows onto page-table pages while the linear map is built. */
	FIX_PTE,
	FIX_PMD,
	FIX_PUD,
	FIX_PGD,
	/* A writable alias of a text page while it is patched (patching.c). */
	FIX_TEXT_POKE0,
	__end_of_permanent_fixed_addresses,
#ifdef CONFIG_GENERIC_EARLY_IOREMAP
	/*
	 * early_ioremap() and early_memremap(), for firmware tables read
	 * before ioremap() works (the UEFI memory map and system table):
	 * FIX_BTMAPS_SLOTS mappings of up to 256KB each.  The slots count
	 * down from FIX_BTMAP_BEGIN (mm/early_ioremap.c).
	 */
#define NR_FIX_BTMAPS		(SZ_256K / PAGE_SIZE)
#define FIX_BTMAPS_SLOTS	7
#define TOTAL_FIX_BTMAPS	(NR_FIX_BTMAPS * FIX_BTMAPS_SLOTS)
	FIX_BTMAP_END = __end_of_permanent_fixed_addresses,
	FIX_BTMAP_BEGIN = FIX_BTMAP_END + TOTAL_FIX_BTMAPS - 1,
	__end_of_fixed_addresses
#else
	__end_of_fixed_addresses = __end_of_permanent_fixed_addresses
#endif
};

#define FIXADDR_SIZE		(__end_of_permanent_fixed_addresses << PAGE_SHIFT)
#define FIXADDR_START		(FIXADDR_TOP - FIXADDR_SIZE)
#define FIXADDR_TOT_SIZE	(__end_of_fixed_addresses << PAGE_SHIFT)
#define FIXADDR_TOT_START	(FIXADDR_TOP - FIXADDR_TOT_SIZE)

#define FIXMAP_PAGE_IO		__pgprot(PROT_DEVICE_nGnRE)

void __set_fixmap(enum fixed_addresses idx, phys_addr_t phys, pgprot_t prot);

/* Every slot is an entry of the one static leaf table, fixmap_pte. */
#define __early_set_fixmap	__set_fixmap
#define __late_set_fixmap	__set_fixmap
#define __late_clear_fixmap(idx) __set_fixmap((idx), 0, FIXMAP_PAGE_CLEAR)

#include <asm-generic/fixmap.h>

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_FIXMAP_H */
