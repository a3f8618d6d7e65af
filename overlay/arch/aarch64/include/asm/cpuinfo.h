/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_CPUINFO_H
#define __ASM_AARCH64_CPUINFO_H

#include <linux/types.h>

/* Record this CPU's identification registers for /proc/cpuinfo. */
void cpuinfo_store_cpu(void);

/*
 * What a CPU coming online after boot must match of the boot CPU: the
 * features user space was told of (kernel/cpuinfo.c) and the ASID width
 * the allocator hands out (mm/context.c).  Each says what is missing.
 */
bool cpuinfo_hwcaps_match_boot_cpu(unsigned int cpu);
bool asid_width_fits_this_cpu(unsigned int cpu);

#endif /* __ASM_AARCH64_CPUINFO_H */
