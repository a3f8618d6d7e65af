/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_CPUINFO_H
#define __ASM_AARCH64_CPUINFO_H

/* Record this CPU's identification registers for /proc/cpuinfo. */
void cpuinfo_store_cpu(void);

#endif /* __ASM_AARCH64_CPUINFO_H */
