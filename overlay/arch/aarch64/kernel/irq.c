// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupt controller set-up.  The GIC driver found in the device tree
 * registers itself as the root handler (set_handle_irq(), through
 * GENERIC_IRQ_MULTI_HANDLER), which entry-common.c calls for every IRQ
 * exception.
 */
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqchip.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <asm/smp.h>

void __init init_IRQ(void)
{
	irqchip_init();
	if (!handle_arch_irq)
		panic("No interrupt controller found in the device tree.");
}

int arch_show_interrupts(struct seq_file *p, int prec)
{
#ifdef CONFIG_SMP
	arch_show_ipi_stats(p, prec);
#endif
	return 0;
}
