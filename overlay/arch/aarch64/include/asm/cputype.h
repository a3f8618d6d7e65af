/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU identification: MIDR_EL1 and the affinity fields of MPIDR_EL1
 * (Aff0 bits 7:0, Aff1 15:8, Aff2 23:16, Aff3 39:32).
 */
#ifndef __ASM_AARCH64_CPUTYPE_H
#define __ASM_AARCH64_CPUTYPE_H

#define INVALID_HWID		ULONG_MAX

#define MPIDR_UP_BITMASK	(0x1 << 30)
#define MPIDR_MT_BITMASK	(0x1 << 24)
#define MPIDR_HWID_BITMASK	UL(0xff00ffffff)

#define MPIDR_LEVEL_BITS_SHIFT	3
#define MPIDR_LEVEL_BITS	(1 << MPIDR_LEVEL_BITS_SHIFT)
#define MPIDR_LEVEL_MASK	((1 << MPIDR_LEVEL_BITS) - 1)

/* Aff3 sits at 32, not 24: levels 0-2 are consecutive bytes, then a gap */
#define MPIDR_LEVEL_SHIFT(level) \
	(((1 << (level)) >> 1) << MPIDR_LEVEL_BITS_SHIFT)

#define MPIDR_AFFINITY_LEVEL(mpidr, level) \
	(((mpidr) >> MPIDR_LEVEL_SHIFT(level)) & MPIDR_LEVEL_MASK)

#ifndef __ASSEMBLY__

#include <asm/sysreg.h>

static inline u32 read_cpuid_id(void)
{
	return read_sysreg(midr_el1);
}

static inline u64 read_cpuid_mpidr(void)
{
	return read_sysreg(mpidr_el1);
}

static inline u32 read_cpuid_cachetype(void)
{
	return read_sysreg(ctr_el0);
}

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_CPUTYPE_H */
