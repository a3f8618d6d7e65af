/* SPDX-License-Identifier: GPL-2.0-only */
/* CPU idle states: only WFI so far, no firmware-assisted suspend. */
#ifndef __ASM_AARCH64_CPUIDLE_H
#define __ASM_AARCH64_CPUIDLE_H

#endif /* __ASM_AARCH64_CPUIDLE_H */
