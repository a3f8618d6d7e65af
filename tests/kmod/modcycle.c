/*
 * modcycle: load and unload modules in cycles, round robin over the CPUs,
 * for kmod/cycles.
 *
 *   modcycle CYCLES FILE.ko...
 *
 * Cycle i pins itself to the i-th CPU (mod N) of the CPUs it may run on,
 * loads the files in order (finit_module), pins itself to the next CPU
 * and unloads them in reverse order (delete_module).  Any failure ends
 * it with exit status 1 and a message naming the cycle, CPU and module.
 * A line every 25 cycles shows progress; it stops when its parent
 * goes.  Doing the syscalls itself (not
 * two kmod processes a cycle) keeps a cycle to the loader's own work.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int cpus[CPU_SETSIZE], ncpu;

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "modcycle: cannot move to CPU %d: %s\n", cpu, strerror(errno));
		exit(1);
	}
}

static double uptime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	cpu_set_t set;
	char **names;
	int cycles, n = argc - 2;
	pid_t ppid = getppid();

	if (argc < 3 || (cycles = atoi(argv[1])) < 0) {
		fprintf(stderr, "usage: modcycle CYCLES FILE.ko...\n");
		return 2;
	}
	if (sched_getaffinity(0, sizeof(set), &set))
		return perror("sched_getaffinity"), 1;
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set))
			cpus[ncpu++] = c;

	/* The module's name: its file's, without .ko, '-' read as '_'. */
	names = calloc(n, sizeof(*names));
	for (int j = 0; j < n; j++) {
		char *p = strdup(argv[j + 2]);

		names[j] = basename(p);
		names[j][strcspn(names[j], ".")] = 0;
		for (char *q = names[j]; *q; q++)
			if (*q == '-')
				*q = '_';
	}

	for (int i = 0; i < cycles; i++) {
		int a = cpus[i % ncpu], b = cpus[(i + 1) % ncpu];

		/* Orphaned: the test that started it was killed (timeout). */
		if (getppid() != ppid) {
			fprintf(stderr, "modcycle: parent gone, stopping at cycle %d\n", i);
			return 1;
		}

		pin(a);
		for (int j = 0; j < n; j++) {
			int fd = open(argv[j + 2], O_RDONLY | O_CLOEXEC);

			if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
				fprintf(stderr, "modcycle: cycle %d: loading %s on CPU %d: %s\n",
					i, argv[j + 2], a, strerror(errno));
				return 1;
			}
			close(fd);
		}
		pin(b);
		for (int j = n - 1; j >= 0; j--) {
			if (syscall(SYS_delete_module, names[j], O_NONBLOCK)) {
				fprintf(stderr, "modcycle: cycle %d: unloading %s on CPU %d: %s\n",
					i, names[j], b, strerror(errno));
				return 1;
			}
		}
		if ((i + 1) % 25 == 0)
			printf("%d cycles at %.2f s\n", i + 1, uptime()), fflush(stdout);
	}
	return 0;
}
