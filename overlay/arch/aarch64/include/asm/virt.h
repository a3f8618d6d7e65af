/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * EL2 (hypervisor) availability.  When entered at EL2, the boot code
 * configures EL2 for an EL1 kernel and drops to EL1, leaving a stub
 * vector table that offers no hypervisor call (kernel/el2.S), so EL2
 * is never available to the running kernel: KVM and the drivers that would use EL2
 * facilities must treat the kernel as an EL1 guest, and the arch timer
 * driver uses the virtual timer, with CNTVOFF_EL2 set to 0 at boot.
 */
#ifndef __ASM_AARCH64_VIRT_H
#define __ASM_AARCH64_VIRT_H

#ifndef __ASSEMBLY__

#include <linux/types.h>

/* The exception level the kernel was entered at (CurrentEL value). */
extern u32 boot_cpu_mode;

static inline bool is_hyp_mode_available(void)
{
	return false;
}

static inline bool is_kernel_in_hyp_mode(void)
{
	return false;
}

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_VIRT_H */
