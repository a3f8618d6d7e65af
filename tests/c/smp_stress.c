// SPDX-License-Identifier: GPL-2.0-only
/*
 * SMP stress: every CPU of the machine online and used at once.
 *
 *  - CPU counts agree: the device tree's /cpus nodes and the possible
 *    CPUs; sysconf()'s online count, /proc/cpuinfo's "processor" lines,
 *    sched_getaffinity() and /sys/devices/system/cpu/online;
 *  - one thread pinned to each CPU (sched_setaffinity, checked with
 *    sched_getcpu): atomic adds and compare-exchange loops on one shared
 *    cache line, with exact totals;
 *  - a futex token ring: the token goes around the pinned threads with
 *    FUTEX_WAIT/FUTEX_WAKE, so every hop is a cross-CPU wake-up, which
 *    /proc/interrupts must count as IPIs on every CPU;
 *  - TLB shootdown: the threads on the other CPUs keep reading and
 *    writing a page while one CPU unmaps it or changes its protection;
 *    once munmap()/mprotect() has returned, an access on any CPU must
 *    fault, never go through a stale TLB entry;
 *  - migration: a thread moved to each CPU in turn keeps its FP/SIMD
 *    registers and its TLS;
 *  - fork storm: every pinned thread forks children that write their
 *    copy-on-write pages, which keeps the ASID allocator busy on every
 *    CPU at once.
 *
 * wb-timeout: 180
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

#define MAX_CPUS	64

static int ncpus;
static long page_size;

static long futex(atomic_uint *uaddr, int op, unsigned int val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

static void pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	wb_check(sched_setaffinity(0, sizeof(set), &set) == 0, "pin to CPU%d", cpu);
	/* The move happens at the next scheduling point at the latest. */
	sched_yield();
	wb_eq(sched_getcpu(), cpu);
}

static int run_threads(void *(*fn)(void *), int n)
{
	pthread_t t[MAX_CPUS];
	int fails = 0;

	for (long i = 0; i < n; i++)
		wb_eq(pthread_create(&t[i], NULL, fn, (void *)i), 0);
	for (int i = 0; i < n; i++) {
		void *ret;

		wb_eq(pthread_join(t[i], &ret), 0);
		fails += ret != NULL;
	}
	return fails;
}

/* ---- CPU counts ---- */

static int count_dt_cpus(void)
{
	DIR *d = opendir("/sys/firmware/devicetree/base/cpus");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, "cpu@", 4))
			n++;
	closedir(d);
	return n;
}

static int count_cpuinfo(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	int n = 0;

	wb_check(f, "open /proc/cpuinfo");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "processor", 9))
			n++;
	fclose(f);
	return n;
}

/* The CPUs in a sysfs list such as "0-3,5". */
static int count_cpu_list(const char *path)
{
	char buf[256], *p = buf;
	int n = 0;
	FILE *f = fopen(path, "r");

	wb_check(f && fgets(buf, sizeof(buf), f), "read %s", path);
	fclose(f);
	while (*p && *p != '\n') {
		long lo = strtol(p, &p, 10), hi = lo;

		if (*p == '-')
			hi = strtol(p + 1, &p, 10);
		n += hi - lo + 1;
		if (*p == ',')
			p++;
	}
	return n;
}

/*
 * The device tree may describe CPUs that never came up (the spin-table
 * row's DT has one QEMU does not have): they are possible, not online.
 * That every CPU QEMU has is online is checked by the harness, which
 * knows how many it gave the machine.
 */
static void test_counts(void)
{
	int dt = count_dt_cpus();
	int possible = count_cpu_list("/sys/devices/system/cpu/possible");
	cpu_set_t set;
	char online[64] = "", want[64];
	FILE *f;

	ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	wb_check(ncpus >= 1 && ncpus <= MAX_CPUS, "%d CPUs online", ncpus);
	if (dt > 0)
		wb_eq(possible, dt);
	wb_check(sysconf(_SC_NPROCESSORS_CONF) >= ncpus &&
		 sysconf(_SC_NPROCESSORS_CONF) <= possible,
		 "%ld CPUs configured, %d online, %d possible",
		 sysconf(_SC_NPROCESSORS_CONF), ncpus, possible);
	wb_eq(count_cpuinfo(), ncpus);
	wb_check(sched_getaffinity(0, sizeof(set), &set) == 0, "getaffinity");
	wb_eq(CPU_COUNT(&set), ncpus);

	f = fopen("/sys/devices/system/cpu/online", "r");
	wb_check(f, "open cpu/online");
	wb_check(fgets(online, sizeof(online), f), "read cpu/online");
	fclose(f);
	online[strcspn(online, "\n")] = 0;
	if (ncpus == 1)
		snprintf(want, sizeof(want), "0");
	else
		snprintf(want, sizeof(want), "0-%d", ncpus - 1);
	if (strcmp(online, want))
		wb_fail("cpu/online is \"%s\", expected \"%s\"", online, want);
	wb_pass("%d CPUs online of %d in the device tree: sysconf, /proc/cpuinfo, affinity and cpu/online agree",
		ncpus, dt);
}

/* ---- atomics on one shared line, from a thread on each CPU ---- */

#define ATOMIC_ITERS	20000

static struct {
	atomic_ulong add;
	atomic_uint cas;
	atomic_ushort half;
} __attribute__((aligned(64))) shared;

static void *atomics_thread(void *arg)
{
	int cpu = (long)arg;

	pin_to(cpu);
	for (int i = 0; i < ATOMIC_ITERS; i++) {
		unsigned int old = atomic_load_explicit(&shared.cas,
							memory_order_relaxed);

		atomic_fetch_add(&shared.add, 3);
		atomic_fetch_add(&shared.half, 1);
		while (!atomic_compare_exchange_weak(&shared.cas, &old, old + 1))
			;
	}
	return NULL;
}

static void test_atomics(void)
{
	wb_eq(run_threads(atomics_thread, ncpus), 0);
	wb_eq(atomic_load(&shared.add), 3UL * ATOMIC_ITERS * ncpus);
	wb_eq(atomic_load(&shared.cas), (unsigned int)ATOMIC_ITERS * ncpus);
	wb_eq(atomic_load(&shared.half),
	      (unsigned short)(ATOMIC_ITERS * ncpus));
	wb_pass("%d pinned threads x %d: fetch_add, 16-bit add, CAS totals exact",
		ncpus, ATOMIC_ITERS);
}

/* ---- futex token ring ---- */

#define RING_LAPS	300

static atomic_uint token;

static void *ring_thread(void *arg)
{
	int me = (long)arg;
	int n = ncpus < 2 ? 2 : ncpus;

	pin_to(me % ncpus);
	for (int lap = 0; lap < RING_LAPS; lap++) {
		unsigned int t;

		while ((t = atomic_load(&token)) % n != (unsigned int)me)
			futex(&token, FUTEX_WAIT_PRIVATE, t);
		atomic_fetch_add(&token, 1);
		futex(&token, FUTEX_WAKE_PRIVATE, INT32_MAX);
	}
	return NULL;
}

/*
 * Add each CPU's count of the IPI rows of /proc/interrupts named
 * @name ("IPI3:  12  7  CPU stop interrupts") to @sum; the row must be
 * there.
 */
static void ipi_counts(const char *name, unsigned long *sum)
{
	char line[1024];
	int found = 0;
	FILE *f = fopen("/proc/interrupts", "r");

	wb_check(f, "open /proc/interrupts");
	while (fgets(line, sizeof(line), f)) {
		char *p = line, *end;

		while (*p == ' ')
			p++;
		if (strncmp(p, "IPI", 3) || !strstr(line, name))
			continue;
		p = strchr(p, ':') + 1;
		for (int cpu = 0; cpu < ncpus; cpu++) {
			sum[cpu] += strtoul(p, &end, 10);
			wb_check(end != p, "/proc/interrupts: %s: no count for CPU%d", name, cpu);
			p = end;
		}
		found = 1;
	}
	fclose(f);
	wb_check(found, "/proc/interrupts has no IPI row '%s'", name);
}

/* The wake-ups of the ring: reschedule or call-function IPIs. */
static void wakeup_ipis(unsigned long *sum)
{
	memset(sum, 0, MAX_CPUS * sizeof(*sum));
	ipi_counts("Rescheduling interrupts", sum);
	ipi_counts("Function call interrupts", sum);
}

static void test_futex_ring(void)
{
	int n = ncpus < 2 ? 2 : ncpus;
	unsigned long before[MAX_CPUS], after[MAX_CPUS];

	wakeup_ipis(before);
	wb_eq(run_threads(ring_thread, n), 0);
	wb_eq(atomic_load(&token), (unsigned int)(RING_LAPS * n));
	wakeup_ipis(after);
	/*
	 * Each hop wakes a thread sleeping on another CPU, whose idle loop
	 * waits in WFI: only an IPI wakes it, so every CPU took some.
	 */
	for (int cpu = 0; ncpus > 1 && cpu < ncpus; cpu++)
		wb_check(after[cpu] > before[cpu],
			 "CPU%d took no reschedule or call-function IPI in %d laps",
			 cpu, RING_LAPS);
	wb_pass("futex token ring: %d laps over %d threads on %d CPUs, woken by IPIs",
		RING_LAPS, n, ncpus);
}

/* ---- TLB shootdown: accesses after munmap/mprotect must fault ---- */

#define SHOOT_ROUNDS	150

enum { OP_MUNMAP, OP_PROT_NONE, OP_PROT_READ, NR_OPS };
static const char *const op_names[] = { "munmap", "PROT_NONE", "PROT_READ" };

static _Atomic(volatile unsigned long *) cur_page;
static atomic_uint go, ready, done;
static atomic_uint stale[NR_OPS];
static __thread sigjmp_buf fault_jmp;
static __thread volatile int fault_armed;

static void segv_handler(int sig, siginfo_t *si, void *uc)
{
	if (!fault_armed)
		abort();
	fault_armed = 0;
	siglongjmp(fault_jmp, 1);
}

/* Read (or write) *p; returns 1 if it faulted. */
static int try_access(volatile unsigned long *p, int write,
		      unsigned long *val)
{
	if (sigsetjmp(fault_jmp, 1))
		return 1;
	fault_armed = 1;
	if (write)
		*p = *val;
	else
		*val = *p;
	fault_armed = 0;
	return 0;
}

static void *shoot_thread(void *arg)
{
	int me = (long)arg;

	pin_to(me % ncpus);
	for (unsigned int k = 0; k < SHOOT_ROUNDS; k++) {
		volatile unsigned long *p;
		unsigned long v = 0;
		int seen = 0, faulted = 0, op = k % NR_OPS;

		while (atomic_load(&go) != 2 * k + 1)
			sched_yield();
		p = atomic_load(&cur_page);
		/*
		 * Keep the translation hot in this CPU's TLB (read and,
		 * so the entry is writable, write) until the other CPU has
		 * changed the mapping.  Faults in that window are fine.
		 */
		while (atomic_load(&go) == 2 * k + 1) {
			unsigned long w = me;

			if (faulted) {
				sched_yield();
				continue;
			}
			if (try_access(p, 0, &v) ||
			    try_access(p + 1 + me, 1, &w)) {
				faulted = 1;
				continue;
			}
			if (!seen && v == k) {
				seen = 1;
				atomic_fetch_add(&ready, 1);
			}
		}
		if (!seen)
			atomic_fetch_add(&ready, 1);	/* cannot happen, but never hang */

		/* Changed and returned: the next access must fault. */
		v = me;
		if (!try_access(op == OP_PROT_READ ? p + 1 + me : p,
				op == OP_PROT_READ, &v))
			atomic_fetch_add(&stale[op], 1);
		atomic_fetch_add(&done, 1);
	}
	return NULL;
}

static void *shoot_main(void *arg)
{
	int nworkers = (long)arg;

	pin_to(0);
	for (unsigned int k = 0; k < SHOOT_ROUNDS; k++) {
		volatile unsigned long *p;
		int op = k % NR_OPS;

		p = mmap(NULL, page_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		wb_check(p != MAP_FAILED, "mmap");
		p[0] = k;
		atomic_store(&cur_page, p);
		atomic_store(&go, 2 * k + 1);
		while (atomic_load(&ready) < (k + 1) * nworkers)
			sched_yield();
		if (op == OP_MUNMAP)
			wb_check(munmap((void *)p, page_size) == 0, "munmap");
		else
			wb_check(mprotect((void *)p, page_size,
					  op == OP_PROT_NONE ? PROT_NONE : PROT_READ) == 0,
				 "mprotect");
		atomic_store(&go, 2 * k + 2);
		while (atomic_load(&done) < (k + 1) * nworkers)
			sched_yield();
		if (op != OP_MUNMAP)
			wb_check(munmap((void *)p, page_size) == 0, "munmap");
	}
	return NULL;
}

static void test_shootdown(void)
{
	struct sigaction sa = { .sa_sigaction = segv_handler,
				.sa_flags = SA_SIGINFO | SA_NODEFER };
	int nworkers = ncpus > 1 ? ncpus - 1 : 1;
	pthread_t t[MAX_CPUS], m;

	wb_check(sigaction(SIGSEGV, &sa, NULL) == 0, "sigaction");
	/* Workers on CPUs 1..n-1 (on CPU0 too with one CPU). */
	for (long i = 0; i < nworkers; i++)
		wb_eq(pthread_create(&t[i], NULL, shoot_thread,
				     (void *)(ncpus > 1 ? i + 1 : 0)), 0);
	wb_eq(pthread_create(&m, NULL, shoot_main, (void *)(long)nworkers), 0);
	wb_eq(pthread_join(m, NULL), 0);
	for (int i = 0; i < nworkers; i++)
		wb_eq(pthread_join(t[i], NULL), 0);
	signal(SIGSEGV, SIG_DFL);

	for (int op = 0; op < NR_OPS; op++)
		if (atomic_load(&stale[op]))
			wb_fail("%u accesses went through after %s returned",
				atomic_load(&stale[op]), op_names[op]);
	wb_pass("%d rounds of munmap/PROT_NONE/PROT_READ on CPU0 with %d CPUs accessing: every later access faulted",
		SHOOT_ROUNDS, nworkers);
}

/* ---- migration keeps FP/SIMD and TLS ---- */

#define MIGRATIONS	400

static __thread unsigned long tls_word;

static void *migrate_thread(void *arg)
{
	unsigned long id = (unsigned long)arg + 0x5eed;
	double acc = 1.0;

	tls_word = id;
	for (int i = 0; i < MIGRATIONS; i++) {
		register double d asm("d8") = acc * 1.5;

		pin_to(i % ncpus);
		asm volatile("" : "+w" (d));
		if (d != acc * 1.5)
			wb_fail("d8 changed across a migration");
		acc = d / 1.5 + 1.0;
		if (tls_word != id)
			wb_fail("TLS word changed across a migration");
	}
	if (acc != 1.0 + MIGRATIONS)
		wb_fail("FP accumulator %f", acc);
	return NULL;
}

static void test_migration(void)
{
	wb_eq(run_threads(migrate_thread, 2), 0);
	wb_pass("2 threads x %d migrations over %d CPUs: FP registers and TLS kept",
		MIGRATIONS, ncpus);
}

/* ---- fork storm on every CPU ---- */

#define FORKS_PER_CPU	30

static void *fork_thread(void *arg)
{
	int cpu = (long)arg;
	volatile unsigned long *buf;

	pin_to(cpu);
	buf = mmap(NULL, 4 * page_size, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED)
		return (void *)1;
	for (int i = 0; i < 4; i++)
		buf[i * page_size / sizeof(long)] = cpu;

	for (int i = 0; i < FORKS_PER_CPU; i++) {
		int status;
		pid_t pid = fork();

		if (pid == 0) {
			for (int j = 0; j < 4; j++) {
				volatile unsigned long *w =
					&buf[j * page_size / sizeof(long)];

				if (*w != (unsigned long)cpu)
					_exit(2);
				*w = 1000 + i;
			}
			_exit(0);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			return (void *)1;
		/* The child's writes went to its own copies. */
		for (int j = 0; j < 4; j++)
			if (buf[j * page_size / sizeof(long)] != (unsigned long)cpu)
				return (void *)1;
	}
	munmap((void *)buf, 4 * page_size);
	return NULL;
}

static void test_fork_storm(void)
{
	wb_eq(run_threads(fork_thread, ncpus), 0);
	wb_pass("%d forks on each of %d CPUs: copy-on-write pages private",
		FORKS_PER_CPU, ncpus);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	page_size = sysconf(_SC_PAGESIZE);

	test_counts();
	test_atomics();
	test_futex_ring();
	test_shootdown();
	test_migration();
	test_fork_storm();
	return 0;
}
