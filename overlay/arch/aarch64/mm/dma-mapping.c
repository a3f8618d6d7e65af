// SPDX-License-Identifier: GPL-2.0-only
/*
 * DMA for devices that do not snoop the CPU caches.  The device tree
 * says which devices do ("dma-coherent"); for the others the generic
 * dma-direct code calls these hooks around each transfer, and remaps
 * dma_alloc_coherent() buffers Normal Non-cacheable (DMA_DIRECT_REMAP,
 * pgprot_dmacoherent()), after arch_dma_prep_coherent() has pushed any
 * cached copy of them out.
 *
 * Which cache operation for which direction follows arm64
 * (arch/arm64/mm/dma-mapping.c):
 *  - to the device: clean to the Point of Coherency, so the device reads
 *    what the CPU wrote;
 *  - back to the CPU, if the device wrote: invalidate, so the CPU reads
 *    what the device wrote, not lines fetched (perhaps speculatively)
 *    while the transfer ran.  The clean before the transfer means no
 *    dirty line can be lost by this; a line only partly in the buffer
 *    is cleaned and invalidated (dcache_inval_poc()).
 * DDI 0487 L.a, "Data cache maintenance instructions" (DC CVAC, DC
 * IVAC, DC CIVAC by VA to the PoC).  QEMU's TCG is coherent and cannot
 * show a missing operation; the DMA API debug checks (DMA_API_DEBUG)
 * show a misused API.
 */
#include <linux/dma-map-ops.h>
#include <linux/mm.h>
#include <asm/cache.h>
#include <asm/cacheflush.h>
#include <asm/sysreg.h>

void arch_sync_dma_for_device(phys_addr_t paddr, size_t size,
			      enum dma_data_direction dir)
{
	unsigned long start = (unsigned long)phys_to_virt(paddr);

	dcache_clean_poc(start, start + size);
}

void arch_sync_dma_for_cpu(phys_addr_t paddr, size_t size,
			   enum dma_data_direction dir)
{
	unsigned long start = (unsigned long)phys_to_virt(paddr);

	if (dir == DMA_TO_DEVICE)
		return;
	dcache_inval_poc(start, start + size);
}

/* A coherent buffer is about to be remapped Non-cacheable. */
void arch_dma_prep_coherent(struct page *page, size_t size)
{
	unsigned long start = (unsigned long)page_address(page);

	dcache_clean_inval_poc(start, start + size);
}

/*
 * The device tree decides.  Non-coherent DMA is only safe if no kmalloc
 * buffer shares a cache line with other data: ARCH_DMA_MINALIGN must
 * cover the largest line a cache may write back, CTR_EL0.CWG (4 << CWG
 * bytes; 0 means not reported, and 128 is assumed as on arm64).
 */
void arch_setup_dma_ops(struct device *dev, bool coherent)
{
	unsigned int cwg = (read_sysreg(ctr_el0) >> 24) & 0xf;

	dev->dma_coherent = coherent;
	if (!coherent && cwg && (4U << cwg) > ARCH_DMA_MINALIGN)
		dev_warn(dev, "non-coherent DMA: cache writeback granule %u bytes is larger than ARCH_DMA_MINALIGN (%d)\n",
			 4U << cwg, ARCH_DMA_MINALIGN);
}
