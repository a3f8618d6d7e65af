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
	__end_of_fixed_addresses = __end_of_permanent_fixed_addresses
};

#define FIXADDR_SIZE		(__end_of_permanent_fixed_addresses << PAGE_SHIFT)
#define FIXADDR_START		(FIXADDR_TOP - FIXADDR_SIZE)
#define FIXADDR_TOT_SIZE	FIXADDR_SIZE
#define FIXADDR_TOT_START	FIXADDR_START

#define FIXMAP_PAGE_IO		__pgprot(PROT_DEVICE_nGnRE)

void __set_fixmap(enum fixed_addresses idx, phys_addr_t phys, pgprot_t prot);

#include <asm-generic/fixmap.h>

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_FIXMAP_H */
