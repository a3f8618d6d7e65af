// SPDX-License-Identifier: GPL-2.0-only
/*
 * CPU hotplug under load: each secondary CPU is taken offline and
 * brought back through /sys/devices/system/cpu/cpuN/online while up to
 * 4 threads keep atomic adds and two a futex ping-pong going.  By
 * default 10 cycles a secondary (fewer each when there are many CPUs:
 * 40 cycles at most in all, and no new round after 90 seconds, as a
 * 16-CPU machine emulated on two host cores takes seconds a cycle);
 * wb_hotplug_cycles=N on the command line asks for N cycles each,
 * unbounded (tests/plan: 50 on the 4- and 8-CPU rows).  After each
 * cycle the CPU must be in the online mask again and run a thread
 * pinned to it; the load's totals must be exact.
 *
 * Skipped when no secondary CPU can be taken offline (one CPU, or an
 * enable-method without a way back, such as spin-table).
 *
 * wb-timeout: 300
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

#define CYCLES		10
#define MAX_CYCLES	40
#define MAX_LOAD	4
#define BUDGET_SEC	90

static atomic_int stop;
static atomic_uint ping;
static atomic_ulong adds;

static long futex(atomic_uint *uaddr, int op, unsigned int val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

static int hotpluggable(int cpu)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	return access(path, W_OK) == 0;
}

/* Two threads pass a token with FUTEX_WAIT/WAKE; parity says whose turn. */
static void *pingpong(void *arg)
{
	unsigned int me = (long)arg;

	while (!atomic_load(&stop)) {
		unsigned int t = atomic_load(&ping);

		if (t % 2 != me) {
			futex(&ping, FUTEX_WAIT_PRIVATE, t);
			continue;
		}
		atomic_fetch_add(&ping, 1);
		futex(&ping, FUTEX_WAKE_PRIVATE, 1);
	}
	/* Let the partner see stop. */
	atomic_fetch_add(&ping, 1);
	futex(&ping, FUTEX_WAKE_PRIVATE, 1);
	return NULL;
}

static void *adder(void *arg)
{
	unsigned long n = 0;

	while (!atomic_load(&stop)) {
		atomic_fetch_add(&adds, 1);
		if (++n % 1024 == 0)
			sched_yield();
	}
	return (void *)n;
}

static void *pinned_check(void *arg)
{
	int cpu = (long)arg;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return (void *)1;
	sched_yield();
	return (void *)(long)(sched_getcpu() != cpu);
}

int main(void)
{
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	int nload = ncpus < MAX_LOAD ? ncpus : MAX_LOAD, per_cpu, cycles = 0;
	pthread_t pp[2], load[MAX_LOAD];
	time_t start = time(NULL), budget = BUDGET_SEC;
	int rounds = 0;
	unsigned long total = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (ncpus < 2)
		wb_skip("one CPU: nothing to take offline");
	if (!hotpluggable(1))
		wb_skip("cpu1 cannot be taken offline (no cpu1/online)");

	/*
	 * wb_hotplug_cycles=N on the kernel command line (tests/plan's
	 * EXTRA column) asks for N cycles a secondary CPU, unbounded.
	 */
	if (getenv("wb_hotplug_cycles")) {
		per_cpu = atoi(getenv("wb_hotplug_cycles"));
		wb_check(per_cpu > 0, "wb_hotplug_cycles=%s", getenv("wb_hotplug_cycles"));
		budget = 0;
	} else {
		per_cpu = CYCLES;
		if (per_cpu * (ncpus - 1) > MAX_CYCLES)
			per_cpu = MAX_CYCLES / (ncpus - 1);
	}

	for (long i = 0; i < 2; i++)
		wb_eq(pthread_create(&pp[i], NULL, pingpong, (void *)i), 0);
	for (int i = 0; i < nload; i++)
		wb_eq(pthread_create(&load[i], NULL, adder, NULL), 0);

	for (int round = 0; round < per_cpu; round++, rounds++) {
		if (round && budget && time(NULL) - start > budget)
			break;
		for (int cpu = 1; cpu < ncpus; cpu++) {
			pthread_t t;
			void *ret;

			if (!hotpluggable(cpu))
				wb_fail("cpu%d has no online file", cpu);
			wb_check(wb_set_cpu_online(cpu, 0) == 0, "cpu%d offline", cpu);
			wb_eq(sysconf(_SC_NPROCESSORS_ONLN), ncpus - 1);
			wb_check(wb_set_cpu_online(cpu, 1) == 0, "cpu%d online", cpu);
			wb_eq(sysconf(_SC_NPROCESSORS_ONLN), ncpus);
			wb_eq(pthread_create(&t, NULL, pinned_check,
					     (void *)(long)cpu), 0);
			wb_eq(pthread_join(t, &ret), 0);
			if (ret)
				wb_fail("a thread pinned to cpu%d did not run there", cpu);
			cycles++;
		}
	}

	atomic_store(&stop, 1);
	for (int i = 0; i < 2; i++)
		wb_eq(pthread_join(pp[i], NULL), 0);
	for (int i = 0; i < nload; i++) {
		void *n;

		wb_eq(pthread_join(load[i], &n), 0);
		total += (unsigned long)n;
	}
	wb_eq(atomic_load(&adds), total);
	wb_pass("%d offline/online cycles (%d per secondary CPU) under load: all CPUs back, totals exact",
		cycles, rounds);
	return 0;
}
