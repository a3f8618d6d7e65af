/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PMUv3 system registers, as drivers/perf/arm_pmuv3.c reaches them
 * on an AArch64 kernel (the interface is the driver's, shared with
 * arch/arm and arch/arm64).  Register encodings and ID fields: ARM DDI
 * 0487, the PMU register descriptions (PMCR_EL0 ... PMICFILTR_EL0) and
 * ID_AA64DFR0_EL1.PMUVer, ID_AA64DFR1_EL1.PMICNTR.
 *
 * EL1 reaches every counter: a kernel entered at EL2 set MDCR_EL2.HPMN
 * to PMCR_EL0.N before it dropped to EL1 (kernel/el2.S).
 */
#ifndef __ASM_AARCH64_ARM_PMUV3_H
#define __ASM_AARCH64_ARM_PMUV3_H

#include <linux/bitfield.h>
#include <linux/perf_event.h>
#include <asm/sysreg.h>

/* ID_AA64DFR0_EL1.PMUVer (bits 11:8) */
#define ID_AA64DFR0_EL1_PMUVer		GENMASK_ULL(11, 8)
#define ID_AA64DFR0_EL1_PMUVer_NI	0x0
#define ID_AA64DFR0_EL1_PMUVer_V3P4	0x5
#define ID_AA64DFR0_EL1_PMUVer_V3P5	0x6
#define ID_AA64DFR0_EL1_PMUVer_IMP_DEF	0xf
/* ID_AA64DFR1_EL1.PMICNTR (bits 39:36): FEAT_PMUv3_ICNTR */
#define ID_AA64DFR1_EL1_PMICNTR		GENMASK_ULL(39, 36)

/* Names the assembler may not know: generic encodings. */
#define SYS_PMMIR_EL1			S3_0_C9_C14_6
#define SYS_PMICNTR_EL0			S3_3_C9_C4_0
#define SYS_PMICFILTR_EL0		S3_3_C9_C6_0

/* read_NAME() for a register, and write_NAME() for a writable one. */
#define PMU_REG_RO(name, reg)						\
static inline u64 read_##name(void)					\
{									\
	return read_sysreg_s(reg);					\
}
#define PMU_REG_RW(name, reg)						\
PMU_REG_RO(name, reg)							\
static inline void write_##name(u64 val)				\
{									\
	write_sysreg_s(val, reg);					\
}

PMU_REG_RW(pmcr, pmcr_el0)
PMU_REG_RW(pmselr, pmselr_el0)
PMU_REG_RW(pmccntr, pmccntr_el0)
PMU_REG_RW(pmccfiltr, pmccfiltr_el0)
PMU_REG_RW(pmcntenset, pmcntenset_el0)
PMU_REG_RW(pmcntenclr, pmcntenclr_el0)
PMU_REG_RW(pmintenset, pmintenset_el1)
PMU_REG_RW(pmintenclr, pmintenclr_el1)
PMU_REG_RW(pmovsclr, pmovsclr_el0)
PMU_REG_RW(pmuserenr, pmuserenr_el0)
PMU_REG_RO(pmceid0, pmceid0_el0)
PMU_REG_RO(pmceid1, pmceid1_el0)
PMU_REG_RO(pmmir, SYS_PMMIR_EL1)
PMU_REG_RW(pmicntr, SYS_PMICNTR_EL0)
PMU_REG_RW(pmicfiltr, SYS_PMICFILTR_EL0)

#undef PMU_REG_RW
#undef PMU_REG_RO

/*
 * PMEVCNTR<n>_EL0 and PMEVTYPER<n>_EL0, n from 0 to 30: the register
 * number is part of the instruction, so PMEVN_SWITCH
 * (<linux/perf/arm_pmuv3.h>) expands one case per counter.
 */
#define PMU_EVCNTR_READ(n)	(val = read_sysreg(pmevcntr##n##_el0))
#define PMU_EVCNTR_WRITE(n)	write_sysreg(val, pmevcntr##n##_el0)
#define PMU_EVTYPER_READ(n)	(val = read_sysreg(pmevtyper##n##_el0))
#define PMU_EVTYPER_WRITE(n)	write_sysreg(val, pmevtyper##n##_el0)

static inline unsigned long read_pmevcntrn(int n)
{
	unsigned long val = 0;

	PMEVN_SWITCH(n, PMU_EVCNTR_READ);
	return val;
}

static inline void write_pmevcntrn(int n, unsigned long val)
{
	PMEVN_SWITCH(n, PMU_EVCNTR_WRITE);
}

static inline unsigned long read_pmevtypern(int n)
{
	unsigned long val = 0;

	PMEVN_SWITCH(n, PMU_EVTYPER_READ);
	return val;
}

static inline void write_pmevtypern(int n, unsigned long val)
{
	PMEVN_SWITCH(n, PMU_EVTYPER_WRITE);
}

static inline u32 read_pmuver(void)
{
	return FIELD_GET(ID_AA64DFR0_EL1_PMUVer,
			 read_sysreg(id_aa64dfr0_el1));
}

static inline bool pmuv3_implemented(int pmuver)
{
	return pmuver != ID_AA64DFR0_EL1_PMUVer_NI &&
	       pmuver != ID_AA64DFR0_EL1_PMUVer_IMP_DEF;
}

static inline bool is_pmuv3p4(int pmuver)
{
	return pmuver >= ID_AA64DFR0_EL1_PMUVer_V3P4;
}

static inline bool is_pmuv3p5(int pmuver)
{
	return pmuver >= ID_AA64DFR0_EL1_PMUVer_V3P5;
}

static inline bool pmuv3_has_icntr(void)
{
	return FIELD_GET(ID_AA64DFR1_EL1_PMICNTR,
			 read_sysreg(id_aa64dfr1_el1)) != 0;
}

/*
 * The driver's hooks for KVM, which this architecture does not have:
 * no guest shares the counters.  An event that excludes the host counts
 * only while a guest runs, so it is never started.
 */
static inline void kvm_set_pmu_events(u64 set, struct perf_event_attr *attr) { }
static inline void kvm_clr_pmu_events(u64 clr) { }
static inline void kvm_vcpu_pmu_resync_el0(void) { }

static inline bool kvm_set_pmuserenr(u64 val)
{
	return false;
}

static inline bool kvm_pmu_counter_deferred(struct perf_event_attr *attr)
{
	return attr->exclude_host;
}

#endif /* __ASM_AARCH64_ARM_PMUV3_H */
