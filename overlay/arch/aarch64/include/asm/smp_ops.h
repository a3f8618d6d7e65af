/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a CPU is started and stopped: one method per CPU, chosen by the
 * "enable-method" property of its /cpus node (booting.rst).
 */
#ifndef __ASM_AARCH64_SMP_OPS_H
#define __ASM_AARCH64_SMP_OPS_H

#include <linux/init.h>
#include <linux/types.h>

struct device_node;

struct smp_enable_method {
	/* The enable-method string it answers to. */
	const char *name;
	/* Reads the CPU's properties; 0 if the CPU can be started. */
	int (*prepare)(unsigned int cpu, struct device_node *dn);
	/* Starts the CPU at secondary_entry; 0 once asked to. */
	int (*boot)(unsigned int cpu);
	/* Whether the CPU can later be taken offline. */
	bool (*can_disable)(unsigned int cpu);
	/* On the dying CPU itself: power it off.  Returns only on failure. */
	void (*die)(unsigned int cpu);
	/* On another CPU: wait until it is really off; 0 if it is. */
	int (*wait_dead)(unsigned int cpu);
};

extern const struct smp_enable_method smp_psci_method;
extern const struct smp_enable_method smp_spin_table_method;

#endif /* __ASM_AARCH64_SMP_OPS_H */
