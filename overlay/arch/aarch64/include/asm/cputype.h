/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU identification: MIDR_EL1 and the affinity fields of MPIDR_EL1
 * (Aff0 bits 7:0, Aff1 15:8, Aff2 23:16, Aff3 39:32).
 *
 * MIDR_EL1 (DDI 0487 L.a, MIDR_EL1): Implementer 31:24, Variant 23:20
 * (the "rN" of a part's rNpM), Architecture 19:16, PartNum 15:4 and
 * Revision 3:0 (the "pM").  The part numbers are those of each core's
 * Technical Reference Manual.
 */
#ifndef __ASM_AARCH64_CPUTYPE_H
#define __ASM_AARCH64_CPUTYPE_H

#define INVALID_HWID		ULONG_MAX

#define MIDR_REVISION_MASK	0xfU
#define MIDR_VARIANT_SHIFT	20
#define MIDR_VARIANT_MASK	(0xfU << MIDR_VARIANT_SHIFT)
#define MIDR_PARTNUM_SHIFT	4
#define MIDR_PARTNUM_MASK	(0xfffU << MIDR_PARTNUM_SHIFT)
#define MIDR_IMPLEMENTOR_SHIFT	24
#define MIDR_IMPLEMENTOR_MASK	(0xffU << MIDR_IMPLEMENTOR_SHIFT)

/* Implementer and part: what identifies a core, whatever its rNpM. */
#define MIDR_MODEL_MASK		(MIDR_IMPLEMENTOR_MASK | MIDR_PARTNUM_MASK)
#define MIDR_MODEL(imp, part)	(((imp) + 0U) << MIDR_IMPLEMENTOR_SHIFT | \
				 ((part) << MIDR_PARTNUM_SHIFT))

/* rNpM as one number, variant above revision: r0p4 is 0x04, r1p0 0x10. */
#define MIDR_RNPM(midr)		((((midr) & MIDR_VARIANT_MASK) >> \
				  (MIDR_VARIANT_SHIFT - 4)) | \
				 ((midr) & MIDR_REVISION_MASK))

#define ARM_CPU_IMP_ARM		0x41
#define ARM_CPU_IMP_BRCM	0x42
#define ARM_CPU_IMP_QCOM	0x51
#define ARM_CPU_IMP_HISI	0x48

#define MIDR_CORTEX_A35		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd04)
#define MIDR_CORTEX_A53		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd03)
#define MIDR_CORTEX_A55		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd05)
#define MIDR_CORTEX_A57		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd07)
#define MIDR_CORTEX_A72		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd08)
#define MIDR_CORTEX_A76		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd0b)
#define MIDR_CORTEX_A76AE	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd0e)
#define MIDR_CORTEX_A77		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd0d)
#define MIDR_NEOVERSE_N1	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd0c)
#define MIDR_CORTEX_A78		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd41)
#define MIDR_CORTEX_A78AE	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd42)
#define MIDR_CORTEX_A78C	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd4b)
#define MIDR_CORTEX_X1		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd44)
#define MIDR_CORTEX_X1C		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd4c)
#define MIDR_CORTEX_A510	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd46)
#define MIDR_CORTEX_A520	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd80)
#define MIDR_CORTEX_A710	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd47)
#define MIDR_CORTEX_A715	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd4d)
#define MIDR_CORTEX_A720	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd81)
#define MIDR_CORTEX_X2		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd48)
#define MIDR_CORTEX_X3		MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd4e)
#define MIDR_NEOVERSE_N2	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd49)
#define MIDR_NEOVERSE_V1	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd40)
#define MIDR_NEOVERSE_V2	MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd4f)
#define MIDR_BRAHMA_B53		MIDR_MODEL(ARM_CPU_IMP_BRCM, 0x100)
#define MIDR_HISI_TSV110	MIDR_MODEL(ARM_CPU_IMP_HISI, 0xd01)
#define MIDR_HISI_HIP09		MIDR_MODEL(ARM_CPU_IMP_HISI, 0xd02)
#define MIDR_QCOM_KRYO_2XX_SILVER MIDR_MODEL(ARM_CPU_IMP_QCOM, 0x801)
#define MIDR_QCOM_KRYO_3XX_SILVER MIDR_MODEL(ARM_CPU_IMP_QCOM, 0x803)
#define MIDR_QCOM_KRYO_4XX_GOLD	MIDR_MODEL(ARM_CPU_IMP_QCOM, 0x804)
#define MIDR_QCOM_KRYO_4XX_SILVER MIDR_MODEL(ARM_CPU_IMP_QCOM, 0x805)
#define MIDR_AMPERE1		MIDR_MODEL(0xc0, 0xac3)

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

/*
 * A core model and an inclusive range of its revisions, rNpM as
 * MIDR_RNPM() numbers them; MIDR_ALL_REVS takes every revision.
 */
struct midr_range {
	u32 model;
	u8 rnpm_min;
	u8 rnpm_max;
};

#define MIDR_REVS(m, lo, hi)	{ .model = (m), .rnpm_min = (lo), .rnpm_max = (hi) }
#define MIDR_ALL_REVS(m)	MIDR_REVS(m, 0x00, 0xff)

static inline bool midr_in_range(u32 midr, const struct midr_range *r)
{
	return (midr & MIDR_MODEL_MASK) == r->model &&
	       MIDR_RNPM(midr) >= r->rnpm_min && MIDR_RNPM(midr) <= r->rnpm_max;
}

/* Is @midr in the list @r, which ends with an entry whose model is 0? */
static inline bool midr_in_list(u32 midr, const struct midr_range *r)
{
	for (; r->model; r++)
		if (midr_in_range(midr, r))
			return true;
	return false;
}

static inline u32 read_cpuid_cachetype(void)
{
	return read_sysreg(ctr_el0);
}

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_CPUTYPE_H */
