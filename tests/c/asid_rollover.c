// SPDX-License-Identifier: GPL-2.0-only
/*
 * Address spaces kept apart while ASIDs are recycled: one thread pinned
 * to each CPU forks short-lived children without pause.  Every child
 * maps its own page at one fixed virtual address, the same in all of
 * them, stamps it and a copy-on-write page inherited from the parent
 * with its pid, then yields and sleeps so that other children run on
 * the same CPU in between, and reads both back.  A TLB entry left over
 * from another address space that had the same ASID in an earlier
 * generation would show another child's stamp (or the parent's) and
 * the child exits with an error.
 *
 * The port narrows its ASID space with asid_bits=N (tests/plan), so
 * that this load rolls the generation over dozens of times; when the
 * harness says the kernel is the port (wb_kernel=port) and asid_bits=
 * is on the command line, the port's "first generation rollover" line
 * must then be in the kernel log.  mainline arm64 has no such knob and
 * runs the same load on its full ASID space.
 *
 * wb-timeout: 240
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

#define MAX_CPUS	64
#define FORKS_PER_CPU	200
/* Far from the program, the heap and the stack of a static binary. */
#define FIXED_VA	((void *)0x5a5a000000UL)

static long page_size;
static volatile uint64_t cow_word = 0xc0c0c0c0c0c0c0c0ULL;
static atomic_int bad_children;

static int child(void)
{
	uint64_t stamp = 0xa51d000000000000ULL | (uint64_t)getpid();
	volatile uint64_t *own;

	own = mmap(FIXED_VA, page_size, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (own != FIXED_VA)
		return 2;
	*own = stamp;
	cow_word = stamp;

	for (int i = 0; i < 3; i++) {
		struct timespec ts = { 0, 200000 };

		sched_yield();
		nanosleep(&ts, NULL);
		if (*own != stamp || cow_word != stamp)
			return 1;
	}
	return 0;
}

static void *forker(void *arg)
{
	int cpu = (long)arg;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return (void *)1;

	for (int n = 0; n < FORKS_PER_CPU; n++) {
		int status;
		pid_t pid = fork();

		if (pid < 0)
			return (void *)2;
		if (pid == 0)
			_exit(child());
		if (waitpid(pid, &status, 0) != pid)
			return (void *)3;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			printf("CPU%d: child %d ended with status 0x%x\n",
			       cpu, pid, status);
			atomic_fetch_add(&bad_children, 1);
		}
		/* The parent's view is untouched by its children's writes. */
		if (cow_word != 0xc0c0c0c0c0c0c0c0ULL)
			return (void *)4;
	}
	return NULL;
}

/* Is @what in the kernel log?  The ring buffer is read whole. */
static int in_kernel_log(const char *what)
{
	int size = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *buf;
	int len, found;

	wb_check(size > 0, "klogctl(SIZE_BUFFER)");
	buf = malloc(size + 1);
	wb_check(buf, "malloc");
	len = klogctl(3, buf, size);		/* SYSLOG_ACTION_READ_ALL */
	wb_check(len >= 0, "klogctl(READ_ALL)");
	buf[len] = 0;
	found = strstr(buf, what) != NULL;
	free(buf);
	return found;
}

int main(void)
{
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	pthread_t t[MAX_CPUS];
	const char *kernel = getenv("wb_kernel");
	const char *bits;
	char cmdline[4096] = "";
	FILE *f;

	setvbuf(stdout, NULL, _IOLBF, 0);
	page_size = sysconf(_SC_PAGESIZE);
	wb_check(ncpus > 0 && ncpus <= MAX_CPUS, "%d CPUs online", ncpus);

	for (long cpu = 0; cpu < ncpus; cpu++)
		wb_eq(pthread_create(&t[cpu], NULL, forker, (void *)cpu), 0);
	for (int cpu = 0; cpu < ncpus; cpu++) {
		void *ret;

		wb_eq(pthread_join(t[cpu], &ret), 0);
		if (ret)
			wb_fail("the forker on CPU%d failed (step %ld)", cpu, (long)ret);
	}
	wb_eq(atomic_load(&bad_children), 0);

	/* asid_bits= is the kernel's own parameter: it does not reach init. */
	f = fopen("/proc/cmdline", "r");
	wb_check(f && fgets(cmdline, sizeof(cmdline), f), "read /proc/cmdline");
	fclose(f);
	bits = strstr(cmdline, "asid_bits=");
	if (bits && kernel && !strcmp(kernel, "port")) {
		wb_check(in_kernel_log("ASID allocator: narrowed to"),
			 "asid_bits= given but the port did not narrow its ASIDs");
		wb_check(in_kernel_log("ASID allocator: first generation rollover"),
			 "%d forks on a narrowed ASID space and no rollover",
			 ncpus * FORKS_PER_CPU);
		wb_pass("%d forks on %d CPUs through ASID rollovers (%.*s): every address space saw only its own pages",
			ncpus * FORKS_PER_CPU, ncpus, (int)strcspn(bits, " \n"), bits);
	} else {
		wb_pass("%d forks on %d CPUs: every address space saw only its own pages",
			ncpus * FORKS_PER_CPU, ncpus);
	}
	return 0;
}
