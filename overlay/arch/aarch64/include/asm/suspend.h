/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU suspend with context loss is not implemented: cpu_suspend()
 * fails, so PSCI idle states that lose context are never entered.
 */
#ifndef __ASM_AARCH64_SUSPEND_H
#define __ASM_AARCH64_SUSPEND_H

#include <linux/errno.h>

static inline int cpu_suspend(unsigned long arg,
			      int (*fn)(unsigned long))
{
	return -EOPNOTSUPP;
}

/* Resume entry for firmware (PSCI SYSTEM_SUSPEND); see head.S. */
void cpu_resume(void);

#endif /* __ASM_AARCH64_SUSPEND_H */
