/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * VMSAv8-64 translation table geometry and descriptor bits (DDI 0487
 * L.a, "Translation table descriptor formats").
 */
#ifndef __ASM_AARCH64_PGTABLE_HWDEF_H
#define __ASM_AARCH64_PGTABLE_HWDEF_H

#include <linux/const.h>
#include <asm/page-def.h>
#include <asm/sysreg.h>

/*
 * Each table is one page of 8-byte descriptors, so each level resolves
 * PAGE_SHIFT - 3 bits.  Level 3 holds pages; walking up adds that many
 * bits per level.  lvl is the ARM ARM lookup level (0..3).
 */
#define TABLE_BITS		(PAGE_SHIFT - 3)
#define LEVEL_SHIFT(lvl)	(PAGE_SHIFT + (3 - (lvl)) * TABLE_BITS)
#define PTRS_PER_TABLE		(1 << TABLE_BITS)

/* The first lookup level for VA_BITS and the granule. */
#define START_LEVEL		(4 - CONFIG_PGTABLE_LEVELS)

#define PTRS_PER_PTE		PTRS_PER_TABLE

#if CONFIG_PGTABLE_LEVELS > 2
#define PMD_SHIFT		LEVEL_SHIFT(2)
#define PMD_SIZE		(_AC(1, UL) << PMD_SHIFT)
#define PMD_MASK		(~(PMD_SIZE - 1))
#define PTRS_PER_PMD		PTRS_PER_TABLE
#endif

#if CONFIG_PGTABLE_LEVELS > 3
#define PUD_SHIFT		LEVEL_SHIFT(1)
#define PUD_SIZE		(_AC(1, UL) << PUD_SHIFT)
#define PUD_MASK		(~(PUD_SIZE - 1))
#define PTRS_PER_PUD		PTRS_PER_TABLE
#endif

#define PGDIR_SHIFT		LEVEL_SHIFT(START_LEVEL)
#define PGDIR_SIZE		(_AC(1, UL) << PGDIR_SHIFT)
#define PGDIR_MASK		(~(PGDIR_SIZE - 1))
#define PTRS_PER_PGD		(1 << (CONFIG_AARCH64_VA_BITS - PGDIR_SHIFT))

/* Descriptor type, bits[1:0] */
#define DESC_VALID		(_AT(u64, 1) << 0)
#define DESC_TABLE		(_AT(u64, 3) << 0)	/* levels 0-2 */
#define DESC_BLOCK		(_AT(u64, 1) << 0)	/* levels 1-2 */
#define DESC_PAGE		(_AT(u64, 3) << 0)	/* level 3 */
#define DESC_TYPE_MASK		(_AT(u64, 3) << 0)
#define DESC_TABLE_BIT		(_AT(u64, 1) << 1)

/*
 * A block descriptor (levels 1 and 2) holds its attributes in the bits
 * a page descriptor (level 3) does: only bit[1] differs, 0 in a block
 * where a page has 1.  So a page descriptor becomes the block of the
 * same attributes by clearing that bit, and an invalid one stays
 * invalid (bit[0] is left alone).
 */
#define desc_mkblock(desc)	((desc) & ~DESC_TABLE_BIT)

/* Lower attributes of block and page descriptors */
#define PTE_ATTRINDX(t)		(_AT(u64, (t)) << 2)	/* MAIR index */
#define PTE_ATTRINDX_MASK	(_AT(u64, 7) << 2)
#define PTE_USER		(_AT(u64, 1) << 6)	/* AP[1]: EL0 access */
#define PTE_RDONLY		(_AT(u64, 1) << 7)	/* AP[2]: read-only */
#define PTE_SHARED		(_AT(u64, 3) << 8)	/* SH: inner shareable */
#define PTE_AF			(_AT(u64, 1) << 10)	/* access flag */
#define PTE_NG			(_AT(u64, 1) << 11)	/* not global: ASID tagged */
/* Upper attributes */
#define PTE_DBM			(_AT(u64, 1) << 51)	/* dirty bit modifier */
#define PTE_CONT		(_AT(u64, 1) << 52)
#define PTE_PXN			(_AT(u64, 1) << 53)	/* no execution at EL1 */
#define PTE_UXN			(_AT(u64, 1) << 54)	/* no execution at EL0 */

/* Output address, bits[47:PAGE_SHIFT] (no 52-bit PA support yet). */
#define PTE_ADDR_MASK		(((_AT(u64, 1) << 48) - 1) & \
				 ~((_AT(u64, 1) << PAGE_SHIFT) - 1))

/*
 * MAIR_EL1 attribute indices used in AttrIndx; <asm/sysreg.h> has the
 * attribute encodings and head.S programs MAIR_EL1 to match.
 */
#define MT_NORMAL		0
#define MT_NORMAL_NC		1
#define MT_DEVICE_nGnRnE	2
#define MT_DEVICE_nGnRE		3

/*
 * TCR_EL1 of the kernel: both halves 2^VA_BITS bytes, table walks
 * through inner-shareable write-back caches, the chosen granule, and
 * top-byte-ignore for user addresses (the arm64 ABI lets user space
 * keep a tag in bits 63:56 of its pointers).  IPS and AS are filled in
 * at boot from ID_AA64MMFR0_EL1.
 */
#if defined(CONFIG_AARCH64_4K_PAGES)
#define TCR_TG_FLAGS		(TCR_TG0_4K | TCR_TG1_4K)
#elif defined(CONFIG_AARCH64_16K_PAGES)
#define TCR_TG_FLAGS		(TCR_TG0_16K | TCR_TG1_16K)
#else
#define TCR_TG_FLAGS		(TCR_TG0_64K | TCR_TG1_64K)
#endif

#define TCR_TxSZ(bits)		((_AC(64, UL) - (bits)) << TCR_T0SZ_SHIFT | \
				 (_AC(64, UL) - (bits)) << TCR_T1SZ_SHIFT)

#define TCR_EL1_BASE		(TCR_TxSZ(CONFIG_AARCH64_VA_BITS) | \
				 TCR_IRGN0_WBWA | TCR_ORGN0_WBWA | TCR_SH0_INNER | \
				 TCR_IRGN1_WBWA | TCR_ORGN1_WBWA | TCR_SH1_INNER | \
				 TCR_TG_FLAGS | TCR_TBI0)

#endif /* __ASM_AARCH64_PGTABLE_HWDEF_H */
