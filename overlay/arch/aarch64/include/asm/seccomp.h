/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_SECCOMP_H
#define __ASM_AARCH64_SECCOMP_H

#include <asm/unistd.h>
#include <asm-generic/seccomp.h>

#define SECCOMP_ARCH_NATIVE		AUDIT_ARCH_AARCH64
#define SECCOMP_ARCH_NATIVE_NR		NR_syscalls
#define SECCOMP_ARCH_NATIVE_NAME	"aarch64"

#endif /* __ASM_AARCH64_SECCOMP_H */
