// SPDX-License-Identifier: GPL-2.0-only
/*
 * Threads and the things they rest on: pthread create/join, a mutex and
 * condition variable ping-pong, the raw futex system call (WAIT returns
 * EAGAIN when the word differs, ETIMEDOUT after its timeout, WAKE returns
 * how many it woke; WAKE_OP and the PI operations, whose read-modify-write
 * and compare-exchange of the user word are the architecture's futex
 * atomics, give exact word values), atomic read-modify-write from several threads with
 * exact totals (LL/SC or LSE, whichever the CPU has: glibc/libgcc's
 * outline atomics choose by AT_HWCAP), and __thread storage, which on
 * arm64 is addressed from TPIDR_EL0 and must be distinct per thread.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

#define NTHREADS 4

static long futex(uint32_t *uaddr, int op, uint32_t val,
		  const struct timespec *ts, uint32_t val3)
{
	return syscall(SYS_futex, uaddr, op, val, ts, NULL, val3);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- create/join ---- */

static void *ret_arg_times_3(void *arg)
{
	return (void *)((uintptr_t)arg * 3);
}

static void test_create_join(void)
{
	pthread_t t[16];

	for (uintptr_t i = 0; i < 16; i++)
		wb_eq(pthread_create(&t[i], NULL, ret_arg_times_3, (void *)(i + 1)), 0);
	for (uintptr_t i = 0; i < 16; i++) {
		void *ret;

		wb_eq(pthread_join(t[i], &ret), 0);
		wb_eq((uintptr_t)ret, (i + 1) * 3);
	}
	wb_pass("16 threads created and joined with their return values");
}

/* ---- mutex/condvar ping-pong ---- */

#define ROUNDS 20000

static pthread_mutex_t pp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pp_cond = PTHREAD_COND_INITIALIZER;
static int pp_turn;		/* whose turn: 0 or 1 */
static long pp_count[2];

static void *pingpong(void *arg)
{
	int me = (int)(uintptr_t)arg;

	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&pp_lock);
		while (pp_turn != me)
			pthread_cond_wait(&pp_cond, &pp_lock);
		pp_count[me]++;
		pp_turn = !me;
		pthread_cond_broadcast(&pp_cond);
		pthread_mutex_unlock(&pp_lock);
	}
	return NULL;
}

static void test_pingpong(void)
{
	pthread_t a, b;

	wb_eq(pthread_create(&a, NULL, pingpong, (void *)0), 0);
	wb_eq(pthread_create(&b, NULL, pingpong, (void *)1), 0);
	wb_eq(pthread_join(a, NULL), 0);
	wb_eq(pthread_join(b, NULL), 0);
	wb_eq(pp_count[0], ROUNDS);
	wb_eq(pp_count[1], ROUNDS);
	wb_eq(pp_turn, 0);
	wb_pass("mutex/condvar ping-pong: %d strict alternations", 2 * ROUNDS);
}

/* ---- raw futex ---- */

static uint32_t fword;
static pid_t waiter_tid[NTHREADS];
static long waiter_ret[NTHREADS];
static int waiter_errno[NTHREADS];

static void *futex_waiter(void *arg)
{
	int i = (int)(uintptr_t)arg;

	__atomic_store_n(&waiter_tid[i], gettid(), __ATOMIC_RELEASE);
	waiter_ret[i] = futex(&fword, FUTEX_WAIT_PRIVATE, 0, NULL, 0);
	waiter_errno[i] = errno;
	return NULL;
}

/* State letter of a thread of ours, from /proc/self/task/TID/stat. */
static char task_state(pid_t tid)
{
	char path[64], buf[256], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	f = fopen(path, "r");
	wb_check(f != NULL, "open %s", path);
	wb_check(fgets(buf, sizeof(buf), f) != NULL, "read %s", path);
	fclose(f);
	p = strrchr(buf, ')');
	wb_check(p && p[1] == ' ', "parse %s: %s", path, buf);
	return p[2];
}

static void test_futex(void)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	pthread_t t[NTHREADS];
	double t0, dt;
	uint32_t word = 5;

	/* The word is not the expected value: EAGAIN at once. */
	errno = 0;
	wb_eq(futex(&word, FUTEX_WAIT, 4, NULL, 0), -1);
	wb_eq(errno, EAGAIN);
	errno = 0;
	wb_eq(futex(&word, FUTEX_WAIT_PRIVATE, 6, NULL, 0), -1);
	wb_eq(errno, EAGAIN);

	/* Matching value, nobody wakes us: ETIMEDOUT after >= 50 ms
	 * (FUTEX_WAIT's timeout is relative). */
	t0 = now();
	errno = 0;
	wb_eq(futex(&word, FUTEX_WAIT_PRIVATE, 5, &ts, 0), -1);
	dt = now() - t0;
	wb_eq(errno, ETIMEDOUT);
	wb_check(dt >= 0.049 && dt < 5, "FUTEX_WAIT 50 ms took %.3f s", dt);

	/* FUTEX_WAIT_BITSET takes an absolute CLOCK_MONOTONIC deadline. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_nsec += 30 * 1000 * 1000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	t0 = now();
	errno = 0;
	wb_eq(futex(&word, FUTEX_WAIT_BITSET_PRIVATE, 5, &ts, FUTEX_BITSET_MATCH_ANY), -1);
	dt = now() - t0;
	wb_eq(errno, ETIMEDOUT);
	wb_check(dt >= 0.025 && dt < 5, "FUTEX_WAIT_BITSET 30 ms took %.3f s", dt);

	/* Nobody waits: WAKE returns 0. */
	wb_eq(futex(&word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, 0), 0);

	/* NTHREADS waiters; once all are asleep ('S') in FUTEX_WAIT, wake
	 * one, then the rest, and count. */
	fword = 0;
	for (int i = 0; i < NTHREADS; i++)
		wb_eq(pthread_create(&t[i], NULL, futex_waiter, (void *)(uintptr_t)i), 0);
	for (int i = 0; i < NTHREADS; i++) {
		int tries = 0;

		while (!__atomic_load_n(&waiter_tid[i], __ATOMIC_ACQUIRE) ||
		       task_state(waiter_tid[i]) != 'S') {
			wb_check(++tries < 5000, "waiter %d never went to sleep", i);
			usleep(1000);
		}
	}
	wb_eq(futex(&fword, FUTEX_WAKE_PRIVATE, 1, NULL, 0), 1);
	wb_eq(futex(&fword, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, 0), NTHREADS - 1);
	for (int i = 0; i < NTHREADS; i++) {
		wb_eq(pthread_join(t[i], NULL), 0);
		if (waiter_ret[i] != 0)
			wb_fail("waiter %d: FUTEX_WAIT returned %ld errno %d, expected 0",
				i, waiter_ret[i], waiter_errno[i]);
	}
	wb_pass("futex: EAGAIN on mismatch, ETIMEDOUT relative and absolute, WAKE counts 1 + %d",
		NTHREADS - 1);
}

/* ---- futex operations done by the architecture's user atomics ---- */

static uint32_t op_word1, op_word2;
static pid_t op_waiter_tid;

static void *op_waiter(void *arg)
{
	uint32_t val = (uint32_t)(uintptr_t)arg;

	__atomic_store_n(&op_waiter_tid, gettid(), __ATOMIC_RELEASE);
	return (void *)futex(&op_word2, FUTEX_WAIT_PRIVATE, val, NULL, 0);
}

/* Start a thread waiting on op_word2 (holding val) and wait till it sleeps. */
static pthread_t start_op_waiter(uint32_t val)
{
	pthread_t t;
	int tries = 0;

	op_waiter_tid = 0;
	wb_eq(pthread_create(&t, NULL, op_waiter, (void *)(uintptr_t)val), 0);
	while (!__atomic_load_n(&op_waiter_tid, __ATOMIC_ACQUIRE) ||
	       task_state(op_waiter_tid) != 'S') {
		wb_check(++tries < 5000, "op waiter never went to sleep");
		usleep(1000);
	}
	return t;
}

static long wake_op(int op, int oparg, int cmp, int cmparg)
{
	return syscall(SYS_futex, &op_word1, FUTEX_WAKE_OP_PRIVATE, 1,
		       (void *)1 /* nr_wake2 */, &op_word2,
		       FUTEX_OP(op, oparg, cmp, cmparg));
}

static void test_wake_op(void)
{
	static const struct {
		int op, oparg;
		uint32_t before, after;
	} ops[] = {
		{ FUTEX_OP_SET, 7, 8, 7 },
		{ FUTEX_OP_OR, 0x30, 7, 0x37 },
		{ FUTEX_OP_ANDN, 0x7, 0x37, 0x30 },
		{ FUTEX_OP_XOR, 0xff, 0x30, 0xcf },
		{ FUTEX_OP_ADD | FUTEX_OP_OPARG_SHIFT, 4, 0xcf, 0xdf },
		{ FUTEX_OP_SET | FUTEX_OP_OPARG_SHIFT, 10, 0xdf, 0x400 },
		{ FUTEX_OP_ADD, 0xfff /* -1: oparg is signed 12-bit */, 0x400, 0x3ff },
		{ FUTEX_OP_ADD, 1, 0xffffffff, 0 },
	};
	pthread_t t;
	void *ret;

	/* oldval 5 == 5: the waiter on word2 is woken; word2 = 5 + 3. */
	op_word2 = 5;
	t = start_op_waiter(5);
	wb_eq(wake_op(FUTEX_OP_ADD, 3, FUTEX_OP_CMP_EQ, 5), 1);
	wb_eq(op_word2, 8);
	wb_eq(pthread_join(t, &ret), 0);
	wb_eq((long)ret, 0);

	/* oldval 8 > 100 is false: nobody woken, but the op is done. */
	t = start_op_waiter(8);
	wb_eq(wake_op(FUTEX_OP_SET, 7, FUTEX_OP_CMP_GT, 100), 0);
	wb_eq(op_word2, 7);
	wb_eq(futex(&op_word2, FUTEX_WAKE_PRIVATE, 1, NULL, 0), 1);
	wb_eq(pthread_join(t, &ret), 0);
	wb_eq((long)ret, 0);

	for (unsigned int i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		op_word2 = ops[i].before;
		wb_eq(wake_op(ops[i].op, ops[i].oparg, FUTEX_OP_CMP_EQ, 0), 0);
		if (op_word2 != ops[i].after)
			wb_fail("FUTEX_WAKE_OP op %d oparg 0x%x on 0x%x gave 0x%x, expected 0x%x",
				ops[i].op, ops[i].oparg, ops[i].before, op_word2,
				ops[i].after);
	}
	wb_pass("FUTEX_WAKE_OP: SET/ADD/OR/ANDN/XOR, shifted and negative oparg, compare decides the wake");
}

static uint32_t pi_word;
static pid_t pi_tid;
static long pi_ret;
static uint32_t pi_seen;

static void *pi_locker(void *arg)
{
	__atomic_store_n(&pi_tid, gettid(), __ATOMIC_RELEASE);
	pi_ret = futex(&pi_word, FUTEX_LOCK_PI_PRIVATE, 0, NULL, 0);
	pi_seen = __atomic_load_n(&pi_word, __ATOMIC_ACQUIRE);
	if (pi_ret == 0)
		futex(&pi_word, FUTEX_UNLOCK_PI_PRIVATE, 0, NULL, 0);
	return NULL;
}

static void test_pi(void)
{
	uint32_t me = gettid();
	pthread_t t;
	int tries = 0;

	/* Free word: the kernel's compare-exchange 0 -> our tid. */
	pi_word = 0;
	wb_eq(futex(&pi_word, FUTEX_LOCK_PI_PRIVATE, 0, NULL, 0), 0);
	wb_eq(pi_word, me);
	errno = 0;
	wb_eq(futex(&pi_word, FUTEX_LOCK_PI_PRIVATE, 0, NULL, 0), -1);
	wb_eq(errno, EDEADLK);

	/* Contended: the waiter sets FUTEX_WAITERS on our word; unlocking
	 * hands the lock, and the word, to it. */
	wb_eq(pthread_create(&t, NULL, pi_locker, NULL), 0);
	while (!__atomic_load_n(&pi_tid, __ATOMIC_ACQUIRE) ||
	       task_state(pi_tid) != 'S') {
		wb_check(++tries < 5000, "PI waiter never went to sleep");
		usleep(1000);
	}
	wb_eq(pi_word, FUTEX_WAITERS | me);
	wb_eq(futex(&pi_word, FUTEX_UNLOCK_PI_PRIVATE, 0, NULL, 0), 0);
	wb_eq(pthread_join(t, NULL), 0);
	wb_eq(pi_ret, 0);
	wb_eq(pi_seen & FUTEX_TID_MASK, pi_tid);
	wb_eq(pi_word, 0);

	/* Not the owner: EPERM, word unchanged. */
	pi_word = 12345;
	errno = 0;
	wb_eq(futex(&pi_word, FUTEX_UNLOCK_PI_PRIVATE, 0, NULL, 0), -1);
	wb_eq(errno, EPERM);
	wb_eq(pi_word, 12345);
	wb_pass("PI futex: LOCK_PI writes our tid, EDEADLK, FUTEX_WAITERS, handover on UNLOCK_PI, EPERM");
}

/* ---- atomics ---- */

#define ITERS 200000

static uint64_t a_add;
static uint32_t a_cas;
static uint64_t a_xchg_slot;
static uint64_t a_xchg_sum;
static uint16_t a_small;	/* sub-word atomics: ldaxrh/stlxrh or ldaddh */

static void *atomic_worker(void *arg)
{
	uint64_t id = (uintptr_t)arg, got_sum = 0;

	for (uint64_t i = 0; i < ITERS; i++) {
		uint32_t old, new;

		__atomic_fetch_add(&a_add, 1, __ATOMIC_RELAXED);
		__atomic_fetch_add(&a_small, 1, __ATOMIC_RELAXED);

		/* A compare-and-swap loop adding 3. */
		old = __atomic_load_n(&a_cas, __ATOMIC_RELAXED);
		do {
			new = old + 3;
		} while (!__atomic_compare_exchange_n(&a_cas, &old, new, 1,
						      __ATOMIC_ACQ_REL,
						      __ATOMIC_RELAXED));

		/* Every value put into the slot is taken out exactly once:
		 * by a later exchange or, the last one, by main. */
		got_sum += __atomic_exchange_n(&a_xchg_slot, id * ITERS + i + 1,
					       __ATOMIC_ACQ_REL);
	}
	__atomic_fetch_add(&a_xchg_sum, got_sum, __ATOMIC_RELAXED);
	return NULL;
}

static void test_atomics(void)
{
	pthread_t t[NTHREADS];
	uint64_t n = (uint64_t)NTHREADS * ITERS, put_sum;

	for (int i = 0; i < NTHREADS; i++)
		wb_eq(pthread_create(&t[i], NULL, atomic_worker, (void *)(uintptr_t)i), 0);
	for (int i = 0; i < NTHREADS; i++)
		wb_eq(pthread_join(t[i], NULL), 0);

	wb_eq(a_add, n);
	wb_eq(a_small, n & 0xffff);
	wb_eq(a_cas, (uint32_t)(3 * n));
	/* sum over all threads and i of (id * ITERS + i + 1) = sum 1..n */
	put_sum = n * (n + 1) / 2;
	wb_eq(a_xchg_sum + a_xchg_slot, put_sum);
	wb_pass("%d threads x %d: fetch_add, 16-bit add, CAS loop, exchange totals exact",
		NTHREADS, ITERS);
}

/* ---- __thread ---- */

static __thread int tls_init = 1234;
static __thread uint64_t tls_zero;
static uintptr_t tls_addr[NTHREADS];
static pthread_barrier_t tls_barrier;

static void *tls_worker(void *arg)
{
	int id = (int)(uintptr_t)arg;

	/* A new thread gets the initial image, not main's modified copy. */
	if (tls_init != 1234 || tls_zero != 0)
		return (void *)1;
	tls_init = id;
	tls_zero = 0x1111111111111111ull * (id + 1);
	tls_addr[id] = (uintptr_t)&tls_init;
	/* All threads have written theirs before anyone checks. */
	pthread_barrier_wait(&tls_barrier);
	for (int i = 0; i < 1000; i++) {
		sched_yield();
		if (tls_init != id ||
		    tls_zero != 0x1111111111111111ull * (id + 1))
			return (void *)2;
	}
	return NULL;
}

static void test_tls(void)
{
	pthread_t t[NTHREADS];

	tls_init = -1;
	wb_eq(pthread_barrier_init(&tls_barrier, NULL, NTHREADS), 0);
	for (int i = 0; i < NTHREADS; i++)
		wb_eq(pthread_create(&t[i], NULL, tls_worker, (void *)(uintptr_t)i), 0);
	for (int i = 0; i < NTHREADS; i++) {
		void *ret;

		wb_eq(pthread_join(t[i], &ret), 0);
		if (ret)
			wb_fail("thread %d: __thread value wrong (%s)", i,
				ret == (void *)1 ? "initial image" : "after yields");
	}
	for (int i = 0; i < NTHREADS; i++)
		for (int j = i + 1; j < NTHREADS; j++)
			wb_check(tls_addr[i] != tls_addr[j],
				 "threads %d and %d share __thread at 0x%lx", i,
				 j, (unsigned long)tls_addr[i]);
	wb_eq(tls_init, -1);
	wb_pass("__thread: initial image per thread, distinct addresses, kept across yields");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_create_join();
	test_pingpong();
	test_futex();
	test_wake_op();
	test_pi();
	test_atomics();
	test_tls();
	return 0;
}
