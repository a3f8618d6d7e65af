/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_CACHE_H
#define __ASM_AARCH64_CACHE_H

/*
 * 64 bytes is the line size of nearly every ARMv8-A core; the real one
 * is in CTR_EL0.DminLine and is what cache maintenance loops use.
 */
#define L1_CACHE_SHIFT		6
#define L1_CACHE_BYTES		(1 << L1_CACHE_SHIFT)

/*
 * Buffers handed to DMA must not share a cache line with other data,
 * for the largest line (128 bytes, CTR_EL0.CWG) found in systems.
 */
#define ARCH_DMA_MINALIGN	128

#ifndef __ASSEMBLY__
#define __read_mostly __section(".data..read_mostly")
#endif

#endif /* __ASM_AARCH64_CACHE_H */
