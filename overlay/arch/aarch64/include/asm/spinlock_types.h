/* SPDX-License-Identifier: GPL-2.0-only */
/* Lock layouts: the generic queued spinlock and queued rwlock. */
#ifndef __ASM_AARCH64_SPINLOCK_TYPES_H
#define __ASM_AARCH64_SPINLOCK_TYPES_H

#if !defined(__LINUX_SPINLOCK_TYPES_RAW_H) && !defined(__ASM_AARCH64_SPINLOCK_H)
#error only <linux/spinlock_types_raw.h> may include this file
#endif

#include <asm-generic/qspinlock_types.h>
#include <asm-generic/qrwlock_types.h>

#endif /* __ASM_AARCH64_SPINLOCK_TYPES_H */
