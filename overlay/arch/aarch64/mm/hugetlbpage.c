// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sizes of HugeTLB pages: a level-2 block (PMD_SIZE: 2MB, 32MB or
 * 512MB with 4KB, 16KB or 64KB pages) with every granule, and a level-1
 * block (PUD_SIZE, 1GB) with 4KB pages, the only granule whose level-1
 * blocks need no 52-bit output addresses (DDI 0487 L.a, "Block
 * descriptor": level 1 blocks with the 16KB and 64KB granules exist
 * only with FEAT_LPA2 or FEAT_LPA).  Both are registered at boot, so
 * /sys/kernel/mm/hugepages/ offers them without a hugepagesz= option.
 * Contiguous-bit sizes are not offered.
 */
#include <linux/hugetlb.h>
#include <linux/init.h>

static bool __init pud_block_supported(void)
{
	return IS_ENABLED(CONFIG_AARCH64_4K_PAGES);
}

bool __init arch_hugetlb_valid_size(unsigned long size)
{
	return size == PMD_SIZE || (size == PUD_SIZE && pud_block_supported());
}

static int __init hugetlbpage_init(void)
{
	if (pud_block_supported())
		hugetlb_add_hstate(PUD_SHIFT - PAGE_SHIFT);
	hugetlb_add_hstate(PMD_SHIFT - PAGE_SHIFT);
	return 0;
}
arch_initcall(hugetlbpage_init);
