// SPDX-License-Identifier: GPL-2.0-only
/*
 * enable-method = "psci": CPUs are powered on and off by the firmware
 * through the PSCI driver (drivers/firmware/psci), which found the
 * conduit (SMC or HVC) and the function ids in the /psci node.
 *
 * CPU_ON takes the target's MPIDR affinity fields and the physical
 * address to start it at, with its MMU off, at the EL the caller's
 * kernel was entered at (PSCI 1.1, DEN0022, 5.6 "CPU_ON").  CPU_OFF is
 * called by the CPU on itself and does not return when it succeeds;
 * another CPU learns that the power-down has completed from
 * AFFINITY_INFO (5.8).
 *
 * Based on arch/arm64/kernel/psci.c: the same calls in the same order,
 * including the AFFINITY_INFO poll after CPU_OFF.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/psci.h>
#include <linux/smp.h>
#include <uapi/linux/psci.h>
#include <asm/memory.h>
#include <asm/smp_ops.h>
#include <asm/smp_plat.h>

/* AFFINITY_INFO is polled this long for a CPU that called CPU_OFF. */
#define PSCI_OFF_TIMEOUT_MS	500

static int __init psci_prepare(unsigned int cpu, struct device_node *dn)
{
	if (!psci_ops.cpu_on) {
		if (cpu)
			pr_err("CPU%u (%pOF): enable-method \"psci\", but the firmware has no PSCI CPU_ON\n",
			       cpu, dn);
		return -ENODEV;
	}
	return 0;
}

static int psci_boot(unsigned int cpu)
{
	return psci_ops.cpu_on(cpu_logical_map(cpu),
			       __pa_symbol(secondary_entry));
}

static bool psci_can_disable(unsigned int cpu)
{
	return psci_ops.cpu_off && psci_ops.affinity_info;
}

static void psci_die(unsigned int cpu)
{
	/*
	 * power_state of the PSCI 0.2 format: StateType (bit 16) = 1, a
	 * power-down state; the state id is left 0, which no firmware
	 * interprets for CPU_OFF.
	 */
	int err = psci_ops.cpu_off(PSCI_0_2_POWER_STATE_TYPE_MASK);

	pr_crit("CPU%u: PSCI CPU_OFF returned %d\n", cpu, err);
}

static int psci_wait_dead(unsigned int cpu)
{
	unsigned long timeout = jiffies + msecs_to_jiffies(PSCI_OFF_TIMEOUT_MS);
	int state;

	/*
	 * The dying CPU told the generic code it is done before calling
	 * CPU_OFF, so ON may still be reported for a short while.
	 */
	do {
		state = psci_ops.affinity_info(cpu_logical_map(cpu), 0);
		if (state == PSCI_0_2_AFFINITY_LEVEL_OFF)
			return 0;
		usleep_range(100, 1000);
	} while (time_before(jiffies, timeout));

	return state < 0 ? state : -ETIMEDOUT;
}

const struct smp_enable_method smp_psci_method = {
	.name		= "psci",
	.prepare	= psci_prepare,
	.boot		= psci_boot,
	.can_disable	= psci_can_disable,
	.die		= psci_die,
	.wait_dead	= psci_wait_dead,
};
