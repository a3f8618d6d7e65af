// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vDSO's clocks against the system calls:
 *  - the vDSO is where AT_SYSINFO_EHDR says, shows as [vdso] with its
 *    [vvar] data pages right below, and moves between executions
 *    (randomised base);
 *  - its dynamic symbol table exports __kernel_clock_gettime,
 *    __kernel_gettimeofday, __kernel_clock_getres, __kernel_rt_sigreturn
 *    and __kernel_getrandom as functions at version LINUX_2.6.39;
 *  - the clocks it serves (REALTIME, MONOTONIC, MONOTONIC_RAW, BOOTTIME,
 *    TAI and the two COARSE ones), and gettimeofday and clock_getres,
 *    do not enter the kernel: under a seccomp filter that makes those
 *    system calls fail they still work, while a clock it does not
 *    serve falls back to the (failing) system call;
 *  - on every online CPU, while another thread steps CLOCK_REALTIME
 *    (clock_settime, adjtimex ADJ_SETOFFSET) and changes the clock's
 *    frequency (ADJ_FREQUENCY): each vDSO reading lies between the
 *    system call readings taken just before and after it (for the
 *    clocks that jump, unless the stepper acted in between), so the
 *    two paths agree to within the time between those calls;
 *    monotonic clocks never go backwards across both paths; a COARSE
 *    clock is never ahead of its precise clock and usually (median)
 *    within two ticks of it; clock_getres agrees.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

#define NSEC_PER_SEC	1000000000LL
/* CONFIG_HZ=250 on both kernels; a coarse clock is updated each tick. */
#define TICK_NS		(NSEC_PER_SEC / 250)

typedef int (*gettime_fn)(clockid_t, struct timespec *);
typedef int (*gettimeofday_fn)(struct timeval *, void *);
typedef int (*getres_fn)(clockid_t, struct timespec *);

static gettime_fn vdso_gettime;
static gettimeofday_fn vdso_gettimeofday;
static getres_fn vdso_getres;

static const struct {
	clockid_t id;
	const char *name;
	int monotonic;	/* never goes backwards */
	/*
	 * Jumps when the stepper acts: REALTIME and TAI with the steps,
	 * and, in 6.12, the COARSE clocks also back by up to the frequency
	 * change times the time since the last tick when ADJ_FREQUENCY
	 * applies a new multiplier (generic timekeeping, both kernels).
	 */
	int jumps;
} clocks[] = {
	{ CLOCK_REALTIME,		"REALTIME",		0, 1 },
	{ CLOCK_MONOTONIC,		"MONOTONIC",		1, 0 },
	{ CLOCK_MONOTONIC_RAW,		"MONOTONIC_RAW",	1, 0 },
	{ CLOCK_BOOTTIME,		"BOOTTIME",		1, 0 },
	{ CLOCK_TAI,			"TAI",			0, 1 },
	{ CLOCK_REALTIME_COARSE,	"REALTIME_COARSE",	0, 1 },
	{ CLOCK_MONOTONIC_COARSE,	"MONOTONIC_COARSE",	1, 1 },
};
#define NCLOCKS (sizeof(clocks) / sizeof(clocks[0]))

/* ---- finding the vDSO and its symbols ---- */

static uintptr_t vdso_base;

struct vdso_dyn {
	uintptr_t bias;
	const Elf64_Sym *sym;
	const char *str;
	const Elf64_Half *versym;
	const Elf64_Verdef *verdef;
	unsigned long nsym;
};

static void vdso_parse(struct vdso_dyn *d)
{
	const Elf64_Ehdr *eh = (const void *)vdso_base;
	const Elf64_Phdr *ph = (const void *)(vdso_base + eh->e_phoff);
	const Elf64_Dyn *dyn = NULL;
	const Elf64_Word *hash = NULL;
	int i, have_load = 0;

	wb_check(!memcmp(eh->e_ident, ELFMAG, SELFMAG), "vDSO has no ELF magic");
	wb_eq(eh->e_ident[EI_CLASS], ELFCLASS64);
	wb_eq(eh->e_machine, EM_AARCH64);
	wb_eq(eh->e_type, ET_DYN);

	memset(d, 0, sizeof(*d));
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_LOAD && !have_load) {
			/* The first PT_LOAD maps the file from offset 0. */
			d->bias = vdso_base + ph[i].p_offset - ph[i].p_vaddr;
			have_load = 1;
		}
	}
	wb_check(have_load, "vDSO has no PT_LOAD");
	for (i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_DYNAMIC)
			dyn = (const void *)(d->bias + ph[i].p_vaddr);
	wb_check(dyn, "vDSO has no PT_DYNAMIC");

	for (; dyn->d_tag != DT_NULL; dyn++) {
		const void *p = (const void *)(d->bias + dyn->d_un.d_ptr);

		switch (dyn->d_tag) {
		case DT_SYMTAB:	d->sym = p; break;
		case DT_STRTAB:	d->str = p; break;
		case DT_HASH:	hash = p; break;
		case DT_VERSYM:	d->versym = p; break;
		case DT_VERDEF:	d->verdef = p; break;
		}
	}
	wb_check(d->sym && d->str, "vDSO lacks DT_SYMTAB or DT_STRTAB");
	wb_check(hash, "vDSO lacks DT_HASH");
	wb_check(d->versym && d->verdef, "vDSO lacks symbol versions");
	d->nsym = hash[1];	/* nchain: one per symbol */
}

/* The name of version index @ndx in the vDSO's version definitions. */
static const char *vdso_version(const struct vdso_dyn *d, unsigned int ndx)
{
	const Elf64_Verdef *vd = d->verdef;

	for (;;) {
		if (vd->vd_ndx == ndx) {
			const Elf64_Verdaux *aux = (const void *)((const char *)vd + vd->vd_aux);

			return d->str + aux->vda_name;
		}
		if (!vd->vd_next)
			return NULL;
		vd = (const void *)((const char *)vd + vd->vd_next);
	}
}

/* @code: the trampoline may be plain code (arm64 marks it STT_NOTYPE). */
static void *vdso_sym(const struct vdso_dyn *d, const char *name, int code)
{
	unsigned long i;

	for (i = 1; i < d->nsym; i++) {
		const Elf64_Sym *s = &d->sym[i];
		const char *ver;

		if (strcmp(d->str + s->st_name, name))
			continue;
		wb_check(ELF64_ST_TYPE(s->st_info) == STT_FUNC ||
			 (code && ELF64_ST_TYPE(s->st_info) == STT_NOTYPE),
			 "%s is not a function", name);
		wb_check(ELF64_ST_BIND(s->st_info) == STB_GLOBAL, "%s is not global", name);
		wb_check(s->st_shndx != SHN_UNDEF, "%s is undefined", name);
		ver = vdso_version(d, d->versym[i] & 0x7fff);
		wb_check(ver && !strcmp(ver, "LINUX_2.6.39"),
			 "%s has version %s, not LINUX_2.6.39", name, ver ? ver : "(none)");
		return (void *)(d->bias + s->st_value);
	}
	wb_fail("the vDSO does not export %s", name);
	return NULL;
}

static void test_symbols(void)
{
	struct vdso_dyn d;

	vdso_parse(&d);
	vdso_gettime = (gettime_fn)vdso_sym(&d, "__kernel_clock_gettime", 0);
	vdso_gettimeofday = (gettimeofday_fn)vdso_sym(&d, "__kernel_gettimeofday", 0);
	vdso_getres = (getres_fn)vdso_sym(&d, "__kernel_clock_getres", 0);
	vdso_sym(&d, "__kernel_rt_sigreturn", 1);
	vdso_sym(&d, "__kernel_getrandom", 0);
	wb_pass("vDSO at 0x%lx exports the five __kernel_* at LINUX_2.6.39",
		(unsigned long)vdso_base);
}

/* ---- the mappings ---- */

static void test_maps(void)
{
	unsigned long start, end, vdso_start = 0, vdso_end = 0, vvar_start = 0, vvar_end = 0;
	char line[512], name[256];
	FILE *f = fopen("/proc/self/maps", "r");

	wb_check(f, "open /proc/self/maps");
	while (fgets(line, sizeof(line), f)) {
		name[0] = 0;
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %255s", &start, &end, name) < 2)
			continue;
		if (!strcmp(name, "[vdso]")) {
			wb_check(!vdso_start, "two [vdso] mappings");
			vdso_start = start;
			vdso_end = end;
			wb_check(strstr(line, " r-xp "), "[vdso] is not r-xp: %s", line);
		} else if (!strcmp(name, "[vvar]")) {
			wb_check(!vvar_start, "two [vvar] mappings");
			vvar_start = start;
			vvar_end = end;
			wb_check(!strncmp(strchr(line, ' '), " r--", 4), "[vvar] is not read-only: %s", line);
		}
	}
	fclose(f);
	wb_check(vdso_start, "no [vdso] in /proc/self/maps");
	wb_check(vvar_start, "no [vvar] in /proc/self/maps");
	wb_eq(vdso_start, vdso_base);
	wb_check(vdso_end > vdso_start, "empty [vdso]");
	wb_check(vvar_end <= vdso_start, "[vvar] overlaps [vdso]");
	wb_pass("[vdso] at AT_SYSINFO_EHDR, [vvar] 0x%lx-0x%lx below it", vvar_start, vvar_end);
}

/* Run ourselves again a few times: the base must not always be the same. */
static void test_random_base(const char *self)
{
	unsigned long bases[6];
	int i, distinct = 0;

	for (i = 0; i < 6; i++) {
		int fd[2], status;
		char buf[32] = "";
		pid_t pid;

		wb_check(pipe(fd) == 0, "pipe");
		pid = fork();
		wb_check(pid >= 0, "fork");
		if (pid == 0) {
			dup2(fd[1], 1);
			execl(self, self, "--print-base", (char *)NULL);
			_exit(127);
		}
		close(fd[1]);
		wb_check(read(fd[0], buf, sizeof(buf) - 1) > 0, "read the child's vDSO base");
		close(fd[0]);
		wb_check(waitpid(pid, &status, 0) == pid, "waitpid");
		wb_check(WIFEXITED(status) && !WEXITSTATUS(status), "child status 0x%x", status);
		bases[i] = strtoul(buf, NULL, 16);
		wb_check(bases[i], "child saw no vDSO");
	}
	for (i = 1; i < 6; i++)
		distinct += bases[i] != bases[0];
	wb_check(distinct, "the vDSO was at 0x%lx in all six executions", bases[0]);
	wb_pass("vDSO base randomised (0x%lx, 0x%lx, ...)", bases[0], bases[1]);
}

/* ---- the vDSO serves these clocks without system calls ---- */

#define BLOCKED_ERRNO	EHWPOISON	/* what the filter makes the calls fail with */

static void block_time_syscalls(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_AARCH64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clock_gettime, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_gettimeofday, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clock_getres, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | BLOCKED_ERRNO),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	wb_check(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0, "PR_SET_NO_NEW_PRIVS");
	wb_check(prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0, "seccomp filter");
}

static void test_no_syscall(void)
{
	int status;
	pid_t pid = fork();

	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		struct timespec ts;
		struct timeval tv;
		unsigned int i;

		block_time_syscalls();
		/* The filter works: the raw system call fails. */
		wb_eq(syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts), -1);
		wb_eq(errno, BLOCKED_ERRNO);
		for (i = 0; i < NCLOCKS; i++) {
			int r = vdso_gettime(clocks[i].id, &ts);

			if (r)
				wb_fail("vDSO clock_gettime(%s) made a system call: %d",
					clocks[i].name, r);
			r = vdso_getres(clocks[i].id, &ts);
			if (r)
				wb_fail("vDSO clock_getres(%s) made a system call: %d",
					clocks[i].name, r);
		}
		wb_eq(vdso_gettimeofday(&tv, NULL), 0);
		/* Not served in user space: the vDSO falls back, and fails. */
		wb_eq(vdso_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts), -BLOCKED_ERRNO);
		wb_eq(vdso_gettime(CLOCK_THREAD_CPUTIME_ID, &ts), -BLOCKED_ERRNO);
		_exit(0);
	}
	wb_check(waitpid(pid, &status, 0) == pid, "waitpid");
	wb_check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		 "the child under seccomp failed (status 0x%x)", status);

	/* Bad arguments: what the system calls say. */
	{
		struct timespec ts;

		wb_eq(vdso_gettime(-1, &ts), -EINVAL);
		wb_eq(vdso_gettime(1000, &ts), -EINVAL);
		wb_eq(vdso_getres(1000, &ts), -EINVAL);
	}
	wb_pass("7 clocks, gettimeofday and clock_getres served without system calls");
}

/* ---- comparison with the system calls, while the time is stepped ---- */

/* Odd while the stepper is acting; changes with every action. */
static volatile unsigned long step_gen;
static volatile int stop_stepper;
static unsigned long steps_done;

static void begin_step(void)
{
	__atomic_add_fetch(&step_gen, 1, __ATOMIC_SEQ_CST);
}

static void end_step(void)
{
	__atomic_add_fetch(&step_gen, 1, __ATOMIC_SEQ_CST);
}

static void *stepper(void *arg)
{
	long base_freq = *(long *)arg;
	int k = 0;

	while (!__atomic_load_n(&stop_stepper, __ATOMIC_SEQ_CST)) {
		struct timex tx;
		struct timespec ts;

		memset(&tx, 0, sizeof(tx));
		switch (k++ % 4) {
		case 0:		/* clock_settime forward by 1 s */
		case 2:		/* and back: the net step is zero */
			begin_step();
			if (clock_gettime(CLOCK_REALTIME, &ts) == 0) {
				ts.tv_sec += (k % 4 == 1) ? 1 : -1;
				clock_settime(CLOCK_REALTIME, &ts);
			}
			end_step();
			break;
		case 1:		/* adjtimex step, +/- 0.25 s */
			begin_step();
			tx.modes = ADJ_SETOFFSET | ADJ_NANO;
			tx.time.tv_sec = (k & 4) ? -1 : 0;
			tx.time.tv_usec = (k & 4) ? 750000000 : 250000000;
			adjtimex(&tx);
			end_step();
			break;
		case 3:		/* frequency: +/- 100 ppm around the original */
			begin_step();
			tx.modes = ADJ_FREQUENCY;
			tx.freq = base_freq + ((k & 4) ? -100 : 100) * 65536L;
			adjtimex(&tx);
			end_step();
			break;
		}
		steps_done++;
		usleep(2000);
	}
	return NULL;
}

static long long ns(const struct timespec *ts)
{
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

static long long sys_gettime(clockid_t id)
{
	struct timespec ts;

	if (syscall(SYS_clock_gettime, id, &ts))
		wb_fail("clock_gettime(%d) system call", id);
	return ns(&ts);
}

static long long vd_gettime(clockid_t id)
{
	struct timespec ts;
	int r = vdso_gettime(id, &ts);

	if (r)
		wb_fail("vDSO clock_gettime(%d) = %d", id, r);
	return ns(&ts);
}

struct run_stats {
	unsigned long samples, discarded;
	unsigned long coarse, coarse_late;	/* more than two ticks behind */
};

/* One round of every comparison on the current CPU. */
static void compare_once(int cpu, long long last[NCLOCKS],
			 unsigned long last_gen[NCLOCKS], struct run_stats *st)
{
	unsigned int i;

	for (i = 0; i < NCLOCKS; i++) {
		clockid_t id = clocks[i].id;
		unsigned long g0 = __atomic_load_n(&step_gen, __ATOMIC_SEQ_CST);
		long long t0 = sys_gettime(id);
		long long v = vd_gettime(id);
		long long t1 = sys_gettime(id);
		unsigned long g1 = __atomic_load_n(&step_gen, __ATOMIC_SEQ_CST);

		st->samples++;
		if (clocks[i].jumps && (g0 != g1 || (g0 & 1))) {
			st->discarded++;	/* the stepper acted in between */
			last[i] = 0;
			continue;
		}
		if (clocks[i].monotonic) {
			/* Never backwards, whichever path read it. */
			if (clocks[i].jumps && last_gen[i] != g0)
				last[i] = 0;
			if (t0 < last[i] || v < t0 || t1 < v)
				wb_fail("CPU%d %s went backwards: last %lld, syscall %lld, vDSO %lld, syscall %lld",
					cpu, clocks[i].name, last[i], t0, v, t1);
			last[i] = t1;
			last_gen[i] = g1;
			continue;
		}
		if (v < t0 || v > t1)
			wb_fail("CPU%d %s: vDSO %lld outside the system calls' [%lld, %lld]",
				cpu, clocks[i].name, v, t0, t1);
	}

	/* A coarse clock is at most a tick behind the precise one. */
	{
		long long c = vd_gettime(CLOCK_MONOTONIC_COARSE);
		long long p = sys_gettime(CLOCK_MONOTONIC);

		if (c > p)
			wb_fail("CPU%d MONOTONIC_COARSE %lld ahead of MONOTONIC %lld",
				cpu, c, p);
		/*
		 * Late ticks (QEMU on a busy host, or the timekeeping CPU
		 * idle in NO_HZ) or a preemption between the two reads
		 * exceed a tick often enough; a coarse clock whose data is
		 * not kept up to date does nearly always, so the check is
		 * on the median: at most two ticks.
		 */
		st->coarse++;
		if (p - c > 2 * TICK_NS)
			st->coarse_late++;
	}

	/* gettimeofday, in microseconds. */
	{
		unsigned long g0 = __atomic_load_n(&step_gen, __ATOMIC_SEQ_CST);
		struct timeval a, b, c;
		long long ua, ub, uc;

		wb_eq(syscall(SYS_gettimeofday, &a, NULL), 0);
		wb_eq(vdso_gettimeofday(&b, NULL), 0);
		wb_eq(syscall(SYS_gettimeofday, &c, NULL), 0);
		ua = a.tv_sec * 1000000LL + a.tv_usec;
		ub = b.tv_sec * 1000000LL + b.tv_usec;
		uc = c.tv_sec * 1000000LL + c.tv_usec;
		if (g0 == __atomic_load_n(&step_gen, __ATOMIC_SEQ_CST) && !(g0 & 1) &&
		    (ub < ua || ub > uc))
			wb_fail("CPU%d gettimeofday: vDSO %lld outside [%lld, %lld]",
				cpu, ub, ua, uc);
	}
}

static void test_compare(void)
{
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN), cpus_done = 0;
	cpu_set_t all, one;
	struct run_stats st = { 0, 0, 0, 0 };
	struct timex tx;
	pthread_t th;
	long base_freq;
	int cpu;
	unsigned int i;

	for (i = 0; i < NCLOCKS; i++) {
		struct timespec a, b;

		wb_eq(syscall(SYS_clock_getres, clocks[i].id, &a), 0);
		wb_eq(vdso_getres(clocks[i].id, &b), 0);
		if (a.tv_sec != b.tv_sec || a.tv_nsec != b.tv_nsec)
			wb_fail("clock_getres(%s): syscall %lld ns, vDSO %lld ns",
				clocks[i].name, ns(&a), ns(&b));
	}

	memset(&tx, 0, sizeof(tx));
	wb_check(adjtimex(&tx) >= 0, "adjtimex read");
	base_freq = tx.freq;
	if (geteuid() != 0)
		wb_skip("stepping the clock needs root");

	wb_check(sched_getaffinity(0, sizeof(all), &all) == 0, "sched_getaffinity");
	wb_check(pthread_create(&th, NULL, stepper, &base_freq) == 0, "pthread_create");

	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		long long last[NCLOCKS];
		unsigned long last_gen[NCLOCKS];
		struct timespec end, now;

		if (!CPU_ISSET(cpu, &all))
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		if (sched_setaffinity(0, sizeof(one), &one))
			continue;	/* offline */
		wb_eq(sched_getcpu(), cpu);
		for (i = 0; i < NCLOCKS; i++) {
			last[i] = 0;
			last_gen[i] = 0;
		}
		clock_gettime(CLOCK_MONOTONIC, &end);
		end.tv_sec += 1;
		do {
			compare_once(cpu, last, last_gen, &st);
			clock_gettime(CLOCK_MONOTONIC, &now);
		} while (ns(&now) < ns(&end));
		cpus_done++;
	}

	__atomic_store_n(&stop_stepper, 1, __ATOMIC_SEQ_CST);
	pthread_join(th, NULL);
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_FREQUENCY;
	tx.freq = base_freq;
	adjtimex(&tx);
	sched_setaffinity(0, sizeof(all), &all);

	wb_check(cpus_done >= 1, "no CPU to run on");
	wb_check(steps_done >= 4, "the stepper ran only %lu times", steps_done);
	wb_check(st.samples - st.discarded > st.samples / 2,
		 "%lu of %lu samples discarded for steps", st.discarded, st.samples);
	wb_check(st.coarse_late <= st.coarse / 2,
		 "MONOTONIC_COARSE more than two ticks behind MONOTONIC in %lu of %lu reads",
		 st.coarse_late, st.coarse);
	wb_pass("%ld of %ld online CPUs: %lu samples (%lu across a step, discarded), %lu steps; "
		"vDSO within the system calls, monotonic clocks never backwards; "
		"coarse over two ticks late in %lu of %lu",
		cpus_done, ncpus, st.samples, st.discarded, steps_done,
		st.coarse_late, st.coarse);
}

int main(int argc, char **argv)
{
	vdso_base = getauxval(AT_SYSINFO_EHDR);
	if (argc > 1 && !strcmp(argv[1], "--print-base")) {
		printf("%lx\n", (unsigned long)vdso_base);
		return 0;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	wb_check(vdso_base, "no AT_SYSINFO_EHDR: no vDSO");

	test_symbols();
	test_maps();
	test_random_base("/proc/self/exe");
	test_no_syscall();
	test_compare();
	return 0;
}
