/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading the Generic Timer's count in program order: the one helper
 * for the kernel's clocksource (asm/arch_timer.h) and the vDSO
 * (asm/vdso/gettimeofday.h), so the rule is kept in one place.
 *
 * DDI 0487 L.a, "The virtual counter" and "The physical counter" of the
 * Generic Timer chapter: reads of CNTVCT_EL0 and CNTPCT_EL0 "can occur
 * speculatively and out of order relative to other instructions
 * executed on the same PE".  A DMB does not order them: a system
 * register read is not a memory access.  So:
 *
 * - before the read, an ISB: the count is read only after the
 *   instructions program order puts first (the loads of a sequence
 *   count and of cycle_last).  A count read early could be older than
 *   cycle_last, and time would go backwards.
 *
 * - after the read, a load whose address depends on the count (count
 *   AND zero, added to SP).  It cannot be performed before the count is
 *   read, and any barrier that orders it (the smp_rmb() of a sequence
 *   count's retry check) orders the count too.  Without it the count
 *   could be taken after an update the retry check missed and be
 *   scaled with the old mult and base, or be taken after later loads
 *   of the caller.
 */
#ifndef __ASM_AARCH64_VDSO_COUNTER_H
#define __ASM_AARCH64_VDSO_COUNTER_H

#ifndef __ASSEMBLY__

#include <linux/types.h>

#define __aarch64_read_counter_ordered(reg)				\
({									\
	u64 __cnt, __zero;						\
									\
	asm volatile("isb\n\t"						\
		     "mrs	%0, " #reg					\
		     : "=r" (__cnt) : : "memory");			\
	asm volatile("and	%0, %1, xzr\n\t"				\
		     "ldr	xzr, [sp, %0]"				\
		     : "=&r" (__zero) : "r" (__cnt) : "memory");	\
	__cnt;								\
})

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_VDSO_COUNTER_H */
