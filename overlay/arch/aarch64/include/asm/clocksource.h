/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * <linux/clocksource.h> takes the vDSO clock modes from here when the
 * generic vDSO is built; the port has nothing else to add.
 */
#ifndef __ASM_AARCH64_CLOCKSOURCE_H
#define __ASM_AARCH64_CLOCKSOURCE_H

#include <asm/vdso/clocksource.h>

#endif /* __ASM_AARCH64_CLOCKSOURCE_H */
