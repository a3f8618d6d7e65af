/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * atomic_t and atomic64_t: FEAT_LSE atomic instructions where the CPU
 * has them, load/store-exclusive loops otherwise.  As in
 * <asm/cmpxchg.h>, only void and _relaxed operations are defined here;
 * <linux/atomic/atomic-arch-fallback.h> builds the ordered variants
 * and the remaining operations (inc, dec, andnot, add_unless, ...).
 */
#ifndef __ASM_AARCH64_ATOMIC_H
#define __ASM_AARCH64_ATOMIC_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/barrier.h>
#include <asm/cmpxchg.h>
#include <asm/lse.h>

#define ATOMIC64_INIT(i)		{ (i) }

#define arch_atomic_read(v)		READ_ONCE((v)->counter)
#define arch_atomic_set(v, i)		WRITE_ONCE((v)->counter, (i))
#define arch_atomic64_read(v)		READ_ONCE((v)->counter)
#define arch_atomic64_set(v, i)		WRITE_ONCE((v)->counter, (i))

/*
 * Each operation in two forms, chosen by lse_atomics_in_use() (see
 * <asm/lse.h>): __llsc_* is a load/store-exclusive loop, for every
 * CPU; __lse_* is one FEAT_LSE instruction.
 *
 * pfx: atomic or atomic64; atype_t: atomic_t or atomic64_t; T: the
 * counter type; w: register width letter; insn: the ALU instruction
 * applying the operation.
 */
#define __LLSC_ATOMIC_OPS(pfx, atype_t, T, w, op, insn)			\
static __always_inline void						\
__llsc_##pfx##_##op(T i, atype_t *v)					\
{									\
	T res;								\
	unsigned int fail;						\
									\
	asm volatile(							\
	"1:	ldxr	%" #w "0, %2\n"					\
	"	" #insn "	%" #w "0, %" #w "0, %" #w "3\n"		\
	"	stxr	%w1, %" #w "0, %2\n"				\
	"	cbnz	%w1, 1b\n"					\
	: "=&r" (res), "=&r" (fail), "+Q" (v->counter)			\
	: "r" (i));							\
}									\
									\
static __always_inline T						\
__llsc_##pfx##_fetch_##op##_relaxed(T i, atype_t *v)			\
{									\
	T old, res;							\
	unsigned int fail;						\
									\
	asm volatile(							\
	"1:	ldxr	%" #w "0, %3\n"					\
	"	" #insn "	%" #w "1, %" #w "0, %" #w "4\n"		\
	"	stxr	%w2, %" #w "1, %3\n"				\
	"	cbnz	%w2, 1b\n"					\
	: "=&r" (old), "=&r" (res), "=&r" (fail), "+Q" (v->counter)	\
	: "r" (i));							\
	return old;							\
}

#define __LLSC_ATOMIC_RETURN(pfx, atype_t, T, w, op, insn)		\
static __always_inline T						\
__llsc_##pfx##_##op##_return_relaxed(T i, atype_t *v)			\
{									\
	T res;								\
	unsigned int fail;						\
									\
	asm volatile(							\
	"1:	ldxr	%" #w "0, %2\n"					\
	"	" #insn "	%" #w "0, %" #w "0, %" #w "3\n"		\
	"	stxr	%w1, %" #w "0, %2\n"				\
	"	cbnz	%w1, 1b\n"					\
	: "=&r" (res), "=&r" (fail), "+Q" (v->counter)			\
	: "r" (i));							\
	return res;							\
}

/*
 * The LSE instructions add, clear bits (BIC), set bits (ORR) or
 * exclusive-or: a subtraction adds the negated operand, an AND clears
 * the complement.  @arg is the operand so transformed, in terms of i.
 * ST<op> is LD<op> with the zero register as destination.
 */
#define __LSE_ATOMIC_OPS(pfx, atype_t, T, w, op, lse, arg)		\
static __always_inline void						\
__lse_##pfx##_##op(T i, atype_t *v)					\
{									\
	asm volatile(__LSE_PREAMBLE					\
	"	st" #lse "	%" #w "1, %0\n"				\
	: "+Q" (v->counter)						\
	: "r" ((T)(arg)));						\
}									\
									\
static __always_inline T						\
__lse_##pfx##_fetch_##op##_relaxed(T i, atype_t *v)			\
{									\
	T old;								\
									\
	asm volatile(__LSE_PREAMBLE					\
	"	ld" #lse "	%" #w "2, %" #w "0, %1\n"		\
	: "=r" (old), "+Q" (v->counter)					\
	: "r" ((T)(arg)));						\
	return old;							\
}

#define __AARCH64_ATOMIC_OPS(pfx, atype_t, T, w, op, insn, lse, arg)	\
__LLSC_ATOMIC_OPS(pfx, atype_t, T, w, op, insn)				\
__LSE_ATOMIC_OPS(pfx, atype_t, T, w, op, lse, arg)			\
									\
static __always_inline void						\
arch_##pfx##_##op(T i, atype_t *v)					\
{									\
	if (lse_atomics_in_use())					\
		__lse_##pfx##_##op(i, v);				\
	else								\
		__llsc_##pfx##_##op(i, v);				\
}									\
									\
static __always_inline T						\
arch_##pfx##_fetch_##op##_relaxed(T i, atype_t *v)			\
{									\
	if (lse_atomics_in_use())					\
		return __lse_##pfx##_fetch_##op##_relaxed(i, v);	\
	return __llsc_##pfx##_fetch_##op##_relaxed(i, v);		\
}

/* With LSE, the new value is computed from the old one LDADD returns. */
#define __AARCH64_ATOMIC_RETURN(pfx, atype_t, T, w, op, insn, c_op)	\
__LLSC_ATOMIC_RETURN(pfx, atype_t, T, w, op, insn)			\
									\
static __always_inline T						\
arch_##pfx##_##op##_return_relaxed(T i, atype_t *v)			\
{									\
	if (lse_atomics_in_use())					\
		return __lse_##pfx##_fetch_##op##_relaxed(i, v) c_op i;	\
	return __llsc_##pfx##_##op##_return_relaxed(i, v);		\
}

__AARCH64_ATOMIC_OPS(atomic, atomic_t, int, w, add, add, add, i)
__AARCH64_ATOMIC_OPS(atomic, atomic_t, int, w, sub, sub, add, -i)
__AARCH64_ATOMIC_OPS(atomic, atomic_t, int, w, and, and, clr, ~i)
__AARCH64_ATOMIC_OPS(atomic, atomic_t, int, w, andnot, bic, clr, i)
__AARCH64_ATOMIC_OPS(atomic, atomic_t, int, w, or, orr, set, i)
__AARCH64_ATOMIC_OPS(atomic, atomic_t, int, w, xor, eor, eor, i)
__AARCH64_ATOMIC_RETURN(atomic, atomic_t, int, w, add, add, +)
__AARCH64_ATOMIC_RETURN(atomic, atomic_t, int, w, sub, sub, -)

__AARCH64_ATOMIC_OPS(atomic64, atomic64_t, s64, x, add, add, add, i)
__AARCH64_ATOMIC_OPS(atomic64, atomic64_t, s64, x, sub, sub, add, -i)
__AARCH64_ATOMIC_OPS(atomic64, atomic64_t, s64, x, and, and, clr, ~i)
__AARCH64_ATOMIC_OPS(atomic64, atomic64_t, s64, x, andnot, bic, clr, i)
__AARCH64_ATOMIC_OPS(atomic64, atomic64_t, s64, x, or, orr, set, i)
__AARCH64_ATOMIC_OPS(atomic64, atomic64_t, s64, x, xor, eor, eor, i)
__AARCH64_ATOMIC_RETURN(atomic64, atomic64_t, s64, x, add, add, +)
__AARCH64_ATOMIC_RETURN(atomic64, atomic64_t, s64, x, sub, sub, -)

#undef __AARCH64_ATOMIC_RETURN
#undef __AARCH64_ATOMIC_OPS
#undef __LSE_ATOMIC_OPS
#undef __LLSC_ATOMIC_RETURN
#undef __LLSC_ATOMIC_OPS

#define arch_atomic_add			arch_atomic_add
#define arch_atomic_sub			arch_atomic_sub
#define arch_atomic_and			arch_atomic_and
#define arch_atomic_andnot		arch_atomic_andnot
#define arch_atomic_or			arch_atomic_or
#define arch_atomic_xor			arch_atomic_xor
#define arch_atomic_add_return_relaxed	arch_atomic_add_return_relaxed
#define arch_atomic_sub_return_relaxed	arch_atomic_sub_return_relaxed
#define arch_atomic_fetch_add_relaxed	arch_atomic_fetch_add_relaxed
#define arch_atomic_fetch_sub_relaxed	arch_atomic_fetch_sub_relaxed
#define arch_atomic_fetch_and_relaxed	arch_atomic_fetch_and_relaxed
#define arch_atomic_fetch_andnot_relaxed arch_atomic_fetch_andnot_relaxed
#define arch_atomic_fetch_or_relaxed	arch_atomic_fetch_or_relaxed
#define arch_atomic_fetch_xor_relaxed	arch_atomic_fetch_xor_relaxed

#define arch_atomic64_add		arch_atomic64_add
#define arch_atomic64_sub		arch_atomic64_sub
#define arch_atomic64_and		arch_atomic64_and
#define arch_atomic64_andnot		arch_atomic64_andnot
#define arch_atomic64_or		arch_atomic64_or
#define arch_atomic64_xor		arch_atomic64_xor
#define arch_atomic64_add_return_relaxed arch_atomic64_add_return_relaxed
#define arch_atomic64_sub_return_relaxed arch_atomic64_sub_return_relaxed
#define arch_atomic64_fetch_add_relaxed	arch_atomic64_fetch_add_relaxed
#define arch_atomic64_fetch_sub_relaxed	arch_atomic64_fetch_sub_relaxed
#define arch_atomic64_fetch_and_relaxed	arch_atomic64_fetch_and_relaxed
#define arch_atomic64_fetch_andnot_relaxed arch_atomic64_fetch_andnot_relaxed
#define arch_atomic64_fetch_or_relaxed	arch_atomic64_fetch_or_relaxed
#define arch_atomic64_fetch_xor_relaxed	arch_atomic64_fetch_xor_relaxed

#define arch_atomic_xchg_relaxed(v, n)	arch_xchg_relaxed(&(v)->counter, (n))
#define arch_atomic_cmpxchg_relaxed(v, o, n)				\
	arch_cmpxchg_relaxed(&(v)->counter, (o), (n))
#define arch_atomic64_xchg_relaxed(v, n) arch_xchg_relaxed(&(v)->counter, (n))
#define arch_atomic64_cmpxchg_relaxed(v, o, n)				\
	arch_cmpxchg_relaxed(&(v)->counter, (o), (n))

#endif /* __ASM_AARCH64_ATOMIC_H */
