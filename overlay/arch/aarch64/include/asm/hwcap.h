/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AT_HWCAP/AT_HWCAP2 for user space: the bit values are the ABI's
 * (<uapi/asm/hwcap.h>); kernel/cpuinfo.c decides which are set.
 */
#ifndef __ASM_AARCH64_HWCAP_H
#define __ASM_AARCH64_HWCAP_H

#include <uapi/asm/hwcap.h>

#ifndef __ASSEMBLY__

extern unsigned long elf_hwcap;
extern unsigned long elf_hwcap2;

#define ELF_HWCAP	elf_hwcap
#define ELF_HWCAP2	elf_hwcap2

#endif

#endif /* __ASM_AARCH64_HWCAP_H */
