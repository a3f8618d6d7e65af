/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_VMALLOC_H
#define __ASM_AARCH64_VMALLOC_H

#include <linux/types.h>
#include <asm/pgtable-types.h>

#ifdef CONFIG_HAVE_ARCH_HUGE_VMAP

/*
 * ioremap() may map level-2 blocks (mm/huge_vmap.c), but not while the
 * page tables can be dumped through debugfs: the dump walks the vmalloc
 * space without the locks that pmd_free_pte_page() would need to
 * respect when it takes a table out, as on arm64.
 */
#define arch_vmap_pmd_supported arch_vmap_pmd_supported
static inline bool arch_vmap_pmd_supported(pgprot_t prot)
{
	return !IS_ENABLED(CONFIG_PTDUMP_DEBUGFS);
}

/* Level-1 blocks (1GB with 4KB pages): not used for vmap. */
#define arch_vmap_pud_supported arch_vmap_pud_supported
static inline bool arch_vmap_pud_supported(pgprot_t prot)
{
	return false;
}

#endif

#endif /* __ASM_AARCH64_VMALLOC_H */
