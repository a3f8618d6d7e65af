/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory barriers.  All CPUs of a system share the Inner Shareable
 * domain, so SMP ordering uses "ish" barriers; ordering against devices
 * needs the full system ("sy") or Outer Shareable ("osh") variants.
 */
#ifndef __ASM_AARCH64_BARRIER_H
#define __ASM_AARCH64_BARRIER_H

#ifndef __ASSEMBLY__

#include <linux/compiler.h>
#include <linux/kasan-checks.h>
#include <linux/types.h>

#define nop()		do { asm volatile("nop"); } while (0)
#define sev()		do { asm volatile("sev" : : : "memory"); } while (0)
#define wfe()		do { asm volatile("wfe" : : : "memory"); } while (0)
#define wfi()		do { asm volatile("wfi" : : : "memory"); } while (0)

/* opt: the barrier domain and access type, e.g. ish, ishst, sy */
#define dmb(opt)	do { asm volatile("dmb " #opt : : : "memory"); } while (0)
#define dsb(opt)	do { asm volatile("dsb " #opt : : : "memory"); } while (0)

/* Between CPUs */
#define __smp_wmb()	dmb(ishst)
#define __smp_rmb()	dmb(ishld)
#define __smp_mb()	dmb(ish)

/* Against DMA masters (coherent memory, Outer Shareable) */
#define dma_wmb()	dmb(oshst)
#define dma_rmb()	dmb(oshld)
#define dma_mb()	dmb(osh)

/* Against everything, devices included: DSB waits for completion. */
#define wmb()		dsb(st)
#define rmb()		dsb(ld)
#define mb()		dsb(sy)

/*
 * Release stores and acquire loads are single instructions, STLR and
 * LDAR (DDI 0487 L.a, "Load-Acquire, Store-Release"), one per access
 * size: no separate barrier is needed.
 */
#define __AARCH64_ACQ_REL(bits, sfx, reg)				\
static __always_inline void						\
__stlr##bits(volatile void *p, u##bits v)				\
{									\
	asm volatile("stlr" sfx "	%" reg "1, %0"			\
		     : "=Q" (*(volatile u##bits *)p) : "r" (v) : "memory");\
}									\
static __always_inline u##bits						\
__ldar##bits(const volatile void *p)					\
{									\
	u##bits v;							\
	asm volatile("ldar" sfx "	%" reg "0, %1"			\
		     : "=r" (v) : "Q" (*(const volatile u##bits *)p)	\
		     : "memory");					\
	return v;							\
}

__AARCH64_ACQ_REL(8, "b", "w")
__AARCH64_ACQ_REL(16, "h", "w")
__AARCH64_ACQ_REL(32, "", "w")
__AARCH64_ACQ_REL(64, "", "x")
#undef __AARCH64_ACQ_REL

/*
 * Move the bits of any scalar of 1, 2, 4 or 8 bytes through a uN.  The
 * access is an asm statement the compiler cannot instrument, so KASAN
 * is told about it here (a no-op without CONFIG_KASAN).
 */
#define __smp_store_release(p, v)					\
do {									\
	typeof(p) __sr_p = (p);						\
	__unqual_scalar_typeof(*(p)) __sr_v = (v);			\
	compiletime_assert_atomic_type(*(p));				\
	kasan_check_write(__sr_p, sizeof(*__sr_p));			\
	if (sizeof(*(p)) == 1)						\
		__stlr8(__sr_p, *(u8 *)&__sr_v);			\
	else if (sizeof(*(p)) == 2)					\
		__stlr16(__sr_p, *(u16 *)&__sr_v);			\
	else if (sizeof(*(p)) == 4)					\
		__stlr32(__sr_p, *(u32 *)&__sr_v);			\
	else								\
		__stlr64(__sr_p, *(u64 *)&__sr_v);			\
} while (0)

#define __smp_load_acquire(p)						\
({									\
	typeof(p) __la_p = (p);						\
	__unqual_scalar_typeof(*(p)) __la_v;				\
	compiletime_assert_atomic_type(*(p));				\
	kasan_check_read(__la_p, sizeof(*__la_p));			\
	if (sizeof(*(p)) == 1)						\
		*(u8 *)&__la_v = __ldar8(__la_p);			\
	else if (sizeof(*(p)) == 2)					\
		*(u16 *)&__la_v = __ldar16(__la_p);			\
	else if (sizeof(*(p)) == 4)					\
		*(u32 *)&__la_v = __ldar32(__la_p);			\
	else								\
		*(u64 *)&__la_v = __ldar64(__la_p);			\
	(typeof(*(p)))__la_v;						\
})

/*
 * Waiting for another CPU to change a location, without spinning on
 * the bus: LDXR marks the location in this CPU's exclusive monitor,
 * and a store by another CPU to the same granule clears the monitor,
 * which is a wake-up event for WFE (DDI 0487 L.a, "Wait for Event";
 * "The Exclusive monitors").  If the location already differs from
 * @old the CPU does not sleep.  A wake-up for any other reason (an
 * interrupt, SEV, the timer's event stream) only makes the caller look
 * again, so none can be missed or mistaken.
 */
#define __AARCH64_WAIT_CHANGE(bits, sfx, reg, wide)			\
static __always_inline void						\
__wait_change##bits(const volatile void *p, wide old)			\
{									\
	wide cur;							\
									\
	asm volatile("ldxr" sfx "	%" reg "0, %1\n"			\
		     "	cmp	%" reg "0, %" reg "2\n"			\
		     "	b.ne	1f\n"					\
		     "	wfe\n"						\
		     "1:"						\
		     : "=&r" (cur)					\
		     : "Q" (*(const volatile u##bits *)p), "r" (old)	\
		     : "cc", "memory");					\
}

__AARCH64_WAIT_CHANGE(8, "b", "w", u32)
__AARCH64_WAIT_CHANGE(16, "h", "w", u32)
__AARCH64_WAIT_CHANGE(32, "", "w", u32)
__AARCH64_WAIT_CHANGE(64, "", "x", u64)
#undef __AARCH64_WAIT_CHANGE

#define __wait_change(p, v)						\
do {									\
	__unqual_scalar_typeof(*(p)) __wc_v = (v);			\
	if (sizeof(*(p)) == 1)						\
		__wait_change8((p), *(u8 *)&__wc_v);			\
	else if (sizeof(*(p)) == 2)					\
		__wait_change16((p), *(u16 *)&__wc_v);			\
	else if (sizeof(*(p)) == 4)					\
		__wait_change32((p), *(u32 *)&__wc_v);			\
	else								\
		__wait_change64((p), *(u64 *)&__wc_v);			\
} while (0)

/*
 * The generic loop with the sleep above between reads: queued spinlock
 * and rwlock waiters, and everything else that polls with it, sleep in
 * WFE as the 2012 design's spinlocks did.  smp_cond_load_acquire()
 * is the generic one built on this.
 */
#define smp_cond_load_relaxed(ptr, cond_expr)				\
({									\
	typeof(ptr) __PTR = (ptr);					\
	__unqual_scalar_typeof(*ptr) VAL = READ_ONCE(*__PTR);		\
									\
	while (!(cond_expr)) {						\
		__wait_change(__PTR, VAL);				\
		VAL = READ_ONCE(*__PTR);				\
	}								\
	(typeof(*ptr))VAL;						\
})

/*
 * CSDB (hint #20) stops the CPU from speculating on the result of an
 * earlier conditional select (DDI 0487 L.a, "CSDB").
 */
#define csdb()		do { asm volatile("hint #20" : : : "memory"); } while (0)

/*
 * All ones when idx < sz, else 0, computed by CSETM after an unsigned
 * compare: with the CSDB the mask cannot be speculated as all ones for
 * an out-of-bounds index.
 */
static inline unsigned long array_index_mask_nospec(unsigned long idx,
						    unsigned long sz)
{
	unsigned long in_bounds;

	asm volatile("cmp	%1, %2\n\tcsetm	%0, lo"
		     : "=r" (in_bounds) : "r" (idx), "Ir" (sz) : "cc");
	csdb();
	return in_bounds;
}
#define array_index_mask_nospec array_index_mask_nospec

#include <asm-generic/barrier.h>

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_BARRIER_H */
