/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's virtual memory layout and the conversions between
 * virtual and physical addresses.
 *
 * TTBR1_EL1 translates the top 2^VA_BITS bytes of the address space
 * (TCR_EL1.T1SZ = 64 - VA_BITS).  Its lower half is the linear map of
 * RAM; the upper half holds, in this order:
 *
 *   KASAN_SHADOW_START  generic KASAN's shadow (with CONFIG_KASAN only)
 *   MODULES_VADDR   modules (128MB, within branch range of the kernel)
 *   KIMAGE_VADDR    the kernel image (128MB reserved)
 *   VMALLOC_START   vmalloc and ioremap
 *   VMALLOC_END
 *   (guard)
 *   VMEMMAP_START   struct page array of the whole linear map
 *   VMEMMAP_END     (the last 1GB begins here)
 *   PCI_IO_START    PCI I/O port window (16MB)
 *   FDT_VIRT_BASE   the flattened device tree, mapped at boot
 *   FIXADDR_START   fixmap, ending 8MB below the top
 *
 * With 4KB pages and VA_BITS = 39, without KASAN (which puts its 64GB
 * shadow at 0xffffffc000000000 and moves the rest up by as much):
 *   PAGE_OFFSET   0xffffff8000000000
 *   MODULES_VADDR 0xffffffc000000000
 *   KIMAGE_VADDR  0xffffffc008000000
 *   VMALLOC_START 0xffffffc010000000
 *   VMEMMAP_START 0xfffffffec0000000
 */
#ifndef __ASM_AARCH64_MEMORY_H
#define __ASM_AARCH64_MEMORY_H

#include <linux/const.h>
#include <linux/sizes.h>
#include <asm/page-def.h>

#define VA_BITS			CONFIG_AARCH64_VA_BITS
#define PA_BITS			CONFIG_AARCH64_PA_BITS

#define PAGE_OFFSET		(_AC(0xffffffffffffffff, UL) << VA_BITS)
#define PAGE_END		(PAGE_OFFSET + (_AC(1, UL) << (VA_BITS - 1)))
#define LINEAR_MAP_SIZE		(PAGE_END - PAGE_OFFSET)

/*
 * Generic KASAN's shadow: one byte for every 8 bytes of the kernel half,
 * 2^(VA_BITS - 3) bytes, between the linear map and the modules.  The
 * compiler finds a shadow byte at (addr >> 3) + KASAN_SHADOW_OFFSET
 * (Kconfig.mm), which puts the shadow of PAGE_OFFSET at PAGE_END.
 */
#ifdef CONFIG_KASAN
#define KASAN_SHADOW_SCALE_SHIFT	3
#define KASAN_SHADOW_OFFSET	_AC(CONFIG_KASAN_SHADOW_OFFSET, UL)
#define KASAN_SHADOW_START	PAGE_END
#define KASAN_SHADOW_END	(KASAN_SHADOW_START + \
				 (_AC(1, UL) << (VA_BITS - KASAN_SHADOW_SCALE_SHIFT)))
#else
#define KASAN_SHADOW_END	PAGE_END
#endif

#define MODULES_VSIZE		SZ_128M
#define MODULES_VADDR		KASAN_SHADOW_END
#define MODULES_END		(MODULES_VADDR + MODULES_VSIZE)

#define KIMAGE_VADDR		MODULES_END
#define KIMAGE_VSIZE		SZ_128M

/* sizeof(struct page) <= 1 << AARCH64_PAGE_STRUCT_SHIFT, checked in mm/init.c */
#define AARCH64_PAGE_STRUCT_SHIFT	6
#define VMEMMAP_SIZE		((LINEAR_MAP_SIZE >> PAGE_SHIFT) << \
				 AARCH64_PAGE_STRUCT_SHIFT)
#define VMEMMAP_END		(_AC(0, UL) - SZ_1G)
#define VMEMMAP_START		(VMEMMAP_END - VMEMMAP_SIZE)

#define PCI_IO_SIZE		SZ_16M
#define PCI_IO_START		(VMEMMAP_END + SZ_8M)
#define PCI_IO_END		(PCI_IO_START + PCI_IO_SIZE)

/*
 * The device tree blob may be up to 2MB (MAX_FDT_SIZE) and may start
 * anywhere within a page: 4MB covers it at any granule up to 64KB.
 */
#define MAX_FDT_SIZE		SZ_2M
#define FDT_VIRT_BASE		(PCI_IO_END + SZ_8M)
#define FDT_VIRT_SIZE		SZ_4M

#define FIXADDR_TOP		(_AC(0, UL) - SZ_8M)

#define VMALLOC_START		(KIMAGE_VADDR + KIMAGE_VSIZE)
#define VMALLOC_END		(VMEMMAP_START - SZ_256M)

/* The ARM ARM's Virtual Address tag: bits 63:56 of a user pointer. */
#define untagged_addr_bits(addr)	sign_extend64((u64)(addr), 55)

/*
 * The device tree's memory nodes are accepted before memstart_addr is
 * known (drivers/of/fdt.c would otherwise compare against __pa() of
 * PAGE_OFFSET); aarch64_memblock_init() trims what the linear map
 * cannot reach.
 */
#define MIN_MEMBLOCK_ADDR	0
#define MAX_MEMBLOCK_ADDR	U64_MAX

#ifndef __ASSEMBLY__

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/mmdebug.h>

/*
 * memstart_addr: physical address of the start of the linear map (the
 * lowest RAM, rounded down).  kimage_voffset: virtual minus physical
 * address of the kernel image, fixed by where the boot loader put it.
 */
extern s64 memstart_addr;
extern u64 kimage_voffset;

#define PHYS_OFFSET		({ VM_BUG_ON(memstart_addr & 1); memstart_addr; })

static inline bool __is_lm_address(unsigned long addr)
{
	return (addr - PAGE_OFFSET) < LINEAR_MAP_SIZE;
}

#define __lm_to_phys(addr)	(((addr) - PAGE_OFFSET) + PHYS_OFFSET)
#define __kimg_to_phys(addr)	((addr) - kimage_voffset)

#define __virt_to_phys_nodebug(x) ({					\
	unsigned long __x = (unsigned long)(x);				\
	__is_lm_address(__x) ? __lm_to_phys(__x) : __kimg_to_phys(__x);	\
})

#define __pa_symbol_nodebug(x)	__kimg_to_phys((phys_addr_t)(x))

#ifdef CONFIG_DEBUG_VIRTUAL
/* The same, checking that x is of the right kind (mm/physaddr.c). */
extern phys_addr_t __virt_to_phys(unsigned long x);
extern phys_addr_t __phys_addr_symbol(unsigned long x);
#else
#define __virt_to_phys(x)	__virt_to_phys_nodebug(x)
#define __phys_addr_symbol(x)	__pa_symbol_nodebug(x)
#endif

#define __phys_to_virt(x)	((unsigned long)((x) - PHYS_OFFSET) + PAGE_OFFSET)
#define __phys_to_kimg(x)	((unsigned long)((x) + kimage_voffset))

static inline phys_addr_t virt_to_phys(const volatile void *x)
{
	return __virt_to_phys((unsigned long)(x));
}
#define virt_to_phys virt_to_phys

static inline void *phys_to_virt(phys_addr_t x)
{
	return (void *)(__phys_to_virt(x));
}
#define phys_to_virt phys_to_virt

#define __pa(x)			__virt_to_phys((unsigned long)(x))
#define __pa_symbol(x)		__phys_addr_symbol(RELOC_HIDE((unsigned long)(x), 0))
#define __pa_nodebug(x)		__virt_to_phys_nodebug((unsigned long)(x))
#define __va(x)			((void *)__phys_to_virt((phys_addr_t)(x)))
#define pfn_to_kaddr(pfn)	__va((pfn) << PAGE_SHIFT)
#define virt_to_pfn(x)		__phys_to_pfn(__virt_to_phys((unsigned long)(x)))
#define sym_to_pfn(x)		__phys_to_pfn(__pa_symbol(x))


#define PHYS_PFN_OFFSET		(PHYS_OFFSET >> PAGE_SHIFT)
#define ARCH_PFN_OFFSET		((unsigned long)PHYS_PFN_OFFSET)

/* The struct page array, indexed by pfn: see VMEMMAP_START above. */
#define vmemmap			((struct page *)VMEMMAP_START - \
				 (memstart_addr >> PAGE_SHIFT))

#define page_to_phys(page)	__pfn_to_phys(page_to_pfn(page))
#define phys_to_page(phys)	pfn_to_page(__phys_to_pfn(phys))

#define page_to_virt(page)	((void *)__va(__pfn_to_phys(page_to_pfn(page))))
#define virt_to_page(x)		pfn_to_page(virt_to_pfn(x))

#define virt_addr_valid(addr)	({					\
	unsigned long __a = (unsigned long)(addr);			\
	__is_lm_address(__a) && pfn_is_map_memory(virt_to_pfn(__a));	\
})

int pfn_is_map_memory(unsigned long pfn);

#endif /* __ASSEMBLY__ */

#include <asm-generic/memory_model.h>

#endif /* __ASM_AARCH64_MEMORY_H */
