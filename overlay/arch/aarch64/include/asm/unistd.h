/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_UNISTD_H
#define __ASM_AARCH64_UNISTD_H

#include <uapi/asm/unistd.h>

/* The generic table's clone() and newfstatat()/fstat() of arm64. */
#define __ARCH_WANT_SYS_CLONE
#define __ARCH_WANT_NEW_STAT

#define NR_syscalls	(__NR_syscalls)

#endif /* __ASM_AARCH64_UNISTD_H */
