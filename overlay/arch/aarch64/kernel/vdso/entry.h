/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vDSO's exported C functions, with the prototypes of the system
 * calls they stand for; the version script in vdso.lds.S exports them.
 */
#ifndef __AARCH64_VDSO_ENTRY_H
#define __AARCH64_VDSO_ENTRY_H

#include <linux/time.h>
#include <linux/types.h>

int __kernel_clock_gettime(clockid_t clock, struct __kernel_timespec *ts);
int __kernel_gettimeofday(struct __kernel_old_timeval *tv, struct timezone *tz);
int __kernel_clock_getres(clockid_t clock, struct __kernel_timespec *res);
ssize_t __kernel_getrandom(void *buffer, size_t len, unsigned int flags,
			   void *opaque_state, size_t opaque_len);

#endif /* __AARCH64_VDSO_ENTRY_H */
