/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Generic KASAN: the shadow's place is in asm/memory.h, its page tables
 * are built by arch/aarch64/mm/kasan_init.c.
 */
#ifndef __ASM_AARCH64_KASAN_H
#define __ASM_AARCH64_KASAN_H

#include <asm/memory.h>

#ifndef __ASSEMBLY__

#ifdef CONFIG_KASAN
asmlinkage void kasan_early_init(void);
void kasan_init(void);
#else
static inline void kasan_init(void) { }
#endif

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_KASAN_H */
