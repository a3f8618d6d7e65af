// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupt controller set-up, and the stacks interrupts run on.
 *
 * The GIC driver found in the device tree registers itself as the root
 * handler (set_handle_irq(), through GENERIC_IRQ_MULTI_HANDLER), which
 * entry-common.c calls for every IRQ exception.
 *
 * Each CPU has an IRQ stack, the size of a task stack, on which the
 * root handler and softirqs run: a task stack then needs room for one
 * exception frame on top of its own deepest call chain, not for the
 * interrupt handlers and softirqs that might land on it.  With
 * VMAP_STACK the IRQ stacks come from vmalloc, aligned like task
 * stacks, so that they have guard pages and the vectors' overflow
 * check (entry.S) covers them too.  With SHADOW_CALL_STACK each CPU
 * also has a shadow call stack for its interrupts, for the same reason.
 */
#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqchip.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/scs.h>
#include <linux/seq_file.h>
#include <linux/topology.h>
#include <linux/vmalloc.h>
#include <asm/irq.h>
#include <asm/smp.h>
#include <asm/softirq_stack.h>
#include <asm/stacktrace.h>

DEFINE_PER_CPU(unsigned long *, irq_stack_ptr);
static DEFINE_PER_CPU(void *, irq_scs_ptr);

/*
 * A stack besides the tasks' (IRQ, EFI runtime services) of @size bytes,
 * a power of two no larger than THREAD_SIZE, aligned as the vectors'
 * overflow check needs (entry.S): THREAD_ALIGN from vmalloc, with its
 * guard pages, or else a block of 2^n pages, aligned to its size.
 */
void *alloc_kernel_stack(unsigned long size, int node)
{
	if (IS_ENABLED(CONFIG_VMAP_STACK))
		return __vmalloc_node(size, THREAD_ALIGN,
				      GFP_KERNEL | __GFP_ZERO, node,
				      __builtin_return_address(0));
	return (void *)__get_free_pages(GFP_KERNEL | __GFP_ZERO,
					get_order(size));
}

static void __init alloc_irq_stack(int cpu)
{
	void *stack = alloc_kernel_stack(IRQ_STACK_SIZE, cpu_to_node(cpu));

	if (!stack)
		panic("CPU%d: no memory for an IRQ stack\n", cpu);
	per_cpu(irq_stack_ptr, cpu) = stack;

	if (IS_ENABLED(CONFIG_SHADOW_CALL_STACK)) {
		stack = scs_alloc(cpu_to_node(cpu));
		if (!stack)
			panic("CPU%d: no memory for an IRQ shadow call stack\n",
			      cpu);
		per_cpu(irq_scs_ptr, cpu) = stack;
	}
}

/*
 * Run fn(regs) on this CPU's IRQ stack, unless SP is on it already (a
 * softirq run from irq_exit()) or it does not exist yet (before
 * init_IRQ()).  IRQs are masked: nothing else can use the stack.
 */
static void run_on_irq_stack(struct pt_regs *regs,
			     void (*fn)(struct pt_regs *))
{
	unsigned long base = (unsigned long)__this_cpu_read(irq_stack_ptr);

	lockdep_assert_irqs_disabled();
	if (!base || on_irq_stack_of_this_cpu(current_stack_pointer, 1))
		fn(regs);
	else
		call_on_irq_stack(regs, fn, base + IRQ_STACK_SIZE,
				  __this_cpu_read(irq_scs_ptr));
}

void handle_irq_on_irq_stack(struct pt_regs *regs)
{
	run_on_irq_stack(regs, generic_handle_arch_irq);
}

#ifdef CONFIG_SOFTIRQ_ON_OWN_STACK
static void run_softirqs(struct pt_regs *unused)
{
	__do_softirq();
}

/* do_softirq() from task context, with IRQs masked. */
void do_softirq_own_stack(void)
{
	run_on_irq_stack(NULL, run_softirqs);
}
#endif

void __init init_IRQ(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		alloc_irq_stack(cpu);

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
