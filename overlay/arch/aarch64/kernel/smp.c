// SPDX-License-Identifier: GPL-2.0-only
/*
 * SMP: CPU enumeration from the device tree, inter-processor
 * interrupts through the interrupt controller's SGIs, and the hooks of
 * the generic SMP code.
 *
 * Bringing up secondary CPUs (PSCI CPU_ON, a secondary entry in
 * head.S) is not implemented yet: only the boot CPU is marked present,
 * so the generic code never asks for the others.  Everything else is
 * written for several CPUs.
 */
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/percpu.h>
#include <linux/sched/hotplug.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <linux/clockchips.h>
#include <asm/cpuinfo.h>
#include <asm/cputype.h>
#include <asm/smp_plat.h>

DEFINE_PER_CPU_READ_MOSTLY(int, cpu_number);
EXPORT_PER_CPU_SYMBOL(cpu_number);

struct secondary_data secondary_data;

enum ipi_msg_type {
	IPI_RESCHEDULE,
	IPI_CALL_FUNC,
	IPI_CPU_STOP,
	IPI_IRQ_WORK,
	IPI_TIMER,
	NR_IPI
};

static const char *const ipi_names[NR_IPI] = {
	[IPI_RESCHEDULE]	= "Rescheduling interrupts",
	[IPI_CALL_FUNC]		= "Function call interrupts",
	[IPI_CPU_STOP]		= "CPU stop interrupts",
	[IPI_IRQ_WORK]		= "IRQ work interrupts",
	[IPI_TIMER]		= "Timer broadcast interrupts",
};

static int ipi_irq_base __ro_after_init;
static int nr_ipi __ro_after_init = NR_IPI;
static struct irq_desc *ipi_desc[NR_IPI] __ro_after_init;

/*
 * Fill the logical map from the /cpus node: the boot CPU is 0, the
 * others get numbers in device tree order.  "reg" of a CPU node is its
 * MPIDR_EL1 affinity.
 */
void __init smp_init_cpus(void)
{
	struct device_node *dn;
	unsigned int next = 1;
	u64 boot_hwid = cpu_logical_map(0);

	for_each_of_cpu_node(dn) {
		u64 hwid = of_get_cpu_hwid(dn, 0);

		if (hwid == ~0ULL || (hwid & ~MPIDR_HWID_BITMASK)) {
			pr_err("%pOF: invalid reg property\n", dn);
			continue;
		}
		if (hwid == boot_hwid)
			continue;
		if (next >= nr_cpu_ids) {
			pr_warn("more CPUs in the device tree than NR_CPUS (%u)\n",
				nr_cpu_ids);
			break;
		}
		set_cpu_logical_map(next++, hwid);
	}

	for (next = 0; next < nr_cpu_ids; next++)
		if (cpu_logical_map(next) != INVALID_HWID)
			set_cpu_possible(next, true);
}

void __init smp_prepare_boot_cpu(void)
{
	/* The per-cpu areas exist now: point TPIDR_EL1 at ours. */
	set_my_cpu_offset(per_cpu_offset(smp_processor_id()));
	cpuinfo_store_cpu();
}

void __init smp_prepare_cpus(unsigned int max_cpus)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		per_cpu(cpu_number, cpu) = cpu;

	if (num_possible_cpus() > 1)
		pr_info("SMP: %u CPUs described, secondary bring-up not implemented yet\n",
			num_possible_cpus());
}

int __cpu_up(unsigned int cpu, struct task_struct *idle)
{
	return -EOPNOTSUPP;
}

void __init smp_cpus_done(unsigned int max_cpus)
{
	pr_info("SMP: Total of %d processors activated.\n", num_online_cpus());
}

#ifdef CONFIG_HOTPLUG_CPU
/* No way to power a CPU off without firmware support: refuse. */
int __cpu_disable(void)
{
	return -EOPNOTSUPP;
}

void __cpu_die(unsigned int cpu)
{
}
#endif

void __noreturn cpu_die(void)
{
	local_irq_disable();
	while (true)
		wfi();
}

static void __noreturn ipi_cpu_stop(unsigned int cpu)
{
	set_cpu_online(cpu, false);
	local_irq_disable();
	while (true)
		wfi();
}

static void do_handle_ipi(int ipinr)
{
	unsigned int cpu = smp_processor_id();

	switch (ipinr) {
	case IPI_RESCHEDULE:
		scheduler_ipi();
		break;
	case IPI_CALL_FUNC:
		generic_smp_call_function_interrupt();
		break;
	case IPI_CPU_STOP:
		ipi_cpu_stop(cpu);
	case IPI_IRQ_WORK:
		irq_work_run();
		break;
#ifdef CONFIG_GENERIC_CLOCKEVENTS_BROADCAST
	case IPI_TIMER:
		tick_receive_broadcast();
		break;
#endif
	default:
		pr_crit("CPU%u: unknown IPI %d\n", cpu, ipinr);
		break;
	}
}

static irqreturn_t ipi_handler(int irq, void *data)
{
	do_handle_ipi(irq - ipi_irq_base);
	return IRQ_HANDLED;
}

static void smp_cross_call(const struct cpumask *target, unsigned int ipinr)
{
	__ipi_send_mask(ipi_desc[ipinr], target);
}

/* The GIC driver hands us its SGIs as per-cpu Linux interrupts. */
void __init set_smp_ipi_range(int ipi_base, int n)
{
	int i;

	WARN_ON(n < NR_IPI);
	nr_ipi = min(n, NR_IPI);

	for (i = 0; i < nr_ipi; i++) {
		int err = request_percpu_irq(ipi_base + i, ipi_handler,
					     "IPI", &cpu_number);

		WARN(err, "could not request IPI %d: %d\n", i, err);
		ipi_desc[i] = irq_to_desc(ipi_base + i);
		irq_set_status_flags(ipi_base + i, IRQ_HIDDEN);
	}

	ipi_irq_base = ipi_base;

	/* The boot CPU's SGIs; secondaries enable theirs as they come up. */
	for (i = 0; i < nr_ipi; i++)
		enable_percpu_irq(ipi_irq_base + i, 0);
}

void arch_smp_send_reschedule(int cpu)
{
	smp_cross_call(cpumask_of(cpu), IPI_RESCHEDULE);
}

void arch_send_call_function_single_ipi(int cpu)
{
	smp_cross_call(cpumask_of(cpu), IPI_CALL_FUNC);
}

void arch_send_call_function_ipi_mask(const struct cpumask *mask)
{
	smp_cross_call(mask, IPI_CALL_FUNC);
}

#ifdef CONFIG_IRQ_WORK
void arch_irq_work_raise(void)
{
	if (ipi_desc[IPI_IRQ_WORK])
		smp_cross_call(cpumask_of(smp_processor_id()), IPI_IRQ_WORK);
}
#endif

#ifdef CONFIG_GENERIC_CLOCKEVENTS_BROADCAST
void tick_broadcast(const struct cpumask *mask)
{
	smp_cross_call(mask, IPI_TIMER);
}
#endif

void smp_send_stop(void)
{
	unsigned long timeout;
	cpumask_t mask;

	if (num_online_cpus() <= 1 || !ipi_desc[IPI_CPU_STOP])
		return;

	cpumask_copy(&mask, cpu_online_mask);
	cpumask_clear_cpu(smp_processor_id(), &mask);
	smp_cross_call(&mask, IPI_CPU_STOP);

	/* Wait up to a second for the others to go offline. */
	timeout = USEC_PER_SEC;
	while (num_online_cpus() > 1 && timeout--)
		udelay(1);
	if (num_online_cpus() > 1)
		pr_warn("SMP: failed to stop secondary CPUs %*pbl\n",
			cpumask_pr_args(cpu_online_mask));
}

void arch_show_ipi_stats(struct seq_file *p, int prec)
{
	unsigned int cpu;
	int i;

	for (i = 0; i < nr_ipi; i++) {
		if (!ipi_desc[i])
			continue;
		seq_printf(p, "%*s%u:%s", prec - 1, "IPI", i,
			   prec >= 4 ? " " : "");
		for_each_online_cpu(cpu)
			seq_printf(p, "%10u ", irq_desc_kstat_cpu(ipi_desc[i], cpu));
		seq_printf(p, "      %s\n", ipi_names[i]);
	}
}
