/* SPDX-License-Identifier: GPL-2.0-only */
/* Page size, from the translation granule chosen in Kconfig. */
#ifndef __ASM_AARCH64_PAGE_DEF_H
#define __ASM_AARCH64_PAGE_DEF_H

#include <linux/const.h>

/* CONFIG_PAGE_SHIFT follows from AARCH64_{4K,16K,64K}_PAGES. */
#define PAGE_SHIFT		CONFIG_PAGE_SHIFT
#define PAGE_SIZE		(_AC(1, UL) << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))

#endif /* __ASM_AARCH64_PAGE_DEF_H */
