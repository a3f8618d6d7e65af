/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Privileged Access Never (FEAT_PAN, ARMv8.1): while PSTATE.PAN is set,
 * a load or store the kernel makes at EL1 to memory that EL0 can reach
 * faults with a permission fault, so that a stray kernel pointer into
 * user space cannot read or write what user space put there (DDI 0487
 * L.a, "PSTATE.PAN").  The accessors' LDTR/STTR are unprivileged
 * accesses, which PAN does not check; only the futex atomics, which
 * need the exclusives, open a window with uaccess_enable_privileged().
 * Cache maintenance by VA is not checked either.
 */
#ifndef __ASM_AARCH64_PAN_H
#define __ASM_AARCH64_PAN_H

#include <linux/jump_label.h>
#include <linux/stringify.h>

/* MSR PAN, #imm (op1 0, op2 4, CRm #imm); older assemblers lack it. */
#define __MSR_PAN(imm)	".inst	" __stringify(0xd500409f | ((imm) << 8)) "\n"

#ifdef CONFIG_AARCH64_PAN
DECLARE_STATIC_KEY_FALSE(aarch64_pan);

static __always_inline void uaccess_enable_privileged(void)
{
	if (static_branch_likely(&aarch64_pan))
		asm volatile(__MSR_PAN(0) : : : "memory");
}

static __always_inline void uaccess_disable_privileged(void)
{
	if (static_branch_likely(&aarch64_pan))
		asm volatile(__MSR_PAN(1) : : : "memory");
}

void pan_init_boot(void);
bool pan_enable_secondary(unsigned int cpu);
#else
static inline void uaccess_enable_privileged(void) { }
static inline void uaccess_disable_privileged(void) { }
static inline void pan_init_boot(void) { }
static inline bool pan_enable_secondary(unsigned int cpu) { return true; }
#endif

#endif /* __ASM_AARCH64_PAN_H */
