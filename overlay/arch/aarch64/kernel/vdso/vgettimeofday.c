// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vDSO's time entry points: thin wrappers exporting the generic
 * implementation (lib/vdso/gettimeofday.c, included by the Makefile)
 * under the names arm64 user space looks up.
 */
#include "entry.h"

int __kernel_clock_gettime(clockid_t clock, struct __kernel_timespec *ts)
{
	return __cvdso_clock_gettime(clock, ts);
}

int __kernel_gettimeofday(struct __kernel_old_timeval *tv, struct timezone *tz)
{
	return __cvdso_gettimeofday(tv, tz);
}

int __kernel_clock_getres(clockid_t clock, struct __kernel_timespec *res)
{
	return __cvdso_clock_getres(clock, res);
}
