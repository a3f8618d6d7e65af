/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TLB maintenance.  The "is" (Inner Shareable) forms of TLBI are
 * broadcast by the hardware to every CPU of the shareability domain,
 * so no IPIs are needed.  Each sequence is
 *	DSB ISHST	the table update is visible to all walkers
 *	TLBI ...IS	invalidate everywhere
 *	DSB ISH		wait until every CPU has done it
 * plus an ISB where this CPU's own instruction stream must see the
 * result (DDI 0487 L.a, "TLB maintenance").
 */
#ifndef __ASM_AARCH64_TLBFLUSH_H
#define __ASM_AARCH64_TLBFLUSH_H

#ifndef __ASSEMBLY__

#include <linux/mm_types.h>
#include <asm/barrier.h>
#include <asm/mmu.h>

#define __tlbi(op)							\
	do { asm volatile("tlbi " #op : : : "memory"); } while (0)
#define __tlbi_arg(op, arg)						\
	do { asm volatile("tlbi " #op ", %0" : : "r" (arg) : "memory"); } while (0)

/* TLBI operand: ASID in bits 63:48, VA[55:12] in bits 43:0. */
static inline u64 __tlbi_operand(unsigned long addr, unsigned long asid)
{
	return ((addr >> 12) & GENMASK_ULL(43, 0)) | ((u64)asid << 48);
}

static inline void local_flush_tlb_all(void)
{
	dsb(nshst);
	__tlbi(vmalle1);
	dsb(nsh);
	isb();
}

static inline void flush_tlb_all(void)
{
	dsb(ishst);
	__tlbi(vmalle1is);
	dsb(ish);
	isb();
}

static inline void flush_tlb_mm(struct mm_struct *mm)
{
	unsigned long asid = ASID(mm);

	dsb(ishst);
	__tlbi_arg(aside1is, __tlbi_operand(0, asid));
	dsb(ish);
}

static inline void flush_tlb_page_nosync(struct vm_area_struct *vma,
					 unsigned long uaddr)
{
	dsb(ishst);
	__tlbi_arg(vale1is, __tlbi_operand(uaddr, ASID(vma->vm_mm)));
}

static inline void flush_tlb_page(struct vm_area_struct *vma,
				  unsigned long uaddr)
{
	flush_tlb_page_nosync(vma, uaddr);
	dsb(ish);
}

/* Past this many pages one ASID-wide invalidation is cheaper. */
#define MAX_TLBI_PAGES		512

/*
 * Invalidate [start, end) one stride at a time: PAGE_SIZE where pages
 * were mapped, the block size where only blocks were, as a TLBI by
 * address removes every entry that translates the address, whatever
 * the level of its descriptor (DDI 0487 L.a, "TLB maintenance
 * instructions").  Not the last-level forms: freed tables may sit in
 * the walk caches.
 */
static inline void __flush_tlb_range(struct vm_area_struct *vma,
				     unsigned long start, unsigned long end,
				     unsigned long stride)
{
	unsigned long asid = ASID(vma->vm_mm);
	unsigned long addr;

	if ((end - start) / stride > MAX_TLBI_PAGES) {
		flush_tlb_mm(vma->vm_mm);
		return;
	}

	dsb(ishst);
	for (addr = round_down(start, stride); addr < end; addr += stride)
		__tlbi_arg(vae1is, __tlbi_operand(addr, asid));
	dsb(ish);
}

static inline void flush_tlb_range(struct vm_area_struct *vma,
				   unsigned long start, unsigned long end)
{
	__flush_tlb_range(vma, start, end, PAGE_SIZE);
}

/* A transparent huge page's block: one invalidation covers it. */
#define __HAVE_ARCH_FLUSH_PMD_TLB_RANGE
#define flush_pmd_tlb_range(vma, start, end)				\
	__flush_tlb_range(vma, start, end, PMD_SIZE)

static inline void flush_tlb_kernel_range(unsigned long start,
					  unsigned long end)
{
	unsigned long addr;

	if ((end - start) >> PAGE_SHIFT > MAX_TLBI_PAGES) {
		flush_tlb_all();
		return;
	}

	/* Kernel mappings are global (nG clear): any ASID matches. */
	dsb(ishst);
	for (addr = start & PAGE_MASK; addr < end; addr += PAGE_SIZE)
		__tlbi_arg(vaae1is, __tlbi_operand(addr, 0));
	dsb(ish);
	isb();
}

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_TLBFLUSH_H */
