/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page table entries as the kernel's generic memory manager sees them.
 *
 * Write permission and dirtiness: the hardware write permission (AP[2]
 * clear, i.e. PTE_RDONLY clear) is granted by software only to entries
 * that are both writable (PTE_WRITE) and dirty (PTE_DIRTY).  On a CPU
 * without hardware dirty state management the first write to a clean
 * writable page then faults, and the fault marks the entry dirty.  With
 * it (FEAT_HAFDBS, TCR_EL1.HD: mm/hw_access_dirty.c), PTE_WRITE is the
 * descriptor's DBM bit, and the CPU itself clears AP[2] of a writable
 * entry on the first write through it instead of faulting (DDI 0487 L.a,
 * TCR_EL1.HD and the descriptors' DBM field): writable with AP[2] clear
 * means dirty, whichever of the two made it so.  Every change of
 * an entry's permissions first copies that hardware dirty state into
 * PTE_DIRTY, where recomputing AP[2] cannot lose it.
 *
 * The Access flag (PTE_AF) is set by the CPU on access where TCR_EL1.HA
 * is set, and by the Access flag fault otherwise.  Where the hardware
 * may write a live entry, every read-modify-write of one is atomic.
 */
#ifndef __ASM_AARCH64_PGTABLE_H
#define __ASM_AARCH64_PGTABLE_H

#include <asm/memory.h>
#include <asm/pgtable-hwdef.h>

/*
 * Writable: the DBM bit, which the hardware reads only with TCR_EL1.HD
 * set, and then as "this entry may be made writable by a write".
 */
#define PTE_WRITE		PTE_DBM
/* Software bits: descriptor bits 58:55 are ignored by the hardware. */
#define PTE_DIRTY		(_AT(u64, 1) << 56)
#define PTE_SPECIAL		(_AT(u64, 1) << 57)
#define PTE_PROT_NONE		(_AT(u64, 1) << 58)	/* only when !VALID */
/*
 * A huge page's entry that pmdp_invalidate() has made invalid while it
 * is split or its protection changed: still present to the generic
 * code.  An invalid descriptor's other bits are ignored by the walker
 * (DDI 0487 L.a, "Invalid descriptors"), so any software bit would do.
 */
#define PTE_PRESENT_INVALID	(_AT(u64, 1) << 59)	/* only when !VALID */

#define PFN_PTE_SHIFT		PAGE_SHIFT

#define _PROT_BASE		(DESC_PAGE | PTE_AF | PTE_SHARED)
#define _PROT_KERNEL		(_PROT_BASE | PTE_ATTRINDX(MT_NORMAL))

#define PROT_DEVICE_nGnRnE	(_PROT_BASE | PTE_PXN | PTE_UXN | PTE_WRITE | \
				 PTE_DIRTY | PTE_ATTRINDX(MT_DEVICE_nGnRnE))
#define PROT_DEVICE_nGnRE	(_PROT_BASE | PTE_PXN | PTE_UXN | PTE_WRITE | \
				 PTE_DIRTY | PTE_ATTRINDX(MT_DEVICE_nGnRE))
#define PROT_NORMAL_NC		(_PROT_BASE | PTE_PXN | PTE_UXN | PTE_WRITE | \
				 PTE_DIRTY | PTE_ATTRINDX(MT_NORMAL_NC))

#define _PAGE_KERNEL		(_PROT_KERNEL | PTE_PXN | PTE_UXN | \
				 PTE_WRITE | PTE_DIRTY)
#define _PAGE_KERNEL_RO		(_PROT_KERNEL | PTE_PXN | PTE_UXN | PTE_RDONLY)
#define _PAGE_KERNEL_ROX	(_PROT_KERNEL | PTE_UXN | PTE_RDONLY)
#define _PAGE_KERNEL_EXEC	(_PROT_KERNEL | PTE_UXN | PTE_WRITE | PTE_DIRTY)

#define PAGE_KERNEL		__pgprot(_PAGE_KERNEL)
#define PAGE_KERNEL_RO		__pgprot(_PAGE_KERNEL_RO)
#define PAGE_KERNEL_ROX		__pgprot(_PAGE_KERNEL_ROX)
#define PAGE_KERNEL_EXEC	__pgprot(_PAGE_KERNEL_EXEC)

/* For ioremap(): Device-nGnRE, the ARM ARM's memory type for MMIO. */
#define _PAGE_IOREMAP		PROT_DEVICE_nGnRE

/*
 * User pages: EL0 access (AP[1]), never executable at EL1 (PXN), and
 * tagged with the ASID (nG) so a context switch needs no TLB flush.
 * A private writable mapping starts read-only: copy on write.
 */
#define _PAGE_USER		(_PROT_BASE | PTE_ATTRINDX(MT_NORMAL) | \
				 PTE_NG | PTE_USER | PTE_PXN)

#define PAGE_NONE		__pgprot(((_PAGE_USER & ~DESC_VALID) & ~PTE_USER) | \
					 PTE_PROT_NONE | PTE_RDONLY | PTE_UXN)
#define PAGE_SHARED		__pgprot(_PAGE_USER | PTE_UXN | PTE_WRITE | PTE_RDONLY)
#define PAGE_SHARED_EXEC	__pgprot(_PAGE_USER | PTE_WRITE | PTE_RDONLY)
#define PAGE_READONLY		__pgprot(_PAGE_USER | PTE_UXN | PTE_RDONLY)
#define PAGE_READONLY_EXEC	__pgprot(_PAGE_USER | PTE_RDONLY)
#define PAGE_COPY		PAGE_READONLY
#define PAGE_COPY_EXEC		PAGE_READONLY_EXEC

/* Swap entries: !VALID and !PROT_NONE; type in 8:3, offset from bit 9 */
#define PTE_SWP_EXCLUSIVE	(_AT(u64, 1) << 2)
#define __SWP_TYPE_SHIFT	3
#define __SWP_TYPE_BITS		6
#define __SWP_TYPE_MASK		((1UL << __SWP_TYPE_BITS) - 1)
#define __SWP_OFFSET_SHIFT	(__SWP_TYPE_SHIFT + __SWP_TYPE_BITS)
#define __SWP_OFFSET_BITS	(55 - __SWP_OFFSET_SHIFT)
#define __SWP_OFFSET_MASK	((1UL << __SWP_OFFSET_BITS) - 1)

#define FIRST_USER_ADDRESS	0UL

#ifndef __ASSEMBLY__

#include <linux/atomic.h>
#include <linux/mm_types.h>
#include <linux/mmdebug.h>
#include <asm/barrier.h>
#include <asm/fixmap.h>
#include <asm/tlbflush.h>

extern pgd_t swapper_pg_dir[];
extern pgd_t idmap_pg_dir[];

/* A page of zeroes, mapped wherever user space reads untouched memory */
extern unsigned long empty_zero_page[PAGE_SIZE / sizeof(unsigned long)];
#define ZERO_PAGE(vaddr)	phys_to_page(__pa_symbol(empty_zero_page))

#define pte_ERROR(e)	pr_err("%s:%d: bad pte %016llx\n", __FILE__, __LINE__, pte_val(e))
#if CONFIG_PGTABLE_LEVELS > 2
#define pmd_ERROR(e)	pr_err("%s:%d: bad pmd %016llx\n", __FILE__, __LINE__, pmd_val(e))
#endif
#if CONFIG_PGTABLE_LEVELS > 3
#define pud_ERROR(e)	pr_err("%s:%d: bad pud %016llx\n", __FILE__, __LINE__, pud_val(e))
#endif
#define pgd_ERROR(e)	pr_err("%s:%d: bad pgd %016llx\n", __FILE__, __LINE__, pgd_val(e))

/* Physical address in a descriptor, and the descriptor of a table. */
#define __desc_to_phys(v)	((phys_addr_t)((v) & PTE_ADDR_MASK))
#define __phys_to_table(pa)	(((u64)(pa) & PTE_ADDR_MASK) | DESC_TABLE)

/*
 * After a descriptor write the table walker (which does not snoop the
 * store buffer) must see it before any access it governs: DSB ISHST
 * publishes it to all CPUs' walkers, ISB discards translations this CPU
 * may have fetched speculatively before.
 */
static inline void __pgtable_publish(void)
{
	dsb(ishst);
	isb();
}

/* --- level 3: pages --- */

#define pte_none(pte)		(!pte_val(pte))
#define pte_present(pte)	(!!(pte_val(pte) & (DESC_VALID | PTE_PROT_NONE | \
						    PTE_PRESENT_INVALID)))
#define pte_valid(pte)		(!!(pte_val(pte) & DESC_VALID))
#define pte_young(pte)		(!!(pte_val(pte) & PTE_AF))
#define pte_special(pte)	(!!(pte_val(pte) & PTE_SPECIAL))
#define pte_write(pte)		(!!(pte_val(pte) & PTE_WRITE))
#define pte_sw_dirty(pte)	(!!(pte_val(pte) & PTE_DIRTY))
/* Writable with AP[2] clear: dirty, by software or by the hardware. */
#define pte_hw_dirty(pte)	(pte_write(pte) && !(pte_val(pte) & PTE_RDONLY))
#define pte_dirty(pte)		(pte_sw_dirty(pte) || pte_hw_dirty(pte))
#define pte_user(pte)		(!!(pte_val(pte) & PTE_USER))
#define pte_user_exec(pte)	(pte_valid(pte) && pte_user(pte) && \
				 !(pte_val(pte) & PTE_UXN))

#define pte_pfn(pte)		(__desc_to_phys(pte_val(pte)) >> PAGE_SHIFT)
#define pte_page(pte)		pfn_to_page(pte_pfn(pte))
#define pfn_pte(pfn, prot)	\
	__pte(((u64)(pfn) << PAGE_SHIFT) | pgprot_val(prot))
#define mk_pte(page, prot)	pfn_pte(page_to_pfn(page), prot)

/*
 * Change the writable and dirty bits of @pte: the dirty state the
 * hardware may have recorded is moved into PTE_DIRTY first, then AP[2]
 * recomputed, clear exactly when the result is writable and dirty.
 */
static inline pte_t __pte_update(pte_t pte, pteval_t set, pteval_t clear)
{
	pteval_t v = pte_val(pte);

	if (pte_hw_dirty(pte))
		v |= PTE_DIRTY;
	v = (v | set) & ~clear;
	if ((v & PTE_WRITE) && (v & PTE_DIRTY))
		return __pte(v & ~PTE_RDONLY);
	return __pte(v | PTE_RDONLY);
}

static inline pte_t pte_mkwrite_novma(pte_t pte)
{
	return __pte_update(pte, PTE_WRITE, 0);
}

static inline pte_t pte_wrprotect(pte_t pte)
{
	return __pte_update(pte, 0, PTE_WRITE);
}

static inline pte_t pte_mkdirty(pte_t pte)
{
	return __pte_update(pte, PTE_DIRTY, 0);
}

static inline pte_t pte_mkclean(pte_t pte)
{
	return __pte_update(pte, 0, PTE_DIRTY);
}

static inline pte_t pte_mkyoung(pte_t pte)
{
	return __pte(pte_val(pte) | PTE_AF);
}

static inline pte_t pte_mkold(pte_t pte)
{
	return __pte(pte_val(pte) & ~PTE_AF);
}

static inline pte_t pte_mkspecial(pte_t pte)
{
	return __pte(pte_val(pte) | PTE_SPECIAL);
}

/* Bits that belong to the protection rather than to the page. */
#define PTE_PROT_MASK	(DESC_VALID | PTE_ATTRINDX_MASK | PTE_USER | \
			 PTE_RDONLY | PTE_NG | PTE_PXN | PTE_UXN | \
			 PTE_WRITE | PTE_PROT_NONE | PTE_PRESENT_INVALID)

static inline pte_t pte_modify(pte_t pte, pgprot_t prot)
{
	return __pte_update(pte, pgprot_val(prot) & PTE_PROT_MASK,
			    ~pgprot_val(prot) & PTE_PROT_MASK);
}

static inline void set_pte(pte_t *ptep, pte_t pte)
{
	WRITE_ONCE(*ptep, pte);
	if (pte_valid(pte))
		__pgtable_publish();
}

static inline void pte_clear(struct mm_struct *mm, unsigned long addr,
			     pte_t *ptep)
{
	WRITE_ONCE(*ptep, __pte(0));
}

void __sync_icache_dcache(pte_t pte);

static inline void set_ptes(struct mm_struct *mm, unsigned long addr,
			    pte_t *ptep, pte_t pte, unsigned int nr)
{
	/*
	 * The I-cache need not be coherent with the D-cache (CTR_EL0.DIC
	 * and IDC may be 0): make code that was just written visible to
	 * instruction fetch before user space can run it.
	 */
	for (;;) {
		if (pte_user_exec(pte))
			__sync_icache_dcache(pte);
		WRITE_ONCE(*ptep, pte);
		if (--nr == 0)
			break;
		ptep++;
		pte = __pte(pte_val(pte) + PAGE_SIZE);
	}
	__pgtable_publish();
}
#define set_ptes set_ptes

static inline void update_mmu_cache_range(struct vm_fault *vmf,
		struct vm_area_struct *vma, unsigned long addr, pte_t *ptep,
		unsigned int nr)
{
	/* Nothing to preload: the walker fills the TLB from the tables. */
}
#define update_mmu_cache(vma, addr, ptep) \
	update_mmu_cache_range(NULL, vma, addr, ptep, 1)
#define update_mmu_cache_pmd(vma, addr, pmd) do { } while (0)

/* Invalidates only when it grants write access: mm/fault.c. */
#define __HAVE_ARCH_PTEP_SET_ACCESS_FLAGS
int ptep_set_access_flags(struct vm_area_struct *vma, unsigned long addr,
			  pte_t *ptep, pte_t entry, int dirty);

/*
 * A write fault on an entry that is writable already: the CPU that made
 * it so invalidated the old read-only entry in every TLB, broadcast
 * (ptep_set_access_flags()), and this CPU retries the access until that
 * invalidation has reached it.  Nothing to do, as on arm64.
 */
#define flush_tlb_fix_spurious_fault(vma, addr, ptep)	do { } while (0)

/*
 * Read-modify-write of a live entry.  With TCR_EL1.HA or HD set, a
 * CPU's table walk may set the Access flag or clear AP[2] of any valid
 * entry at any time, page table lock or not, as an atomic update of
 * the descriptor (DDI 0487 L.a, TCR_EL1.HA and TCR_EL1.HD): a plain
 * load and store around it would lose that update, and a lost
 * dirty state is a lost write to the page.  Without
 * CONFIG_AARCH64_HW_AFDBM the hardware never writes an entry, and the
 * generic plain versions serve.
 */
#ifdef CONFIG_AARCH64_HW_AFDBM
extern bool hw_access_flag;

/* Whether this system's CPUs set the Access flag themselves. */
static inline bool arch_has_hw_pte_young(void)
{
	return hw_access_flag;
}
#define arch_has_hw_pte_young arch_has_hw_pte_young

/*
 * Entries mapped ahead of a fault (fault-around) start old, as their
 * pages may never be used, when making them young costs no fault.
 */
#define arch_wants_old_prefaulted_pte	arch_has_hw_pte_young

#define __HAVE_ARCH_PTEP_GET_AND_CLEAR
static inline pte_t ptep_get_and_clear(struct mm_struct *mm,
				       unsigned long addr, pte_t *ptep)
{
	return __pte(xchg_relaxed(&pte_val(*ptep), 0));
}

#define __HAVE_ARCH_PTEP_TEST_AND_CLEAR_YOUNG
static inline int ptep_test_and_clear_young(struct vm_area_struct *vma,
					    unsigned long addr, pte_t *ptep)
{
	pteval_t old = READ_ONCE(pte_val(*ptep));

	do {
		if (!(old & PTE_AF))
			return 0;
	} while (!try_cmpxchg_relaxed(&pte_val(*ptep), &old, old & ~PTE_AF));
	return 1;
}

#define __HAVE_ARCH_PTEP_SET_WRPROTECT
static inline void ptep_set_wrprotect(struct mm_struct *mm,
				      unsigned long addr, pte_t *ptep)
{
	pteval_t old = READ_ONCE(pte_val(*ptep));

	while (!try_cmpxchg_relaxed(&pte_val(*ptep), &old,
				    pte_val(pte_wrprotect(__pte(old)))))
		;
}
#endif /* CONFIG_AARCH64_HW_AFDBM */

/* --- level 2 (pmd) --- */

#define pmd_pte(pmd)		__pte(pmd_val(pmd))
#define pte_pmd(pte)		__pmd(pte_val(pte))

#define pmd_none(pmd)		(!pmd_val(pmd))
#define pmd_present(pmd)	pte_present(pmd_pte(pmd))
#define pmd_table(pmd)		((pmd_val(pmd) & DESC_TYPE_MASK) == DESC_TABLE)
#define pmd_leaf(pmd)		(pmd_present(pmd) && !pmd_table(pmd))
#define pmd_bad(pmd)		(!pmd_table(pmd))
#define pmd_pfn(pmd)		(__desc_to_phys(pmd_val(pmd)) >> PAGE_SHIFT)
#define pmd_page(pmd)		pfn_to_page(pmd_pfn(pmd))
#define pmd_page_paddr(pmd)	__desc_to_phys(pmd_val(pmd))
#define pmd_page_vaddr(pmd)	((unsigned long)__va(pmd_page_paddr(pmd)))
#define pmd_pgtable(pmd)	pmd_page(pmd)

static inline void set_pmd(pmd_t *pmdp, pmd_t pmd)
{
	WRITE_ONCE(*pmdp, pmd);
	__pgtable_publish();
}

/*
 * Huge pages at level 2 (transparent ones; hugetlbfs goes through the
 * pte_t helpers, pte_mkhuge() below): block descriptors, whose
 * attributes sit where a page's do, so the page helpers serve.
 */
#define pmd_young(pmd)		pte_young(pmd_pte(pmd))
#define pmd_write(pmd)		pte_write(pmd_pte(pmd))
#define pmd_dirty(pmd)		pte_dirty(pmd_pte(pmd))
#define pmd_mkold(pmd)		pte_pmd(pte_mkold(pmd_pte(pmd)))
#define pmd_mkyoung(pmd)	pte_pmd(pte_mkyoung(pmd_pte(pmd)))
#define pmd_mkdirty(pmd)	pte_pmd(pte_mkdirty(pmd_pte(pmd)))
#define pmd_mkclean(pmd)	pte_pmd(pte_mkclean(pmd_pte(pmd)))
#define pmd_wrprotect(pmd)	pte_pmd(pte_wrprotect(pmd_pte(pmd)))
#define pmd_mkwrite_novma(pmd)	pte_pmd(pte_mkwrite_novma(pmd_pte(pmd)))
#define pmd_modify(pmd, prot)	pte_pmd(pte_modify(pmd_pte(pmd), prot))
#define pmd_mkhuge(pmd)		__pmd(desc_mkblock(pmd_val(pmd)))
#define pfn_pmd(pfn, prot)	\
	__pmd(((u64)(pfn) << PAGE_SHIFT) | pgprot_val(prot))
#define mk_pmd(page, prot)	pfn_pmd(page_to_pfn(page), prot)

#ifdef CONFIG_TRANSPARENT_HUGEPAGE
static inline int pmd_trans_huge(pmd_t pmd)
{
	return pmd_val(pmd) && pmd_present(pmd) &&
	       !(pmd_val(pmd) & DESC_TABLE_BIT);
}

/*
 * pmdp_invalidate(): the walker must stop using the block (it is being
 * split, or its protection changed, and the new entry is written only
 * after the TLB invalidation: break-before-make), while the generic
 * code still sees a present huge page.
 */
static inline pmd_t pmd_mkinvalid(pmd_t pmd)
{
	return __pmd((pmd_val(pmd) & ~DESC_VALID) | PTE_PRESENT_INVALID);
}

#ifdef CONFIG_AARCH64_HW_AFDBM
/*
 * A block entry is updated by the hardware as a page entry is, and
 * holds the same bits where a page entry does: the page versions above
 * serve, through the entry's address as a pte_t.
 */
static inline pmd_t pmdp_establish(struct vm_area_struct *vma,
				   unsigned long addr, pmd_t *pmdp, pmd_t pmd)
{
	return __pmd(xchg_relaxed(&pmd_val(*pmdp), pmd_val(pmd)));
}

#define __HAVE_ARCH_PMDP_HUGE_GET_AND_CLEAR
static inline pmd_t pmdp_huge_get_and_clear(struct mm_struct *mm,
					    unsigned long addr, pmd_t *pmdp)
{
	return __pmd(xchg_relaxed(&pmd_val(*pmdp), 0));
}

#define __HAVE_ARCH_PMDP_TEST_AND_CLEAR_YOUNG
static inline int pmdp_test_and_clear_young(struct vm_area_struct *vma,
					    unsigned long addr, pmd_t *pmdp)
{
	return ptep_test_and_clear_young(vma, addr, (pte_t *)pmdp);
}

#define __HAVE_ARCH_PMDP_SET_WRPROTECT
static inline void pmdp_set_wrprotect(struct mm_struct *mm,
				      unsigned long addr, pmd_t *pmdp)
{
	ptep_set_wrprotect(mm, addr, (pte_t *)pmdp);
}

#define __HAVE_ARCH_PMDP_SET_ACCESS_FLAGS
int pmdp_set_access_flags(struct vm_area_struct *vma, unsigned long addr,
			  pmd_t *pmdp, pmd_t entry, int dirty);
#else
/*
 * Exchanging the entry with a plain store is safe: the hardware never
 * writes a descriptor, so no update can be lost.
 */
#define pmdp_establish		generic_pmdp_establish
#endif
#endif

static inline void set_pmd_at(struct mm_struct *mm, unsigned long addr,
			      pmd_t *pmdp, pmd_t pmd)
{
	/* As set_ptes(): the whole folio, 2MB with 4KB pages, at once. */
	if (pte_user_exec(pmd_pte(pmd)))
		__sync_icache_dcache(pmd_pte(pmd));
	set_pmd(pmdp, pmd);
}

static inline void pmd_clear(pmd_t *pmdp)
{
	set_pmd(pmdp, __pmd(0));
}

/* --- level 1 (pud) when it is not folded --- */

#if CONFIG_PGTABLE_LEVELS > 2

#define pud_none(pud)		(!pud_val(pud))
#define pud_present(pud)	(!!(pud_val(pud) & DESC_VALID))
#define pud_table(pud)		((pud_val(pud) & DESC_TYPE_MASK) == DESC_TABLE)
#define pud_leaf(pud)		(pud_present(pud) && !pud_table(pud))
#define pud_bad(pud)		(!pud_table(pud))
#define pud_pfn(pud)		(__desc_to_phys(pud_val(pud)) >> PAGE_SHIFT)
#define pud_page(pud)		pfn_to_page(pud_pfn(pud))
#define pud_page_paddr(pud)	__desc_to_phys(pud_val(pud))
#define pud_write(pud)		(!!(pud_val(pud) & PTE_WRITE))

static inline pmd_t *pud_pgtable(pud_t pud)
{
	return (pmd_t *)__va(pud_page_paddr(pud));
}

static inline void set_pud(pud_t *pudp, pud_t pud)
{
	WRITE_ONCE(*pudp, pud);
	__pgtable_publish();
}

static inline void pud_clear(pud_t *pudp)
{
	set_pud(pudp, __pud(0));
}

#endif

/* --- level 0 (p4d, folded into pgd) when there are four levels --- */

#if CONFIG_PGTABLE_LEVELS > 3

#define p4d_none(p4d)		(!p4d_val(p4d))
#define p4d_present(p4d)	(!!(p4d_val(p4d) & DESC_VALID))
#define p4d_bad(p4d)		((p4d_val(p4d) & DESC_TYPE_MASK) != DESC_TABLE)
#define p4d_page_paddr(p4d)	__desc_to_phys(p4d_val(p4d))
#define p4d_page(p4d)		pfn_to_page(p4d_page_paddr(p4d) >> PAGE_SHIFT)

static inline pud_t *p4d_pgtable(p4d_t p4d)
{
	return (pud_t *)__va(p4d_page_paddr(p4d));
}

static inline void set_p4d(p4d_t *p4dp, p4d_t p4d)
{
	WRITE_ONCE(*p4dp, p4d);
	__pgtable_publish();
}

static inline void p4d_clear(p4d_t *p4dp)
{
	set_p4d(p4dp, __p4d(0));
}

#endif

/* --- HugeTLB pages: pte_t values in level-2 and level-1 entries --- */

#define HUGE_MAX_HSTATE		2
#define HPAGE_SHIFT		PMD_SHIFT
#define HPAGE_SIZE		(_AC(1, UL) << HPAGE_SHIFT)
#define HPAGE_MASK		(~(HPAGE_SIZE - 1))
#define HUGETLB_PAGE_ORDER	(HPAGE_SHIFT - PAGE_SHIFT)

#define pte_mkhuge(pte)		__pte(desc_mkblock(pte_val(pte)))
#define pte_huge(pte)		(pte_val(pte) && !(pte_val(pte) & DESC_TABLE_BIT))

/* --- memory types --- */

#define __pgprot_modify(prot, mask, bits) \
	__pgprot((pgprot_val(prot) & ~(mask)) | (bits))

#define pgprot_noncached(prot) \
	__pgprot_modify(prot, PTE_ATTRINDX_MASK, \
			PTE_ATTRINDX(MT_DEVICE_nGnRnE) | PTE_PXN | PTE_UXN)
#define pgprot_writecombine(prot) \
	__pgprot_modify(prot, PTE_ATTRINDX_MASK, \
			PTE_ATTRINDX(MT_NORMAL_NC) | PTE_PXN | PTE_UXN)
/* Coherent DMA buffers of non-coherent devices (mm/dma-mapping.c). */
#define pgprot_dmacoherent(prot)	pgprot_writecombine(prot)
#define pgprot_device(prot) \
	__pgprot_modify(prot, PTE_ATTRINDX_MASK, \
			PTE_ATTRINDX(MT_DEVICE_nGnRE) | PTE_PXN | PTE_UXN)

/* --- swap entries --- */

#define __swp_type(x)		(((x).val >> __SWP_TYPE_SHIFT) & __SWP_TYPE_MASK)
#define __swp_offset(x)		(((x).val >> __SWP_OFFSET_SHIFT) & __SWP_OFFSET_MASK)
#define __swp_entry(type, off)	((swp_entry_t) {			\
	((u64)(type) << __SWP_TYPE_SHIFT) |				\
	((u64)(off) << __SWP_OFFSET_SHIFT) })

#define __pte_to_swp_entry(pte)	((swp_entry_t) { pte_val(pte) })
#define __swp_entry_to_pte(swp)	((pte_t) { (swp).val })

static inline int pte_swp_exclusive(pte_t pte)
{
	return !!(pte_val(pte) & PTE_SWP_EXCLUSIVE);
}

static inline pte_t pte_swp_mkexclusive(pte_t pte)
{
	return __pte(pte_val(pte) | PTE_SWP_EXCLUSIVE);
}

static inline pte_t pte_swp_clear_exclusive(pte_t pte)
{
	return __pte(pte_val(pte) & ~PTE_SWP_EXCLUSIVE);
}


void paging_init(void);

/* mm/hw_access_dirty.c: TCR_EL1.HA and HD, on the calling CPU. */
#ifdef CONFIG_AARCH64_HW_AFDBM
void hw_access_dirty_enable_this_cpu(void);
#else
static inline void hw_access_dirty_enable_this_cpu(void) { }
#endif

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_PGTABLE_H */
