/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * KFENCE's pool lies in the linear map, which is built page by page
 * when KFENCE is configured (can_set_direct_map()), so each of its
 * guard pages can be unmapped alone.
 */
#ifndef __ASM_AARCH64_KFENCE_H
#define __ASM_AARCH64_KFENCE_H

#include <asm/set_memory.h>

static inline bool arch_kfence_init_pool(void)
{
	return can_set_direct_map();
}

static inline bool kfence_protect_page(unsigned long addr, bool protect)
{
	return set_memory_valid(addr, 1, !protect) == 0;
}

#endif /* __ASM_AARCH64_KFENCE_H */
