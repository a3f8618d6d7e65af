/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The data caches of ARMv8-A behave as PIPT and never alias, so most
 * cache flushing hooks are no-ops.  Only instruction fetch needs care:
 * after writing code, clean the D-cache to the Point of Unification and
 * invalidate the I-cache (DDI 0487 L.a, "Synchronization and
 * coherency issues between data and instruction accesses").
 */
#ifndef __ASM_AARCH64_CACHEFLUSH_H
#define __ASM_AARCH64_CACHEFLUSH_H

#include <linux/types.h>

void caches_sync_icache_range(unsigned long start, unsigned long end);
void dcache_clean_inval_poc(unsigned long start, unsigned long end);
void dcache_inval_poc(unsigned long start, unsigned long end);
void dcache_clean_poc(unsigned long start, unsigned long end);
void dcache_clean_pou(unsigned long start, unsigned long end);

#define flush_icache_range flush_icache_range
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	caches_sync_icache_range(start, end);
}

/*
 * Instructions the kernel wrote into a user page through its own alias
 * of the page (ptrace's PTRACE_POKETEXT, via copy_to_user_page()).
 */
/* User text written through the kernel's alias of its page: mm/flush.c */
void sync_icache_kernel_alias(unsigned long start, unsigned long end);

struct vm_area_struct;
struct page;
#define flush_icache_user_page flush_icache_user_page
void flush_icache_user_page(struct vm_area_struct *vma, struct page *page,
			    unsigned long uaddr, int len);

/*
 * Pages the kernel writes and user space may execute: PG_dcache_clean
 * says the folio's lines have been cleaned to the Point of
 * Unification since the kernel last wrote it (mm/flush.c).
 */
#define PG_dcache_clean PG_arch_1
#define ARCH_IMPLEMENTS_FLUSH_DCACHE_PAGE 1
struct folio;
void flush_dcache_page(struct page *page);
void flush_dcache_folio(struct folio *folio);
#define flush_dcache_folio flush_dcache_folio

#include <asm-generic/cacheflush.h>

#endif /* __ASM_AARCH64_CACHEFLUSH_H */
