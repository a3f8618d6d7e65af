/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Hooks of the generic entry code (<linux/entry-common.h>).  The port
 * needs none of them yet: no lazily switched state to restore on the
 * way to user space, no per-syscall mitigations.
 */
#ifndef __ASM_AARCH64_ENTRY_COMMON_H
#define __ASM_AARCH64_ENTRY_COMMON_H

#include <asm/stacktrace.h>

#endif /* __ASM_AARCH64_ENTRY_COMMON_H */
