/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Workarounds for errata of the CPUs the kernel runs on (kernel/errata.c
 * decides from MIDR_EL1 which are needed).  Each is a bit of
 * aarch64_workarounds, set once any CPU has needed it and never
 * cleared: code that depends on one tests the bit where it acts.
 * Numbers, not an enum, so that assembly can test them too.
 */
#ifndef __ASM_AARCH64_ERRATA_H
#define __ASM_AARCH64_ERRATA_H

/* A load or store after an ADRP at a page offset of 0xff8 or 0xffc. */
#define AARCH64_WA_843419	0
/* DC CVAU (and DC CVAC) must be DC CIVAC; EL0's are trapped to do so. */
#define AARCH64_WA_CLEAN_CACHE	1

#ifndef __ASSEMBLY__

#include <linux/bitops.h>
#include <linux/compiler.h>

struct pt_regs;

extern unsigned long aarch64_workarounds;

static inline bool aarch64_needs_workaround(unsigned int wa)
{
	return test_bit(wa, &aarch64_workarounds);
}

void errata_enable_this_cpu(void);
bool do_el0_cache_maint(struct pt_regs *regs, unsigned long esr);

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_ERRATA_H */
