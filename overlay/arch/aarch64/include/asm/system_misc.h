/* SPDX-License-Identifier: GPL-2.0-only */
/* Restart and power-off hooks used by firmware drivers (PSCI). */
#ifndef __ASM_AARCH64_SYSTEM_MISC_H
#define __ASM_AARCH64_SYSTEM_MISC_H

#ifndef __ASSEMBLY__

#include <linux/reboot.h>

#endif

#endif /* __ASM_AARCH64_SYSTEM_MISC_H */
