/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What lib/vdso/gettimeofday.c needs from the architecture: the system
 * calls it falls back to, the counter read, and where the data pages
 * are.  Included only when building the vDSO image.
 */
#ifndef __ASM_AARCH64_VDSO_GETTIMEOFDAY_H
#define __ASM_AARCH64_VDSO_GETTIMEOFDAY_H

#ifndef __ASSEMBLY__

#include <asm/unistd.h>
#include <asm/vdso/vdso.h>

#define VDSO_HAS_CLOCK_GETRES	1

/*
 * A two-argument system call, as the arm64 ABI makes it: number in x8,
 * arguments and result in x0 and x1, SVC #0.  The kernel may write the
 * memory the arguments point to, hence the "memory" clobber.
 */
static __always_inline long aarch64_vdso_syscall2(unsigned long nr,
						  unsigned long a0,
						  unsigned long a1)
{
	register unsigned long x8 asm("x8") = nr;
	register unsigned long x0 asm("x0") = a0;
	register unsigned long x1 asm("x1") = a1;

	asm volatile("svc	#0"
		     : "+r" (x0)
		     : "r" (x1), "r" (x8)
		     : "memory");
	return x0;
}

static __always_inline
int gettimeofday_fallback(struct __kernel_old_timeval *tv, struct timezone *tz)
{
	return aarch64_vdso_syscall2(__NR_gettimeofday, (unsigned long)tv,
				     (unsigned long)tz);
}

static __always_inline
long clock_gettime_fallback(clockid_t clock, struct __kernel_timespec *ts)
{
	return aarch64_vdso_syscall2(__NR_clock_gettime, clock,
				     (unsigned long)ts);
}

static __always_inline
int clock_getres_fallback(clockid_t clock, struct __kernel_timespec *ts)
{
	return aarch64_vdso_syscall2(__NR_clock_getres, clock,
				     (unsigned long)ts);
}

/*
 * Read the virtual count, CNTVCT_EL0, as one snapshot of the generic
 * sequence-count loop (vdso_read_begin ... vdso_read_retry).
 *
 * The Arm ARM (DDI 0487, the Generic Timer chapter, "The virtual
 * counter") allows reads of CNTVCT_EL0 to "occur speculatively and out
 * of order relative to other instructions executed on the same PE"; a
 * DMB does not order one, as a system register read is not a memory
 * access.  So:
 *
 * - before: an ISB, so that the count is read only after the loads of
 *   the sequence count and of cycle_last that program order puts
 *   first.  A count read early could be older than cycle_last and give
 *   a time before the last update: time going backwards.
 *
 * - after: a load whose address depends on the count (count AND zero,
 *   added to SP).  It cannot be performed before the count is read,
 *   and the smp_rmb() in vdso_read_retry() orders it, hence the count,
 *   before the second read of the sequence count.  Without it the count
 *   could be taken after an update the retry check missed, and be
 *   scaled with the old mult and base.  The same dependency orders the
 *   count before the caller's later loads under any barrier it uses.
 */
static __always_inline u64 __arch_get_hw_counter(s32 clock_mode,
						 const struct vdso_data *vd)
{
	u64 count, zero;

	/*
	 * The generic code checked the mode, but it may have changed
	 * since; any value will do, the retry loop will see the change
	 * and take the system call.
	 */
	if (clock_mode != VDSO_CLOCKMODE_ARCHTIMER)
		return 0;

	asm volatile("isb\n\t"
		     "mrs	%0, cntvct_el0"
		     : "=r" (count) : : "memory");
	asm volatile("and	%0, %1, xzr\n\t"
		     "ldr	xzr, [sp, %0]"
		     : "=&r" (zero) : "r" (count) : "memory");
	return count;
}

/* The data pages, placed below the code by the linker script. */
static __always_inline const struct vdso_data *__arch_get_vdso_data(void)
{
	return _vdso_data;
}

#ifdef CONFIG_TIME_NS
/*
 * In a time namespace, page 0 holds the namespace's offsets and page 1
 * the real data (asm/vdso/vdso.h).
 */
static __always_inline
const struct vdso_data *__arch_get_timens_vdso_data(const struct vdso_data *vd)
{
	return _timens_data;
}
#endif

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_VDSO_GETTIMEOFDAY_H */
