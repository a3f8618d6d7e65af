/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_MMU_H
#define __ASM_AARCH64_MMU_H

#ifndef __ASSEMBLY__

#include <linux/types.h>
#include <asm/atomic.h>

/*
 * context.id holds the address space's ASID in its low bits and, above
 * them, the allocator generation it was handed out in (mm/context.c).
 */
typedef struct {
	atomic64_t	id;
	void		*vdso;
} mm_context_t;

#define ASID_BITS_MAX	16
#define ASID(mm)	((unsigned long)atomic64_read(&(mm)->context.id) & \
			 ((1UL << ASID_BITS_MAX) - 1))

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_MMU_H */
