/* SPDX-License-Identifier: GPL-2.0-only */
/* Mapping between logical CPU numbers and MPIDR_EL1 hardware ids. */
#ifndef __ASM_AARCH64_SMP_PLAT_H
#define __ASM_AARCH64_SMP_PLAT_H

#include <linux/cpumask.h>
#include <asm/cputype.h>
#include <asm/types.h>

extern u64 __cpu_logical_map[NR_CPUS];
u64 cpu_logical_map(unsigned int cpu);

static inline void set_cpu_logical_map(unsigned int cpu, u64 hwid)
{
	__cpu_logical_map[cpu] = hwid;
}

static inline int get_logical_index(u64 mpidr)
{
	int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_logical_map(cpu) == mpidr)
			return cpu;
	return -EINVAL;
}

#endif /* __ASM_AARCH64_SMP_PLAT_H */
