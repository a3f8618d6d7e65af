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
#include <asm/vdso/counter.h>
#include <asm/vdso/vdso.h>

#define VDSO_HAS_CLOCK_GETRES	1

/*
 * A two-argument system call, as the arm64 ABI makes it: number in x8,
 * arguments and result in x0 and x1, SVC #0.  The kernel may write the
 * memory the arguments point to, hence the "memory" clobber.  The
 * arguments keep their own types: the kernel reads a clockid_t from the
 * low 32 bits only, so extending it to 64 would cost an instruction in
 * the fast path, where the compiler shares the register.
 */
#define aarch64_vdso_syscall2(nr, arg0, arg1)				\
({									\
	register __typeof__(arg0) __x0 asm("x0") = (arg0);		\
	register __typeof__(arg1) __x1 asm("x1") = (arg1);		\
	register unsigned long __x8 asm("x8") = (nr);			\
									\
	asm volatile("svc	#0"					\
		     : "+r" (__x0)					\
		     : "r" (__x1), "r" (__x8)				\
		     : "memory");					\
	(long)__x0;							\
})

static __always_inline
int gettimeofday_fallback(struct __kernel_old_timeval *tv, struct timezone *tz)
{
	return aarch64_vdso_syscall2(__NR_gettimeofday, tv, tz);
}

static __always_inline
long clock_gettime_fallback(clockid_t clock, struct __kernel_timespec *ts)
{
	return aarch64_vdso_syscall2(__NR_clock_gettime, clock, ts);
}

static __always_inline
int clock_getres_fallback(clockid_t clock, struct __kernel_timespec *ts)
{
	return aarch64_vdso_syscall2(__NR_clock_getres, clock, ts);
}

/*
 * Read the virtual count, CNTVCT_EL0, as one snapshot of the generic
 * sequence-count loop (vdso_read_begin ... vdso_read_retry), ordered
 * against the loads around it (asm/vdso/counter.h says how and why).
 */
static __always_inline u64 __arch_get_hw_counter(s32 clock_mode,
						 const struct vdso_data *vd)
{
	/*
	 * The generic code has checked clock_mode.  It may change under
	 * us, but reading the counter stays harmless: the port never
	 * traps EL0 counter reads (no timer errata workarounds), and the
	 * retry loop sees the change and takes the system call.
	 */
	return __aarch64_read_counter_ordered(cntvct_el0);
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
