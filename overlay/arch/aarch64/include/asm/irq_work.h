/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_IRQ_WORK_H
#define __ASM_IRQ_WORK_H

/*
 * irq_work raised on a CPU runs from an IPI the CPU sends itself
 * (arch_irq_work_raise(), IPI_IRQ_WORK in kernel/smp.c) rather than from
 * the next tick, which a full-dynticks CPU may not have: NO_HZ_FULL
 * refuses to start without this.  The tick then runs lazy work only
 * (printk's): as on arm64, nothing may raise irq_work before
 * init_IRQ() has set the IPIs up.  Without SMP there are no IPIs.
 */
static inline bool arch_irq_work_has_interrupt(void)
{
	return IS_ENABLED(CONFIG_SMP);
}

#endif /* __ASM_IRQ_WORK_H */
