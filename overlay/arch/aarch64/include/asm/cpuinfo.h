/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_CPUINFO_H
#define __ASM_AARCH64_CPUINFO_H

#include <linux/types.h>

/*
 * The identification registers the kernel reads (kernel/id_regs.c has
 * their encodings): one list for the hwcaps (kernel/cpuinfo.c), the
 * values EL0 reads and the check of a CPU coming online against the
 * boot CPU.
 */
enum id_reg {
	ID_REG_ISAR5,
	ID_REG_MVFR0,
	ID_REG_MVFR1,
	ID_REG_AA64PFR0,
	ID_REG_AA64PFR1,
	ID_REG_AA64DFR0,
	ID_REG_AA64ISAR0,
	ID_REG_AA64ISAR1,
	ID_REG_AA64ISAR2,
	ID_REG_AA64MMFR0,
	ID_REG_AA64MMFR1,
	ID_REG_AA64MMFR2,
	NR_ID_REGS
};

/* The boot CPU's values, read in setup_arch() (id_regs_init_boot()). */
extern u64 boot_id_regs[NR_ID_REGS];

void id_regs_init_boot(void);
/* This CPU's values. */
void read_id_regs(u64 id[NR_ID_REGS]);

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
