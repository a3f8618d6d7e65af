// SPDX-License-Identifier: GPL-2.0-only
/*
 * Micro-benchmarks of the kernel paths user space leans on most: system
 * call entry and exit, the vDSO, signal delivery, pipes, the scheduler,
 * fork, exec, threads, page faults (anonymous, copy-on-write and fatal
 * ones turned into SIGSEGV), short-lived mappings, the TLB maintenance of
 * mprotect() and munmap(), and the copies to and from user space.
 *
 *   micro NAME     run one benchmark (bench/run calls each in turn)
 *   micro list     print the names
 *
 * With BENCH_PROFILE set in the environment, NAME's operation runs in an
 * endless loop for scripts/profile.py instead (bench_profile_mark()).
 *
 * Every figure is one line on stdout, "bench: NAME VALUE ns", VALUE being
 * the cost of one operation.  A benchmark that cannot run prints a
 * "# bench: NAME: why" line instead and exits non-zero; the host side
 * (scripts/bench.py) shows the figure as missing.
 *
 * The benchmarks run under QEMU's -icount shift=0, where the guest clock
 * advances one nanosecond per instruction executed (by any CPU), so a
 * "nanosecond" here is an instruction and a figure repeats exactly from
 * boot to boot of the same kernel (given the QEMU options beyond -icount
 * that scripts/bench.py explains).  Each benchmark runs in its own
 * process, so that none inherits another's memory map or page cache state.
 *
 * Method.  Each benchmark performs a fixed number of operations per timed
 * repetition (never "as many as fit in a second": that would not repeat),
 * runs once untimed to warm up (caches of the allocators, the page cache,
 * first-touch faults of our own stack and data), then REPS timed
 * repetitions, and reports their median divided by the operation count.
 *
 * Why the median: there is no host noise to average out under icount;
 * what varies between repetitions is what the guest itself adds to a
 * window -- a timer tick (every 4 ms, i.e. 4M instructions at HZ=250), an
 * RCU callback, a kworker on the other CPU, a per-CPU page list being
 * refilled.  Repetitions are kept short (0.2-1.2M instructions), so that
 * fewer than a third of them hold a tick and the median is a tick-free
 * window, whichever windows the ticks happen to fall in; the cheap
 * batched work (list refills) stays in, as it belongs to the operation.
 * The minimum would also leave the ticks out, but it is the one luckiest
 * window: over five boots in differing guest states (nondeterministic
 * QEMU options and seeds, on purpose), the minimum of signal_segv moved
 * by 1.1% and those of fork_exit_wait and thread_create_join by 0.5%;
 * the median of fork_exec by 0.4%, of every other figure by 0.16% at
 * most.  With the same kernel and inputs, neither moves at all.
 *
 * Everything but pipe_pingpong_xcpu, futex_xcpu and tlb_shootdown runs
 * on CPU 0, parent, children and threads alike: on one CPU a blocked task
 * always leaves another runnable, so the figures measure the kernel paths
 * and not how long an idle CPU takes to notice an IPI.  The two _xcpu
 * figures measure exactly that; tlb_shootdown has a thread on CPU 1 write
 * to the range it unmaps, and times the munmap() alone.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef uint64_t u64;

/* Timed repetitions per figure, after one untimed warm-up run (odd). */
#define REPS		101

/* The programs fork_exec and fork_exec_dynamic execute: bench/true_*.c. */
#define TRUE_PATH	"/bench/true_static"
#define TRUE_DYNAMIC_PATH	"/bench/true_dynamic"

static const char *bench_name = "micro";

#define fail(fmt, ...) do {						\
	printf("# bench: %s: " fmt "\n", bench_name, ##__VA_ARGS__);	\
	fflush(stdout);							\
	exit(1);							\
} while (0)

#define check(cond) do {						\
	if (!(cond))							\
		fail("%s failed (errno %d: %s)", #cond, errno,		\
		     strerror(errno));					\
} while (0)

/* CLOCK_MONOTONIC in ns, through glibc (and so the vDSO when there is one). */
static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void report(const char *name, u64 value)
{
	printf("bench: %s %llu ns\n", name, (unsigned long long)value);
	fflush(stdout);
}

/*
 * Run @fn, which performs @ops operations and returns the ns they took,
 * once untimed and REPS times timed; report the median per operation,
 * rounded to the nearest ns.  BENCH_VERBOSE=1 in the environment also
 * prints every repetition's time, as a comment line.
 */
static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * scripts/profile.py stops here, once before each operation, when
 * BENCH_PROFILE is set: the instructions from one call to the next are
 * one operation's (and the loop's, and fn's own two clock reads).
 */
void __attribute__((noinline)) bench_profile_mark(void)
{
	asm volatile("" : : : "memory");
}

static void measure(const char *name, u64 (*fn)(long ops), long ops)
{
	bool verbose = getenv("BENCH_VERBOSE");
	u64 t[REPS], warm;
	int i;

	warm = fn(ops);
	if (getenv("BENCH_PROFILE")) {
		for (;;) {
			bench_profile_mark();
			fn(1);
		}
	}
	for (i = 0; i < REPS; i++)
		t[i] = fn(ops);
	if (verbose) {
		printf("# %s: %ld ops, warm-up %llu ns, then", name, ops,
		       (unsigned long long)warm);
		for (i = 0; i < REPS; i++)
			printf(" %llu", (unsigned long long)t[i]);
		printf("\n");
	}
	qsort(t, REPS, sizeof(t[0]), cmp_u64);
	report(name, (t[REPS / 2] + ops / 2) / ops);
}

/* Bind the calling thread (and what it later creates) to one CPU. */
static void pin_self(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	check(sched_setaffinity(0, sizeof(set), &set) == 0);
}

/* A thread running @fn, bound to CPU 1 (the figure fails without one). */
static pthread_t start_on_cpu1(void *(*fn)(void *))
{
	cpu_set_t set;
	pthread_t t;
	int err;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		fail("needs CPU 1");
	err = pthread_create(&t, NULL, fn, NULL);
	if (err)
		fail("pthread_create: %s", strerror(err));
	CPU_ZERO(&set);
	CPU_SET(1, &set);
	err = pthread_setaffinity_np(t, sizeof(set), &set);
	if (err)
		fail("pthread_setaffinity_np: %s", strerror(err));
	return t;
}

/*
 * System calls straight through svc, without glibc's wrapper and its
 * errno handling, so that the figure is the kernel's round trip plus a
 * few instructions of loop.
 */
static inline long raw_syscall0(long nr)
{
	register long x8 asm("x8") = nr;
	register long x0 asm("x0");

	asm volatile("svc #0" : "=r" (x0) : "r" (x8) : "memory");
	return x0;
}

static inline long raw_syscall2(long nr, long a0, long a1)
{
	register long x8 asm("x8") = nr;
	register long x0 asm("x0") = a0;
	register long x1 asm("x1") = a1;

	asm volatile("svc #0" : "+r" (x0) : "r" (x8), "r" (x1) : "memory");
	return x0;
}

/* ---- boot ------------------------------------------------------------ */

/* Taken first thing in main(). */
static u64 start_ns;

/*
 * boot_to_init: CLOCK_MONOTONIC when this program starts as the first
 * command of /bench/run, i.e. the instructions executed since the
 * kernel's clock started: the kernel's boot, then the runner's set-up
 * (tests/guest/init mounts and busybox --install) and the exec of this
 * program.
 *
 * boot_kernel: the kernel's part alone, the printk time of "Run /init as
 * init process" read back from /dev/kmsg (1 us resolution, so a multiple
 * of 1000 ns).  Left out when the message cannot be found.
 */
static void bench_boot(void)
{
	char rec[2048];
	ssize_t n;
	int fd;

	report("boot_to_init", start_ns);

	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		fail("no /dev/kmsg (errno %d): boot_kernel left out", errno);
	for (;;) {
		unsigned long long usec;

		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)	/* overwritten: go on */
			continue;
		if (n <= 0)
			break;
		rec[n] = '\0';
		/* "PRIO,SEQ,USEC,FLAGS;Run /init as init process" */
		if (!strstr(rec, ";Run ") || !strstr(rec, " as init process"))
			continue;
		if (sscanf(rec, "%*u,%*u,%llu", &usec) != 1)
			break;
		report("boot_kernel", usec * 1000);
		close(fd);
		return;
	}
	fail("no 'Run ... as init process' in /dev/kmsg: boot_kernel left out");
}

/* ---- system calls and the vDSO --------------------------------------- */

static u64 run_syscall_null(long ops)
{
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		raw_syscall0(__NR_getppid);
	return now_ns() - t0;
}

static void bench_syscall_null(void)
{
	pin_self(0);
	measure("syscall_null", run_syscall_null, 2000);
}

/*
 * Look a function up in the vDSO by hand, as tools/testing/selftests/vDSO
 * does, rather than trust glibc to use it: a kernel without a vDSO would
 * otherwise pass silently for one with a slow vDSO.  The arm64 vDSO has
 * a SysV hash table, whose nchain is the number of symbols.
 */
static void *vdso_lookup(const char *name)
{
	const Elf64_Ehdr *eh = (const void *)getauxval(AT_SYSINFO_EHDR);
	const Elf64_Phdr *ph;
	const Elf64_Dyn *dyn = NULL;
	const Elf64_Sym *symtab = NULL;
	const Elf32_Word *hash = NULL;
	const char *strtab = NULL;
	uintptr_t load = 0;
	bool loaded = false;
	Elf32_Word i;

	if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG))
		return NULL;
	ph = (const void *)((const char *)eh + eh->e_phoff);
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_LOAD && !loaded) {
			load = (uintptr_t)eh + ph[i].p_offset - ph[i].p_vaddr;
			loaded = true;
		} else if (ph[i].p_type == PT_DYNAMIC) {
			dyn = (const void *)((const char *)eh + ph[i].p_offset);
		}
	}
	if (!loaded || !dyn)
		return NULL;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		if (dyn->d_tag == DT_SYMTAB)
			symtab = (const void *)(load + dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_STRTAB)
			strtab = (const void *)(load + dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_HASH)
			hash = (const void *)(load + dyn->d_un.d_ptr);
	}
	if (!symtab || !strtab || !hash)
		return NULL;
	for (i = 0; i < hash[1]; i++) {
		const Elf64_Sym *s = &symtab[i];

		if (ELF64_ST_TYPE(s->st_info) == STT_FUNC &&
		    s->st_shndx != SHN_UNDEF &&
		    !strcmp(strtab + s->st_name, name))
			return (void *)(load + s->st_value);
	}
	return NULL;
}

static int (*vdso_clock_gettime)(clockid_t, struct timespec *);

static u64 run_clock_gettime_vdso(long ops)
{
	struct timespec ts;
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		vdso_clock_gettime(CLOCK_MONOTONIC, &ts);
	return now_ns() - t0;
}

static void bench_clock_gettime_vdso(void)
{
	struct timespec ts;

	pin_self(0);
	vdso_clock_gettime = vdso_lookup("__kernel_clock_gettime");
	if (!vdso_clock_gettime)
		fail("no __kernel_clock_gettime in a vDSO");
	check(vdso_clock_gettime(CLOCK_MONOTONIC, &ts) == 0);
	measure("clock_gettime_vdso", run_clock_gettime_vdso, 5000);
}

/*
 * getrandom() through the vDSO (lib/vdso/getrandom.c), called by hand as
 * for clock_gettime: Debian 12's glibc does not use it.  The caller
 * provides the state, in memory mapped as the vDSO asks (a call with a
 * null buffer and opaque_len ~0 says how).  A call the vDSO cannot serve
 * itself (RNG not yet seeded, bad state) falls back to the system call
 * and leaves the state untouched: the figure fails then rather than
 * measure the system call.
 */
struct vgetrandom_params {
	unsigned int size_of_opaque_state, mmap_prot, mmap_flags;
	unsigned int reserved[13];
};
static ssize_t (*vdso_getrandom)(void *buf, size_t len, unsigned int flags,
				 void *state, size_t state_len);
static void *vgetrandom_state;
static size_t vgetrandom_state_len;

static u64 run_getrandom_vdso(long ops)
{
	unsigned char buf[16];
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		vdso_getrandom(buf, sizeof(buf), 0, vgetrandom_state,
			       vgetrandom_state_len);
	return now_ns() - t0;
}

static void bench_getrandom_vdso(void)
{
	struct vgetrandom_params p;
	unsigned char buf[16], *st;
	size_t i;

	pin_self(0);
	vdso_getrandom = vdso_lookup("__kernel_getrandom");
	if (!vdso_getrandom)
		fail("no __kernel_getrandom in a vDSO");
	check(vdso_getrandom(NULL, 0, 0, &p, ~0UL) == 0);
	st = mmap(NULL, 4096, p.mmap_prot, p.mmap_flags, -1, 0);
	check(st != MAP_FAILED);
	vgetrandom_state = st;
	vgetrandom_state_len = p.size_of_opaque_state;
	check(vdso_getrandom(buf, sizeof(buf), 0, st, p.size_of_opaque_state) ==
	      sizeof(buf));
	for (i = 0; i < p.size_of_opaque_state && !st[i]; i++)
		;
	if (i == p.size_of_opaque_state)
		fail("__kernel_getrandom left its state untouched: it fell back to the system call");
	measure("getrandom_vdso", run_getrandom_vdso, 2000);
}

static u64 run_clock_gettime_syscall(long ops)
{
	struct timespec ts;
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		raw_syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, (long)&ts);
	return now_ns() - t0;
}

static void bench_clock_gettime_syscall(void)
{
	pin_self(0);
	measure("clock_gettime_syscall", run_clock_gettime_syscall, 2000);
}

/* ---- signals ----------------------------------------------------------- */

static volatile sig_atomic_t signals_seen;

static void on_sigusr1(int sig)
{
	signals_seen++;
}

/*
 * kill(getpid(), SIGUSR1) with a handler installed: the kill system
 * call, delivery on its way out (the signal frame), the handler, and
 * rt_sigreturn through the return trampoline.
 */
static u64 run_signal(long ops)
{
	pid_t self = getpid();
	int seen = signals_seen;
	u64 t0 = now_ns(), t;
	long i;

	for (i = 0; i < ops; i++)
		raw_syscall2(__NR_kill, self, SIGUSR1);
	t = now_ns() - t0;
	if (signals_seen - seen != ops)
		fail("%ld signals sent, %d handled", ops, signals_seen - seen);
	return t;
}

static void bench_signal(void)
{
	struct sigaction sa = { .sa_handler = on_sigusr1 };

	pin_self(0);
	sigemptyset(&sa.sa_mask);
	check(sigaction(SIGUSR1, &sa, NULL) == 0);
	measure("signal_self", run_signal, 300);
}

/* ---- pipes ------------------------------------------------------------- */

static int ping[2], pong[2];

/* One round trip: a byte to the child and the byte back. */
static u64 run_pipe(long ops)
{
	u64 t0 = now_ns();
	char c = 0;
	long i;

	for (i = 0; i < ops; i++) {
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			fail("pipe round trip %ld failed (errno %d)", i, errno);
	}
	return now_ns() - t0;
}

/*
 * Two processes bouncing a byte through two pipes, the child on
 * @child_cpu: a figure is one round trip, two pipe writes, two reads and
 * two wake-ups.  On one CPU that is two context switches between address
 * spaces; across CPUs two IPIs and two idle exits instead.
 */
static void bench_pipe(const char *name, int child_cpu, long ops)
{
	pid_t pid;
	int status;
	char c;

	if (child_cpu && sysconf(_SC_NPROCESSORS_ONLN) <= child_cpu)
		fail("needs CPU %d", child_cpu);
	pin_self(0);
	check(pipe(ping) == 0 && pipe(pong) == 0);
	fflush(stdout);
	pid = fork();
	check(pid >= 0);
	if (pid == 0) {
		pin_self(child_cpu);
		close(ping[1]);
		close(pong[0]);
		while (read(ping[0], &c, 1) == 1)
			if (write(pong[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);
	measure(name, run_pipe, ops);
	close(ping[1]);		/* the child reads EOF and exits */
	check(waitpid(pid, &status, 0) == pid);
	if (status != 0)
		fail("echo child: status %#x", status);
	close(pong[0]);
}

static void bench_pipe_pingpong(void)
{
	bench_pipe("pipe_pingpong", 0, 100);
}

static void bench_pipe_pingpong_xcpu(void)
{
	bench_pipe("pipe_pingpong_xcpu", 1, 100);
}

/* ---- context switch ---------------------------------------------------- */

/* Whose turn it is: 0 the main thread's, 1 the partner's. */
static int turn;
static volatile bool partner_stop;

static long futex(int *uaddr, int op, int val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

static void wait_turn(int val)
{
	int cur;

	while ((cur = __atomic_load_n(&turn, __ATOMIC_ACQUIRE)) != val)
		futex(&turn, FUTEX_WAIT_PRIVATE, cur);
}

static void give_turn(int val)
{
	__atomic_store_n(&turn, val, __ATOMIC_RELEASE);
	futex(&turn, FUTEX_WAKE_PRIVATE, 1);
}

static void *partner(void *arg)
{
	for (;;) {
		wait_turn(1);
		if (partner_stop)
			return NULL;
		give_turn(0);
	}
}

/* @ops switches: ops / 2 round trips of the turn between the threads. */
static u64 run_ctx_switch(long ops)
{
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops / 2; i++) {
		give_turn(1);
		wait_turn(0);
	}
	return now_ns() - t0;
}

/*
 * Two threads of one process, both on CPU 0, handing a turn to each
 * other through a futex: every hand-over blocks one thread and runs the
 * other, so a figure is one switch (same address space) plus a futex
 * wake and a futex wait, half a round trip.
 */
static void bench_ctx_switch(void)
{
	pthread_t t;
	int err;

	pin_self(0);		/* the partner inherits the mask */
	err = pthread_create(&t, NULL, partner, NULL);
	if (err)
		fail("pthread_create: %s", strerror(err));
	measure("ctx_switch", run_ctx_switch, 400);
	partner_stop = true;
	give_turn(1);
	pthread_join(t, NULL);
}

/*
 * futex_xcpu: the ctx_switch hand-over with the partner on CPU 1: a
 * futex wake of a thread that waits on another CPU, which leaves its
 * idle loop to run (an IPI), and the wait for it to hand the turn back;
 * half a round trip a figure.
 */
static void bench_futex_xcpu(void)
{
	pthread_t t;

	pin_self(0);
	t = start_on_cpu1(partner);
	measure("futex_xcpu", run_ctx_switch, 200);
	partner_stop = true;
	give_turn(1);
	pthread_join(t, NULL);
}

static void *yielder(void *arg)
{
	while (!partner_stop)
		sched_yield();
	return NULL;
}

static u64 run_sched_yield(long ops)
{
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		sched_yield();
	return now_ns() - t0;
}

/*
 * sched_yield: two threads on CPU 0 that only yield, so that each
 * sched_yield() switches to the other, which yields back: a figure is two
 * system calls and two switches within one address space.
 */
static void bench_sched_yield(void)
{
	pthread_t t;
	int err;

	pin_self(0);
	err = pthread_create(&t, NULL, yielder, NULL);
	if (err)
		fail("pthread_create: %s", strerror(err));
	measure("sched_yield", run_sched_yield, 200);
	partner_stop = true;
	pthread_join(t, NULL);
}

/* ---- processes --------------------------------------------------------- */

static void reap(pid_t pid)
{
	int status;

	check(pid > 0);
	check(waitpid(pid, &status, 0) == pid);
	if (status != 0)
		fail("child exited with status %#x", status);
}

/* fork(), the child _exit(0)s at once, waitpid() in the parent. */
static u64 run_fork(long ops)
{
	u64 t0 = now_ns();
	pid_t pid;
	long i;

	for (i = 0; i < ops; i++) {
		pid = fork();
		if (pid == 0)
			_exit(0);
		reap(pid);
	}
	return now_ns() - t0;
}

static void bench_fork(void)
{
	pin_self(0);
	fflush(stdout);
	measure("fork_exit_wait", run_fork, 10);
}

/* fork(), execve() of a static program that exits 0, waitpid(). */
/* What run_fork_exec() executes. */
static const char *exec_path;

static u64 run_fork_exec(long ops)
{
	static char *const envp[] = { NULL };
	char *const argv[] = { (char *)exec_path, NULL };
	u64 t0 = now_ns();
	pid_t pid;
	long i;

	for (i = 0; i < ops; i++) {
		pid = fork();
		if (pid == 0) {
			execve(exec_path, argv, envp);
			_exit(127);
		}
		reap(pid);
	}
	return now_ns() - t0;
}

static void bench_exec(const char *name, const char *path)
{
	pin_self(0);
	if (access(path, X_OK))
		fail("no %s", path);
	exec_path = path;
	fflush(stdout);
	measure(name, run_fork_exec, 4);
}

static void bench_fork_exec(void)
{
	bench_exec("fork_exec", TRUE_PATH);
}

/* The same with the dynamic loader and libc.so.6 of Debian's glibc. */
static void bench_fork_exec_dynamic(void)
{
	bench_exec("fork_exec_dynamic", TRUE_DYNAMIC_PATH);
}

/*
 * Debian's hackbench (rt-tests), one whole run: 2 groups of 4 sender and
 * 4 receiver processes over AF_UNIX socket pairs, 10 rounds of 100-byte
 * messages from each sender to each receiver of its group (320 messages
 * and their wake-ups), and the fork, exec and exit of 17 processes.  Its
 * output (the time it measured) goes to /dev/null.
 */
#define HACKBENCH_PATH	"/bench/hackbench"

static u64 run_hackbench(long ops)
{
	static char *const argv[] = { HACKBENCH_PATH, "-P", "-g", "2", "-f", "4",
				      "-l", "10", "-s", "100", NULL };
	static char *const envp[] = { NULL };
	u64 t0 = now_ns();
	pid_t pid;
	long i;

	for (i = 0; i < ops; i++) {
		pid = fork();
		if (pid == 0) {
			int fd = open("/dev/null", O_WRONLY);

			if (fd < 0 || dup2(fd, 1) < 0)
				_exit(126);
			execve(HACKBENCH_PATH, argv, envp);
			_exit(127);
		}
		reap(pid);
	}
	return now_ns() - t0;
}

static void bench_hackbench(void)
{
	pin_self(0);
	if (access(HACKBENCH_PATH, X_OK))
		fail("no %s", HACKBENCH_PATH);
	fflush(stdout);
	measure("hackbench", run_hackbench, 1);
}

/* ---- memory ------------------------------------------------------------ */

static long page_size;

/*
 * Write one byte to each of @ops fresh pages of a private anonymous
 * mapping: one write fault each, which allocates and zeroes a page (and
 * now and then a page table).  Only the touching is timed, not the mmap
 * and munmap around it.
 */
static u64 run_page_fault(long ops)
{
	size_t len = ops * page_size;
	volatile char *p;
	u64 t0, t;
	long i;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(p != MAP_FAILED);
	/* Base pages only; fails harmlessly on a kernel without THP. */
	madvise((void *)p, len, MADV_NOHUGEPAGE);
	t0 = now_ns();
	for (i = 0; i < ops; i++)
		p[i * page_size] = 1;
	t = now_ns() - t0;
	check(munmap((void *)p, len) == 0);
	return t;
}

static void bench_page_fault(void)
{
	pin_self(0);
	page_size = sysconf(_SC_PAGESIZE);
	measure("page_fault", run_page_fault, 256);
}

/*
 * Copy-on-write: write one byte to each of @ops pages that a child,
 * forked after the pages were populated, still maps; each write faults
 * and copies the page.  The child waits on a pipe and is released after
 * the timing, so fork, exit and munmap stay out of the figure.
 */
static u64 run_cow_fault(long ops)
{
	size_t len = ops * page_size;
	volatile char *p;
	int hold[2], status;
	u64 t0, t;
	pid_t pid;
	long i;
	char c;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(p != MAP_FAILED);
	madvise((void *)p, len, MADV_NOHUGEPAGE);
	for (i = 0; i < ops; i++)
		p[i * page_size] = 1;
	check(pipe(hold) == 0);
	pid = fork();
	check(pid >= 0);
	if (pid == 0) {
		close(hold[1]);
		_exit(read(hold[0], &c, 1) == 0 ? 0 : 1);
	}
	close(hold[0]);
	t0 = now_ns();
	for (i = 0; i < ops; i++)
		p[i * page_size] = 2;
	t = now_ns() - t0;
	close(hold[1]);
	check(waitpid(pid, &status, 0) == pid && status == 0);
	check(munmap((void *)p, len) == 0);
	return t;
}

static void bench_cow_fault(void)
{
	pin_self(0);
	page_size = sysconf(_SC_PAGESIZE);
	fflush(stdout);
	measure("cow_fault", run_cow_fault, 256);
}

/*
 * Lazily freed memory reused: @ops pages are populated, given back with
 * MADV_FREE (which makes each entry clean and old) and written again
 * before reclaim takes them.  The timed writes are where the MMU's own
 * Access flag and dirty state updates (FEAT_HAFDBS) count: with them no
 * write faults; without them each write faults, and the kernel makes the
 * entry young and dirty.
 */
static u64 run_lazyfree_reuse(long ops)
{
	size_t len = ops * page_size;
	volatile char *p;
	u64 t0, t;
	long i;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(p != MAP_FAILED);
	madvise((void *)p, len, MADV_NOHUGEPAGE);
	for (i = 0; i < ops; i++)
		p[i * page_size] = 1;
	check(madvise((void *)p, len, MADV_FREE) == 0);
	t0 = now_ns();
	for (i = 0; i < ops; i++)
		p[i * page_size] = 2;
	t = now_ns() - t0;
	check(munmap((void *)p, len) == 0);
	return t;
}

static void bench_lazyfree_reuse(void)
{
	pin_self(0);
	page_size = sysconf(_SC_PAGESIZE);
	measure("lazyfree_reuse", run_lazyfree_reuse, 256);
}

/*
 * mmap one anonymous page, write to it, munmap it: the VMA's set-up and
 * tear-down, one fault, and on munmap the page's zap and the TLB
 * invalidation -- the arch's TLB maintenance, on the path of every
 * short-lived mapping.
 */
static u64 run_mmap_touch_munmap(long ops)
{
	u64 t0 = now_ns();
	volatile char *p;
	long i;

	for (i = 0; i < ops; i++) {
		p = mmap(NULL, page_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			fail("mmap failed (errno %d)", errno);
		*p = 1;
		munmap((void *)p, page_size);
	}
	return now_ns() - t0;
}

static void bench_mmap_touch_munmap(void)
{
	pin_self(0);
	page_size = sysconf(_SC_PAGESIZE);
	measure("mmap_touch_munmap", run_mmap_touch_munmap, 100);
}

/*
 * The TLB maintenance of a range, on a populated private anonymous
 * mapping of RANGE_PAGES pages (mprotect_flip, tlb_shootdown).
 */
#define RANGE_PAGES	64

static char *range_map(void)
{
	size_t len = RANGE_PAGES * page_size;
	char *p;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(p != MAP_FAILED);
	madvise(p, len, MADV_NOHUGEPAGE);
	return p;
}

static char *flip_range;

/*
 * One operation: the range made read-only, then writable again, by two
 * mprotect() calls, each rewriting 64 PTEs and invalidating their TLB
 * entries.  The pages are exclusive to the process, so making them
 * writable again needs no fault.
 */
static u64 run_mprotect_flip(long ops)
{
	size_t len = RANGE_PAGES * page_size;
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++) {
		if (mprotect(flip_range, len, PROT_READ) ||
		    mprotect(flip_range, len, PROT_READ | PROT_WRITE))
			fail("mprotect %ld failed (errno %d)", i, errno);
	}
	return now_ns() - t0;
}

static void bench_mprotect_flip(void)
{
	pin_self(0);
	page_size = sysconf(_SC_PAGESIZE);
	flip_range = range_map();
	memset(flip_range, 1, RANGE_PAGES * page_size);
	measure("mprotect_flip", run_mprotect_flip, 50);
}

/* The range the toucher thread writes the second half of. */
static char *volatile shoot_range;

static void *toucher(void *arg)
{
	long i;

	for (;;) {
		wait_turn(1);
		if (partner_stop)
			return NULL;
		for (i = RANGE_PAGES / 2; i < RANGE_PAGES; i++)
			shoot_range[i * page_size] = 2;
		give_turn(0);
	}
}

/*
 * One operation: munmap() of the range after this thread (CPU 0) wrote
 * its first half and the toucher thread (CPU 1) its second half, so that
 * both CPUs' TLBs may hold its entries: the PTEs cleared, the range
 * invalidated in every TLB (a broadcast TLBI on Arm, IPIs elsewhere),
 * the pages freed.  Only the munmap() is timed, each one between two
 * clock reads, whose cost (a few dozen instructions) is in the figure.
 */
static u64 run_tlb_shootdown(long ops)
{
	size_t len = RANGE_PAGES * page_size;
	u64 t = 0, t0;
	long i, j;

	for (i = 0; i < ops; i++) {
		shoot_range = range_map();
		for (j = 0; j < RANGE_PAGES / 2; j++)
			shoot_range[j * page_size] = 1;
		give_turn(1);
		wait_turn(0);
		t0 = now_ns();
		if (munmap(shoot_range, len))
			fail("munmap %ld failed (errno %d)", i, errno);
		t += now_ns() - t0;
	}
	return t;
}

static void bench_tlb_shootdown(void)
{
	pthread_t t;

	pin_self(0);
	page_size = sysconf(_SC_PAGESIZE);
	t = start_on_cpu1(toucher);
	measure("tlb_shootdown", run_tlb_shootdown, 20);
	partner_stop = true;
	give_turn(1);
	pthread_join(t, NULL);
}

#define CHURN_BYTES	(1 << 20)

/*
 * One operation: what stress-ng's vm stressor does, in small: map 1 MB
 * of private anonymous memory, write every word of it, read it back and
 * check it, unmap it.  Faults, zeroing, the writes and reads of the
 * memory itself and the munmap's TLB invalidation are all in it.
 */
static u64 run_vm_churn(long ops)
{
	u64 t0 = now_ns();
	u64 *p;
	long i;
	size_t j, n = CHURN_BYTES / sizeof(u64);

	for (i = 0; i < ops; i++) {
		p = mmap(NULL, CHURN_BYTES, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			fail("mmap failed (errno %d)", errno);
		madvise(p, CHURN_BYTES, MADV_NOHUGEPAGE);
		for (j = 0; j < n; j++)
			p[j] = j ^ i;
		for (j = 0; j < n; j++)
			if (p[j] != (j ^ i))
				fail("word %zu of cycle %ld reads back wrong", j, i);
		munmap(p, CHURN_BYTES);
	}
	return now_ns() - t0;
}

static void bench_vm_churn(void)
{
	pin_self(0);
	measure("vm_churn", run_vm_churn, 1);
}

/* ---- copies to and from user space ------------------------------------- */

#define COPY_SIZE	(64 << 10)

/* Page-aligned, and mapped only by the benchmarks that use it. */
static char *copy_buf;
static int copy_fd;

static void copy_buf_alloc(void)
{
	copy_buf = mmap(NULL, COPY_SIZE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(copy_buf != MAP_FAILED);
	memset(copy_buf, 0x5a, COPY_SIZE);	/* fault it in */
}

/* pread() of 64 KiB that are in the page cache: copy_to_user. */
static u64 run_file_read(long ops)
{
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		if (pread(copy_fd, copy_buf, COPY_SIZE, 0) != COPY_SIZE)
			fail("short read (errno %d)", errno);
	return now_ns() - t0;
}

/*
 * Reading 64 KiB of a tmpfs file (the runner mounts one on /tmp) into a
 * page-aligned buffer: sixteen page cache look-ups and the arch's
 * copy_to_user, which dominates.
 */
/*
 * stat() of a path of four components, of 3 to 17 bytes: the path is
 * copied in (strncpy_from_user()) and walked, each component hashed and
 * looked up in the dentry cache, several bytes at a time with
 * DCACHE_WORD_ACCESS.
 */
static const char stat_path[] = "/lib/aarch64-linux-gnu/libc.so.6";

static u64 run_stat_path(long ops)
{
	struct stat st;
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		stat(stat_path, &st);
	return now_ns() - t0;
}

static void bench_stat_path(void)
{
	struct stat st;

	pin_self(0);
	check(stat(stat_path, &st) == 0);
	measure("stat_path", run_stat_path, 500);
}

static void bench_file_read(void)
{
	static const char path[] = "/tmp/bench-file-read";

	pin_self(0);
	copy_buf_alloc();
	copy_fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	check(copy_fd >= 0);
	check(write(copy_fd, copy_buf, COPY_SIZE) == COPY_SIZE);
	unlink(path);
	measure("file_read_64k", run_file_read, 40);
	close(copy_fd);
}

/* read() of 64 KiB from /dev/zero: clear_user. */
static u64 run_zero_read(long ops)
{
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++)
		if (read(copy_fd, copy_buf, COPY_SIZE) != COPY_SIZE)
			fail("short read (errno %d)", errno);
	return now_ns() - t0;
}

/* Reading 64 KiB of /dev/zero: nearly all the arch's clear_user. */
static void bench_zero_read(void)
{
	pin_self(0);
	copy_buf_alloc();
	copy_fd = open("/dev/zero", O_RDONLY);
	check(copy_fd >= 0);
	measure("zero_read_64k", run_zero_read, 30);
	close(copy_fd);
}

static int big_pipe[2];

/*
 * pipe_64k: 64 KB written into a pipe by one write() and read back by
 * one read(), in the same process: the copies from and to user space
 * and the pipe's page handling (64 KB is the default pipe capacity with
 * 4 KB pages).
 */
static u64 run_pipe_64k(long ops)
{
	u64 t0 = now_ns();
	long i;

	for (i = 0; i < ops; i++) {
		if (write(big_pipe[1], copy_buf, COPY_SIZE) != COPY_SIZE ||
		    read(big_pipe[0], copy_buf, COPY_SIZE) != COPY_SIZE)
			fail("pipe 64 KB %ld failed (errno %d)", i, errno);
	}
	return now_ns() - t0;
}

static void bench_pipe_64k(void)
{
	pin_self(0);
	copy_buf_alloc();
	check(pipe(big_pipe) == 0);
	measure("pipe_64k", run_pipe_64k, 8);
}

/* ---- user faults ------------------------------------------------------- */

static volatile char *noaccess;
static volatile int segv_seen;

/* Step over the faulting load: every A64 instruction is 4 bytes long. */
static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	uc->uc_mcontext.pc += 4;
	segv_seen++;
}

/*
 * A load from a PROT_NONE page: the data abort, the kernel's fault
 * handling up to "no access", a SIGSEGV frame, the handler (which skips
 * the load) and rt_sigreturn -- the path of every fault-driven user
 * space trick (garbage collectors' barriers, guard pages).
 */
static u64 run_signal_segv(long ops)
{
	int seen = segv_seen;
	u64 t0 = now_ns(), t;
	long i;

	for (i = 0; i < ops; i++)
		asm volatile("ldrb wzr, [%0]" : : "r" (noaccess) : "memory");
	t = now_ns() - t0;
	if (segv_seen - seen != ops)
		fail("%ld faults, %d handled", ops, segv_seen - seen);
	return t;
}

static void bench_signal_segv(void)
{
	struct sigaction sa = { .sa_sigaction = on_segv,
				.sa_flags = SA_SIGINFO };

	pin_self(0);
	sigemptyset(&sa.sa_mask);
	check(sigaction(SIGSEGV, &sa, NULL) == 0);
	noaccess = mmap(NULL, sysconf(_SC_PAGESIZE), PROT_NONE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(noaccess != MAP_FAILED);
	measure("signal_segv", run_signal_segv, 200);
}

/* ---- threads ----------------------------------------------------------- */

static void *thread_exit_at_once(void *arg)
{
	return arg;
}

/*
 * pthread_create + pthread_join of a thread that returns at once, on
 * CPU 0: clone with a new TLS, the first switch into the thread, its
 * exit and the futex wake of the joiner.  glibc reuses the stacks of
 * joined threads, so after the warm-up no mmap is involved.
 */
static u64 run_thread(long ops)
{
	u64 t0 = now_ns();
	pthread_t t;
	long i;
	int err;

	for (i = 0; i < ops; i++) {
		err = pthread_create(&t, NULL, thread_exit_at_once, NULL);
		if (err)
			fail("pthread_create: %s", strerror(err));
		pthread_join(t, NULL);
	}
	return now_ns() - t0;
}

static void bench_thread(void)
{
	pin_self(0);
	measure("thread_create_join", run_thread, 50);
}

/* ---- main -------------------------------------------------------------- */

static const struct {
	const char *name;
	void (*fn)(void);
} benchmarks[] = {
	{ "boot",			bench_boot },
	{ "syscall_null",		bench_syscall_null },
	{ "clock_gettime_vdso",		bench_clock_gettime_vdso },
	{ "clock_gettime_syscall",	bench_clock_gettime_syscall },
	{ "getrandom_vdso",		bench_getrandom_vdso },
	{ "signal_self",		bench_signal },
	{ "pipe_pingpong",		bench_pipe_pingpong },
	{ "pipe_pingpong_xcpu",		bench_pipe_pingpong_xcpu },
	{ "ctx_switch",			bench_ctx_switch },
	{ "futex_xcpu",			bench_futex_xcpu },
	{ "sched_yield",		bench_sched_yield },
	{ "fork_exit_wait",		bench_fork },
	{ "fork_exec",			bench_fork_exec },
	{ "fork_exec_dynamic",		bench_fork_exec_dynamic },
	{ "hackbench",			bench_hackbench },
	{ "page_fault",			bench_page_fault },
	{ "cow_fault",			bench_cow_fault },
	{ "lazyfree_reuse",		bench_lazyfree_reuse },
	{ "mmap_touch_munmap",		bench_mmap_touch_munmap },
	{ "mprotect_flip",		bench_mprotect_flip },
	{ "tlb_shootdown",		bench_tlb_shootdown },
	{ "vm_churn",			bench_vm_churn },
	{ "stat_path",			bench_stat_path },
	{ "file_read_64k",		bench_file_read },
	{ "zero_read_64k",		bench_zero_read },
	{ "pipe_64k",			bench_pipe_64k },
	{ "signal_segv",			bench_signal_segv },
	{ "thread_create_join",		bench_thread },
};

int main(int argc, char **argv)
{
	size_t i;

	start_ns = now_ns();
	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < sizeof(benchmarks) / sizeof(benchmarks[0]); i++)
			printf("%s\n", benchmarks[i].name);
		return 0;
	}
	if (argc == 2) {
		for (i = 0; i < sizeof(benchmarks) / sizeof(benchmarks[0]); i++) {
			if (!strcmp(argv[1], benchmarks[i].name)) {
				bench_name = benchmarks[i].name;
				benchmarks[i].fn();
				return 0;
			}
		}
	}
	fprintf(stderr, "usage: %s NAME|list  (see '%s list')\n",
		argv[0], argv[0]);
	return 2;
}
