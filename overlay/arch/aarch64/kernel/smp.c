// SPDX-License-Identifier: GPL-2.0-only
/*
 * SMP: CPU enumeration from the device tree, starting and stopping
 * secondary CPUs through their enable-method (PSCI or spin-table,
 * kernel/smp_psci.c and kernel/smp_spin_table.c), inter-processor
 * interrupts through the interrupt controller's SGIs, and the hooks of
 * the generic SMP and CPU hotplug code.
 */
#include <linux/completion.h>
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
#include <linux/rcupdate.h>
#include <linux/sched/hotplug.h>
#include <linux/sched/mm.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <linux/clockchips.h>
#include <asm/cpuinfo.h>
#include <asm/cputype.h>
#include <asm/daif.h>
#include <asm/errata.h>
#include <asm/hw_breakpoint.h>
#include <asm/lse.h>
#include <asm/mmu_context.h>
#include <asm/pan.h>
#include <asm/smp_ops.h>
#include <asm/smp_plat.h>
#include <asm/spectre.h>
#include <asm/tlbflush.h>
#include <asm/virt.h>

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

/* How long __cpu_up() waits for a started CPU to say it is online. */
#define CPU_UP_TIMEOUT_MS	5000

static const struct smp_enable_method *cpu_method[NR_CPUS] __ro_after_init;
static bool entry_el_mismatch;
static DECLARE_COMPLETION(cpu_running);
/* Set by a secondary CPU that refused to come online (secondary_refuse). */
static bool secondary_refused;
/* Set by a CPU parked before its first atomic, for want of LSE. */
static bool secondary_lacks_lse;

DECLARE_PER_CPU(struct task_struct *, __entry_task);

static const struct smp_enable_method *const enable_methods[] = {
	&smp_psci_method,
	&smp_spin_table_method,
};

/*
 * The enable-method of a /cpus node names how the CPU is started
 * (booting.rst); a CPU without a usable one stays possible but is never
 * made present, so the generic code does not try to start it.
 */
static void __init read_enable_method(unsigned int cpu, struct device_node *dn)
{
	const char *name;
	int i;

	if (of_property_read_string(dn, "enable-method", &name)) {
		if (cpu)
			pr_warn("CPU%u (%pOF): no enable-method, left offline\n",
				cpu, dn);
		return;
	}

	for (i = 0; i < ARRAY_SIZE(enable_methods); i++) {
		const struct smp_enable_method *m = enable_methods[i];

		if (strcmp(name, m->name))
			continue;
		if (m->prepare && m->prepare(cpu, dn))
			return;
		cpu_method[cpu] = m;
		return;
	}
	pr_warn("CPU%u (%pOF): unsupported enable-method \"%s\"\n",
		cpu, dn, name);
}

/*
 * Fill the logical map from the /cpus node: the boot CPU is 0, the
 * others get numbers in device tree order.  "reg" of a CPU node is its
 * MPIDR_EL1 affinity.  Runs after psci_dt_init(), so the PSCI method
 * can check which functions the firmware has.
 */
void __init smp_init_cpus(void)
{
	struct device_node *dn;
	unsigned int next = 1;
	u64 boot_hwid = cpu_logical_map(0);

	for_each_of_cpu_node(dn) {
		u64 hwid = of_get_cpu_hwid(dn, 0);
		unsigned int cpu;

		if (hwid == ~0ULL || (hwid & ~MPIDR_HWID_BITMASK)) {
			pr_err("%pOF: invalid reg property\n", dn);
			continue;
		}
		if (hwid == boot_hwid) {
			cpu = 0;
		} else {
			if (next >= nr_cpu_ids) {
				pr_warn("more CPUs in the device tree than NR_CPUS (%u)\n",
					nr_cpu_ids);
				of_node_put(dn);
				break;
			}
			if (get_logical_index(hwid) >= 0) {
				pr_err("%pOF: duplicate MPIDR 0x%llx\n", dn, hwid);
				continue;
			}
			cpu = next++;
			set_cpu_logical_map(cpu, hwid);
		}
		read_enable_method(cpu, dn);
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
	unsigned int cpu, present = 1;

	for_each_possible_cpu(cpu)
		per_cpu(cpu_number, cpu) = cpu;

	/* max_cpus is the "maxcpus=" (0 with "nosmp") limit. */
	for_each_possible_cpu(cpu) {
		if (cpu == 0 || !cpu_method[cpu] || present >= max_cpus)
			continue;
		set_cpu_present(cpu, true);
		present++;
	}
}

/*
 * Start @cpu with @idle as its idle task and wait until it has marked
 * itself online.  A CPU that does not come up in time gets a message
 * and -EIO; should it appear later, it finds no task in secondary_data
 * and parks itself in head.S.
 */
int __cpu_up(unsigned int cpu, struct task_struct *idle)
{
	const struct smp_enable_method *m = cpu_method[cpu];
	int ret;

	if (!m)
		return -EOPNOTSUPP;

	reinit_completion(&cpu_running);
	secondary_data.task = idle;
	secondary_data.stack = (unsigned long)task_stack_page(idle) +
			       THREAD_SIZE - sizeof(struct pt_regs);
	secondary_data.percpu_offset = per_cpu_offset(cpu);
	/*
	 * The new CPU reads secondary_data with its MMU and caches on,
	 * so plain coherent stores are enough; the barrier orders them
	 * before the firmware call or the spin-table release.
	 */
	dsb(ishst);

	WRITE_ONCE(secondary_refused, false);
	WRITE_ONCE(secondary_lacks_lse, false);
	ret = m->boot(cpu);
	if (ret) {
		pr_err("CPU%u: enable-method %s could not start it (%d)\n",
		       cpu, m->name, ret);
	} else if (wait_for_completion_timeout(&cpu_running,
				msecs_to_jiffies(CPU_UP_TIMEOUT_MS)) &&
		   READ_ONCE(secondary_refused)) {
		/* It said why; it is powering itself off or parked. */
		ret = -EINVAL;
	} else if (READ_ONCE(secondary_lacks_lse)) {
		pr_crit("CPU%u: lacks the LSE atomics the kernel uses: parked\n",
			cpu);
		set_cpu_present(cpu, false);
		add_taint(TAINT_CPU_OUT_OF_SPEC, LOCKDEP_STILL_OK);
		ret = -EINVAL;
	} else if (!cpu_online(cpu)) {
		pr_crit("CPU%u: started by %s but not online after %d ms, giving up\n",
			cpu, m->name, CPU_UP_TIMEOUT_MS);
		ret = -EIO;
	}

	secondary_data.task = NULL;
	secondary_data.stack = 0;
	return ret;
}

static void ipi_enable_this_cpu(void);

static bool secondary_matches_boot_cpu(unsigned int cpu)
{
	bool ok = cpuinfo_hwcaps_match_boot_cpu(cpu);

	ok = asid_width_fits_this_cpu(cpu) && ok;
	ok = hw_breakpoint_pairs_fit_this_cpu(cpu) && ok;
	return pan_enable_secondary(cpu) && ok;
}

/*
 * A secondary CPU lacking what the boot CPU set the system up with
 * stays out: it leaves the present mask, so nothing tries to bring it
 * up again, taints the kernel, tells __cpu_up() and powers itself off
 * through its enable method, or parks with interrupts masked.
 */
static void __noreturn secondary_refuse(unsigned int cpu)
{
	const struct smp_enable_method *m = cpu_method[cpu];

	pr_crit("CPU%u: does not match the boot CPU: refused\n", cpu);
	add_taint(TAINT_CPU_OUT_OF_SPEC, LOCKDEP_STILL_OK);
	set_cpu_present(cpu, false);
	WRITE_ONCE(secondary_refused, true);
	complete(&cpu_running);
	rcutree_report_cpu_dead();

	if (IS_ENABLED(CONFIG_HOTPLUG_CPU) && m && m->die)
		m->die(cpu);
	while (true)
		wfi();
}

/*
 * The first C code of a secondary CPU, on its idle task's stack with
 * the MMU on (head.S: secondary_switched), IRQs masked.
 */
asmlinkage notrace void secondary_start_kernel(u32 entry_el)
{
	unsigned int cpu = smp_processor_id();

	/*
	 * TTBR0_EL1 still holds the identity map.  Kernel threads run on
	 * the reserved (empty) table; its entries and the identity map's
	 * share ASID 0, so drop whatever the identity map left in this
	 * CPU's TLB.
	 */
	cpu_set_reserved_ttbr0();
	local_flush_tlb_all();

	/*
	 * Before the first atomic, which may be an LSE instruction this CPU
	 * does not have: no message, no lock, only a flag for __cpu_up().
	 */
	if (!lse_atomics_fit_this_cpu()) {
		WRITE_ONCE(secondary_lacks_lse, true);
		dsb(ish);
		while (true)
			wfi();
	}

	mmgrab(&init_mm);
	current->active_mm = &init_mm;
	__this_cpu_write(__entry_task, current);

	rcutree_report_cpu_starting(cpu);
	trace_hardirqs_off();

	if (!secondary_matches_boot_cpu(cpu))
		secondary_refuse(cpu);
	errata_enable_this_cpu();
	hw_access_dirty_enable_this_cpu();
	spectre_enable_this_cpu();

	if (entry_el != boot_cpu_mode) {
		entry_el_mismatch = true;
		pr_warn(FW_BUG "CPU%u: entered at EL%u, the boot CPU at EL%u\n",
			cpu, entry_el >> 2, boot_cpu_mode >> 2);
	}

	cpuinfo_store_cpu();

	/* The CPUHP_AP_*_STARTING callbacks: GIC CPU interface, timer. */
	notify_cpu_starting(cpu);
	ipi_enable_this_cpu();

	pr_info("CPU%u: online, MPIDR 0x%010llx, MIDR 0x%08x\n", cpu,
		read_cpuid_mpidr() & MPIDR_HWID_BITMASK, read_cpuid_id());

	set_cpu_online(cpu, true);
	complete(&cpu_running);

	daif_unmask_async();
	local_irq_enable();
	cpu_startup_entry(CPUHP_AP_ONLINE_IDLE);
}

void __init smp_cpus_done(unsigned int max_cpus)
{
	pr_info("SMP: Total of %d processors activated.\n", num_online_cpus());
	if (!entry_el_mismatch)
		pr_info("SMP: all CPUs entered the kernel at EL%u\n",
			boot_cpu_mode >> 2);
}

#ifdef CONFIG_HOTPLUG_CPU
static bool method_can_disable(unsigned int cpu)
{
	const struct smp_enable_method *m = cpu_method[cpu];

	return m && m->can_disable && m->die && m->can_disable(cpu);
}

/*
 * The boot CPU stays: it owns the global timer and interrupt set-up
 * nothing else takes over.
 */
bool arch_cpu_is_hotpluggable(int cpu)
{
	return cpu != 0 && method_can_disable(cpu);
}
#endif

#ifdef CONFIG_HOTPLUG_CPU
static void ipi_disable_this_cpu(void);

/*
 * On the CPU going offline, IRQs masked, from stop_machine: leave the
 * online mask, then hand every interrupt routed here to another CPU.
 * The tick and hrtimers are moved by the generic code.
 */
int __cpu_disable(void)
{
	unsigned int cpu = smp_processor_id();

	if (!method_can_disable(cpu))
		return -EOPNOTSUPP;

	set_cpu_online(cpu, false);
	ipi_disable_this_cpu();
	irq_migrate_all_off_this_cpu();
	return 0;
}

/* On a surviving CPU, once the dying one has left the idle loop. */
void __cpu_die(unsigned int cpu)
{
	const struct smp_enable_method *m = cpu_method[cpu];
	int err = m->wait_dead ? m->wait_dead(cpu) : 0;

	if (err)
		pr_crit("CPU%u: may not have powered off (%d)\n", cpu, err);
	else
		pr_info("CPU%u: powered off\n", cpu);
}

/* The idle task of an offline CPU ends here (arch_cpu_idle_dead). */
void __noreturn cpu_die(void)
{
	unsigned int cpu = smp_processor_id();
	const struct smp_enable_method *m = cpu_method[cpu];

	local_irq_disable();
	/* Off any user address space: its ASID may be reused meanwhile. */
	idle_task_exit();

	if (m && m->die)
		m->die(cpu);

	pr_crit("CPU%u: could not power off, spinning\n", cpu);
	while (true)
		wfi();
}
#else
void __noreturn cpu_die(void)
{
	local_irq_disable();
	while (true)
		wfi();
}
#endif

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
	ipi_enable_this_cpu();
}

static void ipi_enable_this_cpu(void)
{
	int i;

	for (i = 0; i < nr_ipi && ipi_desc[i]; i++)
		enable_percpu_irq(ipi_irq_base + i, 0);
}

#ifdef CONFIG_HOTPLUG_CPU
static void ipi_disable_this_cpu(void)
{
	int i;

	for (i = 0; i < nr_ipi && ipi_desc[i]; i++)
		disable_percpu_irq(ipi_irq_base + i);
}
#endif

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
