/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Generic Timer's system register interface, as the arm_arch_timer
 * driver reaches it (DDI 0487 L.a, "The Generic Timer in AArch64 state").
 * No CPU errata workarounds yet: counters are read directly.
 */
#ifndef __ASM_AARCH64_ARCH_TIMER_H
#define __ASM_AARCH64_ARCH_TIMER_H

#include <linux/bug.h>
#include <linux/types.h>
#include <asm/barrier.h>
#include <asm/hwcap.h>
#include <asm/sysreg.h>
#include <asm/vdso/counter.h>

#include <clocksource/arm_arch_timer.h>

#define has_erratum_handler(h)		false
#define erratum_handler(h)		(arch_timer_##h)

static __always_inline void arch_timer_reg_write_cp15(int access,
						      enum arch_timer_reg reg,
						      u64 val)
{
	if (access == ARCH_TIMER_PHYS_ACCESS) {
		if (reg == ARCH_TIMER_REG_CTRL)
			write_sysreg(val, cntp_ctl_el0);
		else
			write_sysreg(val, cntp_cval_el0);
	} else if (access == ARCH_TIMER_VIRT_ACCESS) {
		if (reg == ARCH_TIMER_REG_CTRL)
			write_sysreg(val, cntv_ctl_el0);
		else
			write_sysreg(val, cntv_cval_el0);
	} else {
		BUILD_BUG();
	}
	/* A timer write must take effect before the code goes on. */
	isb();
}

static __always_inline u64 arch_timer_reg_read_cp15(int access,
						    enum arch_timer_reg reg)
{
	if (access == ARCH_TIMER_PHYS_ACCESS && reg == ARCH_TIMER_REG_CTRL)
		return read_sysreg(cntp_ctl_el0);
	if (access == ARCH_TIMER_VIRT_ACCESS && reg == ARCH_TIMER_REG_CTRL)
		return read_sysreg(cntv_ctl_el0);
	BUILD_BUG();
	return 0;
}

static inline u32 arch_timer_get_cntfrq(void)
{
	return read_sysreg(cntfrq_el0);
}

static inline u32 arch_timer_get_cntkctl(void)
{
	return read_sysreg(cntkctl_el1);
}

static inline void arch_timer_set_cntkctl(u32 cntkctl)
{
	write_sysreg(cntkctl, cntkctl_el1);
	isb();
}

/* Counter reads in program order: asm/vdso/counter.h. */
static __always_inline u64 __arch_counter_get_cntpct(void)
{
	return __aarch64_read_counter_ordered(cntpct_el0);
}

static __always_inline u64 __arch_counter_get_cntvct(void)
{
	return __aarch64_read_counter_ordered(cntvct_el0);
}

#define __arch_counter_get_cntpct_stable	__arch_counter_get_cntpct
#define __arch_counter_get_cntvct_stable	__arch_counter_get_cntvct

static inline int arch_timer_arch_init(void)
{
	return 0;
}

extern unsigned long elf_hwcap;

static inline void arch_timer_set_evtstrm_feature(void)
{
	elf_hwcap |= HWCAP_EVTSTRM;
}

static inline bool arch_timer_have_evtstrm_feature(void)
{
	return elf_hwcap & HWCAP_EVTSTRM;
}

#endif /* __ASM_AARCH64_ARCH_TIMER_H */
