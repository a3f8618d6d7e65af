// SPDX-License-Identifier: GPL-2.0-only
/*
 * Physical memory: what memblock may use, the zones, the struct page
 * array (vmemmap) and the hand-over to the page allocator.
 */
#include <linux/dma-direct.h>
#include <linux/dma-map-ops.h>
#include <linux/init.h>
#include <linux/initrd.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/of_address.h>
#include <linux/of_fdt.h>
#include <linux/pfn.h>
#include <linux/sizes.h>
#include <linux/swiotlb.h>
#include <asm/memory.h>
#include <asm/pgtable.h>
#include <asm/sections.h>
#include <asm/setup.h>
#include <asm/sparsemem.h>

/* Odd until set: PHYS_OFFSET catches early users under DEBUG_VM. */
s64 memstart_addr __ro_after_init = -1;
EXPORT_SYMBOL(memstart_addr);

unsigned long empty_zero_page[PAGE_SIZE / sizeof(unsigned long)] __page_aligned_bss;
EXPORT_SYMBOL(empty_zero_page);

/*
 * The linear map starts at a section boundary, so the struct pages of
 * every present section land inside the vmemmap region.
 */
#define MEMSTART_ALIGN		(_AC(1, ULL) << SECTION_SIZE_BITS)

/*
 * KASLR moves the linear map in steps that keep its largest blocks
 * (mm/mmu.c): level 1 (1GB) with 4KB pages; level 2 otherwise, which
 * MEMSTART_ALIGN already is a multiple of.
 */
#ifdef CONFIG_AARCH64_4K_PAGES
#define LINEAR_RANDOM_ALIGN	SZ_1G
#else
#define LINEAR_RANDOM_ALIGN	MEMSTART_ALIGN
#endif

/*
 * With KASLR, start the linear map a random number of steps below RAM,
 * within the room RAM leaves in it, from the seed's low 16 bits (as
 * arm64 does, arch/arm64/mm/init.c), so that the linear address of a
 * physical page cannot be told from the layout either.  memstart_addr
 * may become negative; __va(), __pa() and vmemmap all work from it.
 */
static void __init randomize_linear_map(void)
{
	u64 room;

	if (!kaslr_enabled() || !memstart_offset_seed)
		return;
	room = (LINEAR_MAP_SIZE - (memblock_end_of_DRAM() - memstart_addr)) /
	       LINEAR_RANDOM_ALIGN;
	memstart_addr -= LINEAR_RANDOM_ALIGN *
			 ((room * memstart_offset_seed) >> 16);
}

void __init aarch64_memblock_init(void)
{
	phys_addr_t kernel_end = __pa_symbol(_end);

	/* Beyond what the tables and TCR_EL1.IPS can address. */
	memblock_remove(1ULL << PA_BITS, ULLONG_MAX);

	memstart_addr = round_down(memblock_start_of_DRAM(), MEMSTART_ALIGN);

	/* Beyond what the linear map can cover. */
	if (memstart_addr + LINEAR_MAP_SIZE < kernel_end)
		panic("the kernel image lies above the reach of the linear map");
	if (memblock_end_of_DRAM() > memstart_addr + LINEAR_MAP_SIZE) {
		pr_warn("memory above %pa not usable: outside the linear map\n",
			&(phys_addr_t){ memstart_addr + LINEAR_MAP_SIZE });
		memblock_remove(memstart_addr + LINEAR_MAP_SIZE, ULLONG_MAX);
	}
	randomize_linear_map();

	memblock_reserve(__pa_symbol(_text), _end - _text);

	/* The initrd, if the device tree names one (/chosen). */
	reserve_initrd_mem();

	early_init_fdt_scan_reserved_mem();
}

/* The first physical address above ZONE_DMA (asm/dma.h). */
phys_addr_t aarch64_dma_zone_end __ro_after_init;

/* The end of a zone that may hold addresses up to limit. */
static phys_addr_t __init zone_end(phys_addr_t limit)
{
	return min(limit, memblock_end_of_DRAM() - 1) + 1;
}

/*
 * ZONE_DMA holds what every bus master can reach: memory up to the
 * lowest CPU address at which some "dma-ranges" of the device tree
 * stops, but never above 4 GiB when RAM starts below it, since drivers
 * that ask for GFP_DMA on such machines expect 32-bit addresses (as on
 * arm64, arch/arm64/mm/init.c).  ZONE_DMA32 is the rest of the first
 * 4 GiB, empty when ZONE_DMA already reaches that far.
 */
static void __init zone_sizes_init(void)
{
	unsigned long max_zone_pfns[MAX_NR_ZONES] = { 0 };

	zone_dma_limit = of_dma_get_max_cpu_address(NULL);
	if (memblock_start_of_DRAM() < SZ_4G)
		zone_dma_limit = min_t(u64, zone_dma_limit, U32_MAX);
	aarch64_dma_zone_end = zone_end(zone_dma_limit);

	max_zone_pfns[ZONE_DMA] = PFN_DOWN(aarch64_dma_zone_end);
	max_zone_pfns[ZONE_DMA32] = PFN_DOWN(zone_end(U32_MAX));
	max_zone_pfns[ZONE_NORMAL] = max_pfn;
	free_area_init(max_zone_pfns);
}

void __init bootmem_init(void)
{
	min_low_pfn = PFN_UP(memblock_start_of_DRAM());
	max_low_pfn = max_pfn = PFN_DOWN(memblock_end_of_DRAM());

	sparse_init();
	zone_sizes_init();
	memblock_dump_all();
}

void __init mem_init(void)
{
	/*
	 * Bounce buffers below the end of ZONE_DMA (ARCH_LOW_ADDRESS_LIMIT),
	 * for a device whose mask does not reach the memory it is given,
	 * only when there is memory above it ("swiotlb=force" asks for them
	 * anyway).
	 */
	swiotlb_init(max_pfn > PFN_DOWN(aarch64_dma_zone_end), SWIOTLB_VERBOSE);
	memblock_free_all();
}

/* Is this page frame RAM that the linear map covers? */
int pfn_is_map_memory(unsigned long pfn)
{
	/* Frames beyond the physical address space are never RAM. */
	if (pfn >> (PA_BITS - PAGE_SHIFT))
		return 0;
	return memblock_is_map_memory(PFN_PHYS(pfn));
}
EXPORT_SYMBOL(pfn_is_map_memory);

int __meminit vmemmap_populate(unsigned long start, unsigned long end,
			       int node, struct vmem_altmap *altmap)
{
	BUILD_BUG_ON(sizeof(struct page) > (1 << AARCH64_PAGE_STRUCT_SHIFT));
	return vmemmap_populate_basepages(start, end, node, altmap);
}

#ifdef CONFIG_MEMORY_HOTPLUG
void vmemmap_free(unsigned long start, unsigned long end,
		  struct vmem_altmap *altmap)
{
}
#endif

/*
 * vm_get_page_prot(): the page protection of each combination of
 * VM_READ, VM_WRITE, VM_EXEC and VM_SHARED.  A private writable mapping
 * is read-only until its first write makes a private copy; only shared
 * mappings are ever writable straight away.  Execute-only is not
 * offered: EL0 execute implies read here.
 */
static pgprot_t protection_map[16] __ro_after_init = {
	/* nothing allowed */
	[VM_NONE]				= PAGE_NONE,
	[VM_SHARED]				= PAGE_NONE,
	/* data, read-only or copy-on-write */
	[VM_READ]				= PAGE_READONLY,
	[VM_WRITE]				= PAGE_COPY,
	[VM_READ | VM_WRITE]			= PAGE_COPY,
	[VM_SHARED | VM_READ]			= PAGE_READONLY,
	/* code, read-only or copy-on-write */
	[VM_EXEC]				= PAGE_READONLY_EXEC,
	[VM_EXEC | VM_READ]			= PAGE_READONLY_EXEC,
	[VM_EXEC | VM_WRITE]			= PAGE_COPY_EXEC,
	[VM_EXEC | VM_READ | VM_WRITE]		= PAGE_COPY_EXEC,
	[VM_SHARED | VM_EXEC]			= PAGE_READONLY_EXEC,
	[VM_SHARED | VM_EXEC | VM_READ]		= PAGE_READONLY_EXEC,
	/* shared and writable */
	[VM_SHARED | VM_WRITE]			= PAGE_SHARED,
	[VM_SHARED | VM_READ | VM_WRITE]	= PAGE_SHARED,
	[VM_SHARED | VM_EXEC | VM_WRITE]	= PAGE_SHARED_EXEC,
	[VM_SHARED | VM_EXEC | VM_READ | VM_WRITE] = PAGE_SHARED_EXEC,
};
DECLARE_VM_GET_PAGE_PROT
