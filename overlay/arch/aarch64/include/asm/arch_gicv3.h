/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * GICv3 CPU interface accessors for the irq-gic-v3 driver.  The ICC_*
 * registers are reached through their system register names, which
 * the assembler knows (GIC architecture specification, chapter 12).
 * No pseudo-NMI support: interrupts are masked with PSTATE.I only, so
 * the priority mask (ICC_PMR_EL1) is never used for masking.
 */
#ifndef __ASM_AARCH64_ARCH_GICV3_H
#define __ASM_AARCH64_ARCH_GICV3_H

#ifndef __ASSEMBLY__

#include <linux/irqchip/arm-gic-common.h>
#include <linux/stringify.h>
#include <asm/barrier.h>
#include <asm/cacheflush.h>
#include <asm/io.h>
#include <asm/sysreg.h>

#define read_gicreg(r)		read_sysreg(r)
#define write_gicreg(v, r)	write_sysreg(v, r)

/*
 * Acknowledge: the DSB SY after reading ICC_IAR1_EL1 makes sure the
 * acknowledgment is complete before the handler touches the device
 * (GIC spec, "Observability of the effects of accesses to the GIC
 * registers").
 */
static inline u64 gic_read_iar(void)
{
	u64 irqstat = read_sysreg(ICC_IAR1_EL1);

	dsb(sy);
	return irqstat;
}

static inline void gic_write_ctlr(u32 val)
{
	write_sysreg(val, ICC_CTLR_EL1);
	isb();
}

static inline u32 gic_read_ctlr(void)
{
	return read_sysreg(ICC_CTLR_EL1);
}

static inline void gic_write_grpen1(u32 val)
{
	write_sysreg(val, ICC_IGRPEN1_EL1);
	isb();
}

static inline void gic_write_sgi1r(u64 val)
{
	write_sysreg(val, ICC_SGI1R_EL1);
}

static inline u32 gic_read_sre(void)
{
	return read_sysreg(ICC_SRE_EL1);
}

static inline void gic_write_sre(u32 val)
{
	write_sysreg(val, ICC_SRE_EL1);
	isb();
}

static inline void gic_write_bpr1(u32 val)
{
	write_sysreg(val, ICC_BPR1_EL1);
}

static inline u32 gic_read_pmr(void)
{
	return read_sysreg(ICC_PMR_EL1);
}

static inline void gic_write_pmr(u32 val)
{
	write_sysreg(val, ICC_PMR_EL1);
}

static inline u32 gic_read_rpr(void)
{
	return read_sysreg(ICC_RPR_EL1);
}

static inline void gic_write_dir(u32 irq)
{
	write_sysreg(irq, ICC_DIR_EL1);
	isb();
}

/* Redistributor and ITS registers that are 64 bits wide. */
#define gic_read_typer(c)		readq_relaxed(c)
#define gic_write_irouter(v, c)		writeq_relaxed(v, c)
#define gic_read_lpir(c)		readq_relaxed(c)
#define gic_write_lpir(v, c)		writeq_relaxed(v, c)

#define gits_read_baser(c)		readq_relaxed(c)
#define gits_write_baser(v, c)		writeq_relaxed(v, c)
#define gits_read_cbaser(c)		readq_relaxed(c)
#define gits_write_cbaser(v, c)		writeq_relaxed(v, c)
#define gits_write_cwriter(v, c)	writeq_relaxed(v, c)

#define gicr_read_propbaser(c)		readq_relaxed(c)
#define gicr_write_propbaser(v, c)	writeq_relaxed(v, c)
#define gicr_read_pendbaser(c)		readq_relaxed(c)
#define gicr_write_pendbaser(v, c)	writeq_relaxed(v, c)
#define gicr_read_vpropbaser(c)		readq_relaxed(c)
#define gicr_write_vpropbaser(v, c)	writeq_relaxed(v, c)
#define gicr_read_vpendbaser(c)		readq_relaxed(c)
#define gicr_write_vpendbaser(v, c)	writeq_relaxed(v, c)

#define gic_flush_dcache_to_poc(a, l)	\
	dcache_clean_inval_poc((unsigned long)(a), (unsigned long)(a) + (l))

static inline bool gic_prio_masking_enabled(void)
{
	return false;
}

static inline void gic_pmr_mask_irqs(void)
{
}

static inline void gic_arch_enable_irqs(void)
{
}

static inline bool gic_has_relaxed_pmr_sync(void)
{
	return false;
}

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_ARCH_GICV3_H */
