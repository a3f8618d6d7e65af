/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt numbers are the generic ones (irqdomains give the GIC's);
 * what is the architecture's is where interrupts run: on a stack of
 * their own per CPU (kernel/irq.c).
 */
#ifndef __ASM_AARCH64_IRQ_H
#define __ASM_AARCH64_IRQ_H

#include <asm-generic/irq.h>

#ifndef __ASSEMBLY__

#include <linux/percpu.h>

struct pt_regs;

/* The base of this CPU's IRQ stack (IRQ_STACK_SIZE bytes). */
DECLARE_PER_CPU(unsigned long *, irq_stack_ptr);

void handle_irq_on_irq_stack(struct pt_regs *regs);

/*
 * entry.S: call fn(regs) with SP = sp and the shadow call stack pointer
 * = scs (if SHADOW_CALL_STACK), back on the caller's stacks after.
 */
asmlinkage void call_on_irq_stack(struct pt_regs *regs,
				  void (*fn)(struct pt_regs *),
				  unsigned long sp, void *scs);

#endif /* __ASSEMBLY__ */
#endif /* __ASM_AARCH64_IRQ_H */
