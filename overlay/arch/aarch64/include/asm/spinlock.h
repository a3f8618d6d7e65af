/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Spinlocks are the generic queued locks; they need only the sized
 * xchg/cmpxchg of <asm/cmpxchg.h>, with 16-bit exchange for the tail.
 */
#ifndef __ASM_AARCH64_SPINLOCK_H
#define __ASM_AARCH64_SPINLOCK_H

#include <asm/qspinlock.h>
#include <asm/qrwlock.h>

/*
 * Taking a lock is only an acquire; code that relies on
 * smp_mb__after_spinlock() wants accesses before the lock ordered
 * against accesses after it, which needs a full barrier.
 */
#define smp_mb__after_spinlock()	smp_mb()

#endif /* __ASM_AARCH64_SPINLOCK_H */
