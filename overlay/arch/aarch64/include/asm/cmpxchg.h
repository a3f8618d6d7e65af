/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exchange and compare-and-exchange: FEAT_LSE's SWP and CAS where the
 * CPU has them, load/store-exclusive loops (LDXR/STXR) otherwise.
 *
 * Only the _relaxed forms are provided: <linux/atomic.h> derives the
 * acquire, release and fully ordered forms from them by adding the
 * fences of <asm/barrier.h>.
 */
#ifndef __ASM_AARCH64_CMPXCHG_H
#define __ASM_AARCH64_CMPXCHG_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/barrier.h>
#include <asm/lse.h>

/*
 * One function per access size and form: the suffix picks LDXRB/LDXRH/
 * LDXR (SWPB/SWPH/SWP, CASB/CASH/CAS), the register prefix w or x, and
 * the type keeps the comparison to the width of the access.  The old
 * value comes back zero-extended.  __llsc_* is a load/store-exclusive
 * loop, __lse_* one FEAT_LSE instruction; lse_atomics_in_use() picks
 * (<asm/lse.h>).
 */
#define __AARCH64_XCHG(sfx, w, type)					\
static __always_inline unsigned long					\
__llsc_xchg##sfx##_##type(volatile void *ptr, type val)		\
{									\
	type prev;							\
	unsigned int fail;						\
									\
	asm volatile(							\
	"1:	ldxr" #sfx "	%" #w "0, %2\n"				\
	"	stxr" #sfx "	%w1, %" #w "3, %2\n"			\
	"	cbnz	%w1, 1b\n"					\
	: "=&r" (prev), "=&r" (fail), "+Q" (*(type *)ptr)		\
	: "r" (val));							\
	return prev;							\
}									\
									\
static __always_inline unsigned long					\
__lse_xchg##sfx##_##type(volatile void *ptr, type val)			\
{									\
	type prev;							\
									\
	asm volatile(__LSE_PREAMBLE					\
	"	swp" #sfx "	%" #w "2, %" #w "0, %1\n"		\
	: "=r" (prev), "+Q" (*(type *)ptr)				\
	: "r" (val));							\
	return prev;							\
}									\
									\
static __always_inline unsigned long					\
__aarch64_xchg##sfx##_##type(volatile void *ptr, type val)		\
{									\
	if (lse_atomics_in_use())					\
		return __lse_xchg##sfx##_##type(ptr, val);		\
	return __llsc_xchg##sfx##_##type(ptr, val);			\
}

/*
 * CAS compares the low 8, 16, 32 or 64 bits of its first register with
 * memory and loads the old value into it, zero-extended, so the upper
 * bits of @old do not matter there; the exclusive loop's CMP compares
 * the whole W register, see the note below.
 */
#define __AARCH64_CMPXCHG(sfx, w, type)					\
static __always_inline unsigned long					\
__llsc_cmpxchg##sfx##_##type(volatile void *ptr, type old, type new)	\
{									\
	type prev;							\
	unsigned int fail;						\
									\
	asm volatile(							\
	"1:	ldxr" #sfx "	%" #w "0, %2\n"				\
	"	cmp	%" #w "0, %" #w "3\n"				\
	"	b.ne	2f\n"						\
	"	stxr" #sfx "	%w1, %" #w "4, %2\n"			\
	"	cbnz	%w1, 1b\n"					\
	"2:\n"								\
	: "=&r" (prev), "=&r" (fail), "+Q" (*(type *)ptr)		\
	: "r" ((unsigned long)old), "r" (new)				\
	: "cc");							\
	return prev;							\
}									\
									\
static __always_inline unsigned long					\
__lse_cmpxchg##sfx##_##type(volatile void *ptr, type old, type new)	\
{									\
	unsigned long prev = old;					\
									\
	asm volatile(__LSE_PREAMBLE					\
	"	cas" #sfx "	%" #w "0, %" #w "2, %1\n"		\
	: "+r" (prev), "+Q" (*(type *)ptr)				\
	: "r" (new));							\
	return prev;							\
}									\
									\
static __always_inline unsigned long					\
__aarch64_cmpxchg##sfx##_##type(volatile void *ptr, type old, type new)	\
{									\
	if (lse_atomics_in_use())					\
		return __lse_cmpxchg##sfx##_##type(ptr, old, new);	\
	return __llsc_cmpxchg##sfx##_##type(ptr, old, new);		\
}

/*
 * CMP compares the whole W register and LDXRB/LDXRH zero-extend, so the
 * expected value must be zero-extended too.  A u8 or u16 operand does
 * not make it so: the compiler keeps a narrow value in a register whose
 * upper bits are left over from whatever computed it (AAPCS64 leaves
 * them unspecified), and passes that register to the asm as it is.  The
 * cast of @old to unsigned long is a conversion the compiler has to
 * carry out (a UXTB/UXTH where it cannot prove the bits clear).
 */
__AARCH64_XCHG(b, w, u8)
__AARCH64_XCHG(h, w, u16)
__AARCH64_XCHG(, w, u32)
__AARCH64_XCHG(, x, u64)
__AARCH64_CMPXCHG(b, w, u8)
__AARCH64_CMPXCHG(h, w, u16)
__AARCH64_CMPXCHG(, w, u32)
__AARCH64_CMPXCHG(, x, u64)

#undef __AARCH64_CMPXCHG
#undef __AARCH64_XCHG

extern void __bad_xchg_size(void)
	__compiletime_error("xchg/cmpxchg on an unsupported size");

#define __xchg_relaxed(ptr, val)					\
({									\
	__typeof__(*(ptr)) __ret;					\
	switch (sizeof(*(ptr))) {					\
	case 1:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_xchgb_u8((ptr),	\
				(u8)(unsigned long)(val));		\
		break;							\
	case 2:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_xchgh_u16((ptr),	\
				(u16)(unsigned long)(val));		\
		break;							\
	case 4:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_xchg_u32((ptr),	\
				(u32)(unsigned long)(val));		\
		break;							\
	case 8:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_xchg_u64((ptr),	\
				(u64)(unsigned long)(val));		\
		break;							\
	default:							\
		__bad_xchg_size();					\
	}								\
	__ret;								\
})

#define __cmpxchg_relaxed(ptr, o, n)					\
({									\
	__typeof__(*(ptr)) __ret;					\
	switch (sizeof(*(ptr))) {					\
	case 1:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_cmpxchgb_u8((ptr),\
				(u8)(unsigned long)(o),			\
				(u8)(unsigned long)(n));		\
		break;							\
	case 2:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_cmpxchgh_u16((ptr),\
				(u16)(unsigned long)(o),		\
				(u16)(unsigned long)(n));		\
		break;							\
	case 4:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_cmpxchg_u32((ptr),\
				(u32)(unsigned long)(o),		\
				(u32)(unsigned long)(n));		\
		break;							\
	case 8:								\
		__ret = (__typeof__(*(ptr)))(unsigned long)__aarch64_cmpxchg_u64((ptr),\
				(u64)(unsigned long)(o),		\
				(u64)(unsigned long)(n));		\
		break;							\
	default:							\
		__bad_xchg_size();					\
	}								\
	__ret;								\
})

#define arch_xchg_relaxed(ptr, val)	__xchg_relaxed((ptr), (val))
#define arch_cmpxchg_relaxed(ptr, o, n)	__cmpxchg_relaxed((ptr), (o), (n))

#define arch_cmpxchg64_relaxed(ptr, o, n)				\
({									\
	BUILD_BUG_ON(sizeof(*(ptr)) != 8);				\
	__cmpxchg_relaxed((ptr), (o), (n));				\
})

/* The _local forms only have to be atomic against this CPU. */
#define arch_cmpxchg_local(ptr, o, n)	__cmpxchg_relaxed((ptr), (o), (n))
#define arch_cmpxchg64_local(ptr, o, n)	arch_cmpxchg64_relaxed((ptr), (o), (n))

#endif /* __ASM_AARCH64_CMPXCHG_H */
