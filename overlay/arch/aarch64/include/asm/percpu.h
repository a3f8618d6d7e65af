/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TPIDR_EL1 holds this CPU's per-cpu offset: one MRS gives it, with no
 * need to know the CPU number first.
 */
#ifndef __ASM_AARCH64_PERCPU_H
#define __ASM_AARCH64_PERCPU_H

#ifndef __ASSEMBLY__

static inline void set_my_cpu_offset(unsigned long off)
{
	asm volatile("msr tpidr_el1, %0" : : "r" (off) : "memory");
}

static inline unsigned long __kern_my_cpu_offset(void)
{
	unsigned long off;

	/*
	 * The "memory" clobber keeps the read from being hoisted above a
	 * point where the task could have migrated (preempt_enable()).
	 */
	asm volatile("mrs %0, tpidr_el1" : "=r" (off) : : "memory");
	return off;
}

#define __my_cpu_offset __kern_my_cpu_offset()

#endif /* __ASSEMBLY__ */

#include <asm-generic/percpu.h>

#endif /* __ASM_AARCH64_PERCPU_H */
