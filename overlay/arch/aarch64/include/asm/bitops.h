/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bit operations.  The atomic ones come from asm-generic on top of
 * atomic_long_t (which is LDXR/STXR based, see <asm/atomic.h>); the
 * bit searches use CLZ/RBIT through the compiler builtins.
 */
#ifndef __ASM_AARCH64_BITOPS_H
#define __ASM_AARCH64_BITOPS_H

#ifndef _LINUX_BITOPS_H
#error only <linux/bitops.h> can be included directly
#endif

#include <linux/compiler.h>

#include <asm-generic/bitops/builtin-__ffs.h>
#include <asm-generic/bitops/builtin-ffs.h>
#include <asm-generic/bitops/builtin-__fls.h>
#include <asm-generic/bitops/builtin-fls.h>
#include <asm-generic/bitops/ffz.h>
#include <asm-generic/bitops/fls64.h>
#include <asm-generic/bitops/sched.h>
#include <asm-generic/bitops/hweight.h>

#include <asm-generic/bitops/atomic.h>
#include <asm-generic/bitops/lock.h>
#include <asm-generic/bitops/non-atomic.h>
#include <asm-generic/bitops/non-instrumented-non-atomic.h>
#include <asm-generic/bitops/le.h>
#include <asm-generic/bitops/ext2-atomic-setbit.h>

#endif /* __ASM_AARCH64_BITOPS_H */
