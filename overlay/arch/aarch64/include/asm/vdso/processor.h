/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The part of <asm/processor.h> that the vDSO may use: it spins in the
 * generic sequence-count reader while the kernel rewrites the data page.
 */
#ifndef __ASM_AARCH64_VDSO_PROCESSOR_H
#define __ASM_AARCH64_VDSO_PROCESSOR_H

#ifndef __ASSEMBLY__

/*
 * YIELD hints to an SMT core or a hypervisor that this thread is only
 * waiting; it has no architectural effect otherwise.
 */
static inline void cpu_relax(void)
{
	asm volatile("yield" : : : "memory");
}

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_VDSO_PROCESSOR_H */
