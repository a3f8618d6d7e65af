/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PSTATE.{D,A,I,F} outside the IRQ flags.  Taking an exception to EL1
 * sets all four; the kernel runs with debug exceptions and SError
 * unmasked everywhere except in the entry and exit windows, so that an
 * SError caused by the kernel is taken (and reported) where it happened
 * instead of at the next ERET to user space, where it would kill
 * whichever task is returning.  IRQ and FIQ are the IRQ flags'
 * (irqflags.h), which never touch D or A.
 *
 * The rules:
 *  - exception entry: all masked until the handler has entered the
 *    generic entry code (context tracking), then daif_unmask_async()
 *    (from EL0 or an IRQ) or daif_inherit_async() (a synchronous
 *    exception from EL1 takes D and A from the interrupted context);
 *  - exception exit: all masked before ELR_EL1 and SPSR_EL1 are
 *    written (entry.S restore_regs), since another exception taken to
 *    EL1 in between would overwrite them;
 *  - boot and secondary CPUs unmask D and A once they can report.
 */
#ifndef __ASM_AARCH64_DAIF_H
#define __ASM_AARCH64_DAIF_H

#include <linux/stringify.h>
#include <asm/ptrace.h>

/* MSR DAIFSet/DAIFClr immediates: #8 D, #4 A, #2 I, #1 F. */
#define DAIFSET_DBG_SERROR	0xc
#define DAIFSET_ALL		0xf

/* PSTATE.{D,A,I,F} in SPSR_EL1 and pt_regs::pstate. */
#define PSR_DAIF_MASK	(PSR_D_BIT | PSR_A_BIT | PSR_I_BIT | PSR_F_BIT)

#ifndef __ASSEMBLY__

static __always_inline void daif_unmask_async(void)
{
	asm volatile("msr daifclr, #" __stringify(DAIFSET_DBG_SERROR)
		     : : : "memory");
}

/*
 * A synchronous exception from EL1: D and A as the interrupted code had
 * them (masked inside an entry window, a debug or an SError handler),
 * IRQ and FIQ still masked.
 */
static __always_inline void daif_inherit_async(const struct pt_regs *regs)
{
	unsigned long daif = (regs->pstate & (PSR_D_BIT | PSR_A_BIT)) |
			     PSR_I_BIT | PSR_F_BIT;

	asm volatile("msr daif, %0" : : "r" (daif) : "memory");
}

#endif /* __ASSEMBLY__ */
#endif /* __ASM_AARCH64_DAIF_H */
