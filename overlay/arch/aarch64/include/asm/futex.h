/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Atomic operations on user futex words.
 *
 * Everything is built on one primitive, a compare-and-exchange of a
 * user word.  The exclusive access instructions have no unprivileged
 * form, so it uses LDXR/STLXR at EL1 on an address the caller checked
 * with access_ok(); a fault (page not present, read-only) goes through
 * the exception table to -EFAULT, and the futex core faults the page in
 * and retries.
 *
 * A successful exchange is fully ordered, as cmpxchg() is: the futex
 * core relies on it against the waiter bookkeeping around it.  Acquire
 * and release semantics do not give that: STLXR orders only what comes
 * before it, and a later load may still be satisfied before the store is
 * observed (DDI 0487 L.a, "Load-Acquire, Store-Release"; only a
 * Load-Acquire, not any load, is ordered after a Store-Release).  So,
 * as arm64 does, the store is a release and a DMB ISH follows it; a
 * failed comparison stores nothing and, as cmpxchg() on failure,
 * orders nothing.
 */
#ifndef __ASM_AARCH64_FUTEX_H
#define __ASM_AARCH64_FUTEX_H

#include <linux/futex.h>
#include <linux/uaccess.h>
#include <asm/errno.h>
#include <asm/pan.h>

/*
 * Give up with -EAGAIN after this many lost exclusive reservations, so
 * a user thread hammering the word cannot keep the kernel looping.
 */
#define FUTEX_CMPXCHG_TRIES	128

/*
 * Replace *uaddr by @newval if it equals @oldval; *@found gets the
 * value seen.  Returns 0, -EFAULT or -EAGAIN.
 */
static inline int __futex_cmpxchg(u32 __user *uaddr, u32 oldval, u32 newval,
				  u32 *found)
{
	unsigned int tries = FUTEX_CMPXCHG_TRIES;
	int err = -EAGAIN;
	u32 seen = 0, busy;

	/* The exclusives are privileged accesses, which PAN checks. */
	uaccess_enable_privileged();
	asm volatile(
	"0:	subs	%w[tries], %w[tries], #1\n"
	"	b.lo	9f\n"
	"1:	ldxr	%w[seen], %[word]\n"
	"	cmp	%w[seen], %w[old]\n"
	"	b.ne	8f\n"
	"2:	stlxr	%w[busy], %w[new], %[word]\n"
	"	cbnz	%w[busy], 0b\n"
	"	dmb	ish\n"
	"8:	mov	%w[err], #0\n"
	"9:\n"
	_ASM_EXTABLE_UACCESS_ERR(1b, 9b, "%w[err]")
	_ASM_EXTABLE_UACCESS_ERR(2b, 9b, "%w[err]")
	: [err] "+r" (err), [seen] "+r" (seen), [busy] "=&r" (busy),
	  [tries] "+r" (tries), [word] "+Q" (*uaddr)
	: [old] "r" (oldval), [new] "r" (newval)
	: "cc", "memory");
	uaccess_disable_privileged();

	*found = seen;
	return err;
}

static inline int
futex_atomic_cmpxchg_inatomic(u32 *uval, u32 __user *uaddr,
			      u32 oldval, u32 newval)
{
	if (!access_ok(uaddr, sizeof(*uaddr)))
		return -EFAULT;
	return __futex_cmpxchg(uaddr, oldval, newval, uval);
}

/*
 * FUTEX_WAKE_OP's read-modify-write: read the word, compute the new
 * value in C, and publish it with the compare-and-exchange, again if
 * another thread changed the word meanwhile.
 */
static inline int
arch_futex_atomic_op_inuser(int op, int oparg, int *oval, u32 __user *uaddr)
{
	unsigned int attempts = FUTEX_CMPXCHG_TRIES;
	u32 cur, next, seen;
	int err;

	if (!access_ok(uaddr, sizeof(*uaddr)))
		return -EFAULT;
	if (__get_user(cur, uaddr))
		return -EFAULT;

	while (attempts--) {
		switch (op) {
		case FUTEX_OP_SET:
			next = oparg;
			break;
		case FUTEX_OP_ADD:
			next = cur + oparg;
			break;
		case FUTEX_OP_OR:
			next = cur | oparg;
			break;
		case FUTEX_OP_ANDN:
			next = cur & ~oparg;
			break;
		case FUTEX_OP_XOR:
			next = cur ^ oparg;
			break;
		default:
			return -ENOSYS;
		}

		err = __futex_cmpxchg(uaddr, cur, next, &seen);
		if (err)
			return err;
		if (seen == cur) {
			*oval = cur;
			return 0;
		}
		cur = seen;
	}
	return -EAGAIN;
}

#endif /* __ASM_AARCH64_FUTEX_H */
