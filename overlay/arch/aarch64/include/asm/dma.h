/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_DMA_H
#define __ASM_AARCH64_DMA_H

#include <linux/types.h>

/*
 * memblock_alloc_low() memory, the SWIOTLB bounce buffers among it, must
 * be reachable by every bus master: below the end of ZONE_DMA, which
 * mm/init.c sets from the device tree's dma-ranges.  Before the zones
 * are sized it is 0, which makes the limit all of memory.
 */
extern phys_addr_t aarch64_dma_zone_end;
#define ARCH_LOW_ADDRESS_LIMIT	(aarch64_dma_zone_end - 1)

#include <asm-generic/dma.h>

#endif /* __ASM_AARCH64_DMA_H */
