/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_CPUINFO_H
#define __ASM_AARCH64_CPUINFO_H

#include <linux/types.h>

/*
 * The identification registers the kernel reads, all in the space
 * Op0 = 3, Op1 = 0, CRn = 0: NAME, CRm, Op2.  One list for the hwcaps
 * (kernel/cpuinfo.c), the values EL0 reads (kernel/id_regs.c) and the
 * check of a CPU coming online against the boot CPU.
 */
#define FOR_EACH_ID_REG(X)			\
	X(ID_REG_ISAR5,		2, 5)		\
	X(ID_REG_MVFR0,		3, 0)		\
	X(ID_REG_MVFR1,		3, 1)		\
	X(ID_REG_AA64PFR0,	4, 0)		\
	X(ID_REG_AA64PFR1,	4, 1)		\
	X(ID_REG_AA64DFR0,	5, 0)		\
	X(ID_REG_AA64ISAR0,	6, 0)		\
	X(ID_REG_AA64ISAR1,	6, 1)		\
	X(ID_REG_AA64ISAR2,	6, 2)		\
	X(ID_REG_AA64MMFR0,	7, 0)		\
	X(ID_REG_AA64MMFR1,	7, 1)		\
	X(ID_REG_AA64MMFR2,	7, 2)

#define __ID_REG_ENUM(name, crm, op2)	name,
enum id_reg { FOR_EACH_ID_REG(__ID_REG_ENUM) NR_ID_REGS };
#undef __ID_REG_ENUM

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
