/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_SMP_H
#define __ASM_AARCH64_SMP_H

#ifndef __ASSEMBLY__

#include <linux/threads.h>
#include <linux/cpumask.h>
#include <asm/percpu.h>

DECLARE_PER_CPU_READ_MOSTLY(int, cpu_number);

/*
 * The CPU number is a per-cpu variable: TPIDR_EL1 locates it in one
 * load, and it stays valid across migration because the caller has
 * preemption disabled.
 */
#define raw_smp_processor_id()	(*raw_cpu_ptr(&cpu_number))

struct seq_file;

void arch_send_call_function_single_ipi(int cpu);
void arch_send_call_function_ipi_mask(const struct cpumask *mask);

/* Called by the interrupt controller driver that provides the IPIs. */
void set_smp_ipi_range(int ipi_base, int nr_ipi);

void smp_init_cpus(void);
void arch_show_ipi_stats(struct seq_file *p, int prec);

int __cpu_disable(void);
void __cpu_die(unsigned int cpu);
void __noreturn cpu_die(void);

/*
 * What a secondary CPU needs once its MMU is on, written by __cpu_up()
 * before the CPU is started and read by secondary_switched in head.S:
 * its idle task (SP_EL0), the initial stack pointer at the top of that
 * task's stack, and its per-cpu offset (TPIDR_EL1).  A NULL task tells
 * a CPU that turns up too late that __cpu_up() has given up on it.
 */
struct secondary_data {
	struct task_struct *task;
	unsigned long stack;
	unsigned long percpu_offset;
};
extern struct secondary_data secondary_data;

/* Entered with the MMU on; @entry_el is CurrentEL at secondary_entry. */
asmlinkage void secondary_start_kernel(u32 entry_el);

/* The physical address PSCI CPU_ON and spin-table release point at. */
extern char secondary_entry[];

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_SMP_H */
