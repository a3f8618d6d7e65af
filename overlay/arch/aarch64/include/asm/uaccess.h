/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Access to user memory.
 *
 * Single loads and stores use LDTR/STTR, the unprivileged forms: they
 * are checked against the EL0 permissions of the page (DDI 0487 L.a,
 * "LDTR"), so a user pointer can never make the kernel read or write
 * memory that user space itself could not.  A fault on one of them is
 * resolved through the exception table (see <asm/asm-extable.h>); a
 * kernel access to a user address from anywhere else is refused
 * (mm/fault.c).  Under software PAN each access, its arguments
 * evaluated first, runs in a uaccess window (asm/pan.h).
 */
#ifndef __ASM_AARCH64_UACCESS_H
#define __ASM_AARCH64_UACCESS_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/barrier.h>
#include <asm/extable.h>
#include <asm/memory.h>
#include <asm/pan.h>
#include <asm/processor.h>
#include <asm-generic/access_ok.h>

/*
 * The user pointer a checked access goes on with: @ptr when it is below
 * TASK_SIZE_MAX, else NULL, chosen by CSEL and fenced by CSDB (DDI 0487
 * L.a, "CSDB"), so that a CPU speculating past a failed access_ok()
 * never uses the unchecked pointer (Spectre-v1).  arm64 masks its user
 * pointers the same way (__uaccess_mask_ptr).
 */
static inline void __user *__uaccess_mask_ptr(const void __user *ptr)
{
	void __user *safe;

	asm volatile("cmp	%1, %2\n\tcsel	%0, %1, xzr, lo"
		     : "=&r" (safe) : "r" (ptr), "r" (TASK_SIZE_MAX) : "cc");
	csdb();
	return safe;
}
#define uaccess_mask_ptr(ptr)	((__typeof__(ptr))__uaccess_mask_ptr(ptr))

long strncpy_from_user(char *dst, const char __user *src, long count);
long strnlen_user(const char __user *str, long n);

/*
 * The load or store of one object.  On a fault, the exception table
 * entry of type @type (asm/asm-extable.h) sets err to -EFAULT (and a
 * load's result to 0) and resumes after the access.
 */
#define __uaccess_load(type, insn, reg, x, addr, err)			\
do {									\
	asm volatile(							\
	"1:	" insn "	" reg "1, [%2]\n"			\
	"2:\n"								\
	type(1b, 2b, "%w0", "%x1")					\
	: "+r" (err), "=&r" (x)						\
	: "r" (addr));							\
} while (0)

#define __uaccess_store(type, insn, reg, x, addr, err)			\
do {									\
	asm volatile(							\
	"1:	" insn "	" reg "1, [%2]\n"			\
	"2:\n"								\
	type(1b, 2b, "%w0", "wzr")					\
	: "+r" (err)							\
	: "rZ" (x), "r" (addr));					\
} while (0)

/* The load of *ptr into the unsigned long val. */
#define __get_mem_raw(type, ldb, ldh, ldw, ldx, val, ptr, err)		\
do {									\
	switch (sizeof(*(ptr))) {					\
	case 1:								\
		__uaccess_load(type, ldb, "%w", val, (ptr), (err));	\
		break;							\
	case 2:								\
		__uaccess_load(type, ldh, "%w", val, (ptr), (err));	\
		break;							\
	case 4:								\
		__uaccess_load(type, ldw, "%w", val, (ptr), (err));	\
		break;							\
	case 8:								\
		__uaccess_load(type, ldx, "%x", val, (ptr), (err));	\
		break;							\
	default:							\
		BUILD_BUG();						\
	}								\
} while (0)

#define __get_mem_asm(type, ldb, ldh, ldw, ldx, x, ptr, err)		\
do {									\
	unsigned long __gu_val;						\
	__get_mem_raw(type, ldb, ldh, ldw, ldx, __gu_val, ptr, err);	\
	(x) = (__force __typeof__(*(ptr)))__gu_val;			\
} while (0)

#define __put_mem_asm(type, stb, sth, stw, stx, x, ptr, err)		\
do {									\
	__typeof__(*(ptr)) __pu_val = (x);				\
	switch (sizeof(*(ptr))) {					\
	case 1:								\
		__uaccess_store(type, stb, "%w", (u8)(unsigned long)__pu_val,	\
				(ptr), (err));				\
		break;							\
	case 2:								\
		__uaccess_store(type, sth, "%w", (u16)(unsigned long)__pu_val,\
				(ptr), (err));				\
		break;							\
	case 4:								\
		__uaccess_store(type, stw, "%w", (u32)(unsigned long)__pu_val,\
				(ptr), (err));				\
		break;							\
	case 8:								\
		__uaccess_store(type, stx, "%x", *(u64 *)&__pu_val,		\
				(ptr), (err));				\
		break;							\
	default:							\
		BUILD_BUG();						\
	}								\
} while (0)

#define __get_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *__gu_ptr = (ptr);			\
	unsigned long __gu_x;						\
	int __gu_err = 0;						\
	__chk_user_ptr(ptr);						\
	uaccess_ttbr0_enable();						\
	__get_mem_raw(_ASM_EXTABLE_UACCESS_ERR_ZERO, "ldtrb", "ldtrh",	\
		      "ldtr", "ldtr", __gu_x, __gu_ptr, __gu_err);	\
	uaccess_ttbr0_disable();					\
	(x) = (__force __typeof__(*(ptr)))__gu_x;			\
	__gu_err;							\
})

#define get_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *__gp = (ptr);			\
	might_fault();							\
	access_ok(__gp, sizeof(*__gp)) ?				\
		__get_user((x), uaccess_mask_ptr(__gp)) :		\
		((x) = (__force __typeof__(*(ptr)))0, -EFAULT);		\
})

#define __put_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *__pu_ptr = (ptr);			\
	__typeof__(*(ptr)) __pu_x = (x);				\
	int __pu_err = 0;						\
	__chk_user_ptr(ptr);						\
	uaccess_ttbr0_enable();						\
	__put_mem_asm(_ASM_EXTABLE_UACCESS_ERR_ZERO, "sttrb", "sttrh", "sttr", "sttr",			\
		      __pu_x, __pu_ptr, __pu_err);			\
	uaccess_ttbr0_disable();					\
	__pu_err;							\
})

#define put_user(x, ptr)						\
({									\
	__typeof__(*(ptr)) __user *__pp = (ptr);			\
	might_fault();							\
	access_ok(__pp, sizeof(*__pp)) ?				\
		__put_user((x), uaccess_mask_ptr(__pp)) : -EFAULT;	\
})

/*
 * Kernel addresses that may not be mapped (copy_from_kernel_nofault):
 * the privileged forms, with a fixup of their own type.
 */
#define __get_kernel_nofault(dst, src, type, err_label)		\
do {									\
	int __gk_err = 0;						\
	__get_mem_asm(_ASM_EXTABLE_KACCESS_ERR_ZERO, "ldrb", "ldrh", "ldr", "ldr",			\
		      *((type *)(dst)), (type *)(src), __gk_err);	\
	if (unlikely(__gk_err))						\
		goto err_label;						\
} while (0)

#define __put_kernel_nofault(dst, src, type, err_label)		\
do {									\
	int __pk_err = 0;						\
	__put_mem_asm(_ASM_EXTABLE_KACCESS_ERR_ZERO, "strb", "strh", "str", "str",			\
		      *((type *)(src)), (type *)(dst), __pk_err);	\
	if (unlikely(__pk_err))						\
		goto err_label;						\
} while (0)

/* lib/copy_user.S: return the number of bytes not copied/cleared. */
unsigned long __must_check __arch_copy_from_user(void *to,
		const void __user *from, unsigned long n);
unsigned long __must_check __arch_copy_to_user(void __user *to,
		const void *from, unsigned long n);
unsigned long __must_check __arch_clear_user(void __user *to,
		unsigned long n);

static inline unsigned long __must_check
raw_copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long left;

	from = __uaccess_mask_ptr(from);
	uaccess_ttbr0_enable();
	left = __arch_copy_from_user(to, from, n);
	uaccess_ttbr0_disable();
	return left;
}

static inline unsigned long __must_check
raw_copy_to_user(void __user *to, const void *from, unsigned long n)
{
	unsigned long left;

	to = __uaccess_mask_ptr(to);
	uaccess_ttbr0_enable();
	left = __arch_copy_to_user(to, from, n);
	uaccess_ttbr0_disable();
	return left;
}

#define INLINE_COPY_FROM_USER
#define INLINE_COPY_TO_USER

static inline unsigned long __must_check
__clear_user(void __user *to, unsigned long n)
{
	unsigned long left;

	uaccess_ttbr0_enable();
	left = __arch_clear_user(to, n);
	uaccess_ttbr0_disable();
	return left;
}

static inline unsigned long __must_check
clear_user(void __user *to, unsigned long n)
{
	might_fault();
	if (!access_ok(to, n))
		return n;
	return __clear_user(__uaccess_mask_ptr(to), n);
}


#endif /* __ASM_AARCH64_UACCESS_H */
