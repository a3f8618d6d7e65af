/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt masking through PSTATE.I.  DAIFSet/DAIFClr immediates:
 * bit 1 = I (IRQ), bit 0 = F (FIQ), bit 2 = A (SError), bit 3 = D.
 * Only IRQ is toggled here; SError and debug stay as the entry code
 * left them.
 */
#ifndef __ASM_AARCH64_IRQFLAGS_H
#define __ASM_AARCH64_IRQFLAGS_H

#include <linux/compiler.h>
#include <uapi/asm/ptrace.h>

static __always_inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	asm volatile("mrs %0, daif" : "=r" (flags) : : "memory");
	return flags;
}

static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return (flags & PSR_I_BIT) != 0;
}

static __always_inline int arch_irqs_disabled(void)
{
	return arch_irqs_disabled_flags(arch_local_save_flags());
}

static __always_inline void arch_local_irq_enable(void)
{
	asm volatile("msr daifclr, #2" : : : "memory");
}

static __always_inline void arch_local_irq_disable(void)
{
	asm volatile("msr daifset, #2" : : : "memory");
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	/* Skip the write when already masked: MSR DAIF is not free. */
	if (!arch_irqs_disabled_flags(flags))
		arch_local_irq_disable();
	return flags;
}

static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	asm volatile("msr daif, %0" : : "r" (flags) : "memory");
}

#endif /* __ASM_AARCH64_IRQFLAGS_H */
