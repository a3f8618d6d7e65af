/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sparse memory model: physical addresses are at most PA_BITS wide;
 * sections are 128MB with 4KB/16KB pages and 512MB with 64KB pages (a
 * section must span at least one maximal buddy block).
 */
#ifndef __ASM_AARCH64_SPARSEMEM_H
#define __ASM_AARCH64_SPARSEMEM_H

#define MAX_PHYSMEM_BITS	CONFIG_AARCH64_PA_BITS

#ifdef CONFIG_AARCH64_64K_PAGES
#define SECTION_SIZE_BITS	29
#else
#define SECTION_SIZE_BITS	27
#endif

#endif /* __ASM_AARCH64_SPARSEMEM_H */
