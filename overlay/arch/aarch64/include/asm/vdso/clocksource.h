/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Clock modes the vDSO understands besides the generic ones.  The only
 * counter a 64-bit task can read in user space is the Generic Timer's
 * virtual count (CNTVCT_EL0), which the arm_arch_timer driver publishes
 * as VDSO_CLOCKMODE_ARCHTIMER when the kernel lets EL0 read it.
 */
#ifndef __ASM_AARCH64_VDSO_CLOCKSOURCE_H
#define __ASM_AARCH64_VDSO_CLOCKSOURCE_H

#define VDSO_ARCH_CLOCKMODES	VDSO_CLOCKMODE_ARCHTIMER

#endif /* __ASM_AARCH64_VDSO_CLOCKSOURCE_H */
