// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Access flag and the dirty state of user page table entries,
 * managed by the CPU where it implements FEAT_HAFDBS and by faults
 * where it does not.
 *
 * Which of the two a CPU does is not visible to EL0 (both kernels hide
 * ID_AA64MMFR1_EL1.HAFDBS), so it comes from the CPU model, read from
 * /proc/cpuinfo: QEMU 7.2's max implements the Access flag and dirty
 * state management (target/arm/cpu64.c, aarch64_max_initfn), Cortex-A53,
 * A57 and A72 implement neither.  Both kernels are built to use it
 * (configs/aarch64.config, configs/arm64.config).  The port's
 * hw_afdbm=off leaves it to faults on every CPU; the harness says which
 * kernel runs (wb_kernel=port), as arm64 has no such parameter.
 *
 * On a 32-page anonymous range, pinned to one CPU:
 *  - Access flag: MADV_COLD makes the entries old and invalidates them
 *    in the TLB; reading every page then takes one fault a page without
 *    hardware management, none with it (getrusage()'s minor faults);
 *  - dirty state: MADV_FREE makes the entries clean and old (the pages
 *    may be discarded rather than swapped while they stay clean); a
 *    write to every other page takes one fault a page, or none, and
 *    must make that page dirty however it was recorded: MADV_PAGEOUT
 *    then discards the pages left clean (they read as zeroes) and must
 *    keep every page written.  A dirty state the kernel failed to see
 *    is a lost write.  The same is then checked with the entries
 *    made read-only and writable again by mprotect() between the writes
 *    and the page-out (pte_modify() must carry the dirty state over),
 *    and with a fork() there (copy on write: ptep_set_wrprotect() in
 *    the parent).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "wb.h"

#define NPAGES	32

static long pg;
static volatile unsigned char *area;

struct model {
	unsigned int imp, part;
	const char *name;
	int hafdbs;	/* ID_AA64MMFR1_EL1.HAFDBS */
};

static const struct model models[] = {
	{ 0x41, 0xd03, "Cortex-A53", 0 },
	{ 0x41, 0xd07, "Cortex-A57", 0 },
	{ 0x41, 0xd08, "Cortex-A72", 0 },
	{ 0x00, 0x051, "QEMU max", 2 },
};

/* The model of every CPU, which must be one. */
static const struct model *cpu_model(void)
{
	const struct model *found = NULL;
	unsigned int imp = ~0u, part;
	FILE *f = fopen("/proc/cpuinfo", "r");

	wb_check(f, "open /proc/cpuinfo");
	while (wb_cpuinfo_next(f, &imp, &part)) {
		const struct model *m = NULL;

		for (unsigned int i = 0; i < sizeof(models) / sizeof(models[0]); i++)
			if (models[i].imp == imp && models[i].part == part)
				m = &models[i];
		if (!m)
			wb_skip("implementer 0x%02x part 0x%03x is no CPU this test knows",
				imp, part);
		if (found && found != m)
			wb_skip("CPUs of two models (%s, %s): which faults is per CPU",
				found->name, m->name);
		found = m;
	}
	fclose(f);
	wb_check(found, "no 'CPU part' line in /proc/cpuinfo");
	return found;
}

/* The port's hw_afdbm=off (the kernel's own parameter: not in init's environment). */
static int hw_afdbm_off(void)
{
	const char *kernel = getenv("wb_kernel");
	char cmdline[4096] = "";
	FILE *f = fopen("/proc/cmdline", "r");

	wb_check(f, "open /proc/cmdline");
	if (!fgets(cmdline, sizeof(cmdline), f))
		cmdline[0] = 0;
	fclose(f);
	return kernel && !strcmp(kernel, "port") && strstr(cmdline, "hw_afdbm=off");
}

static long minor_faults(void)
{
	struct rusage ru;

	wb_check(getrusage(RUSAGE_SELF, &ru) == 0, "getrusage");
	return ru.ru_minflt;
}

static unsigned char pattern(int round, int i)
{
	return (unsigned char)(0x10 * round + i + 1);
}

/* Write round's pattern to the even pages; returns the faults taken. */
static long write_even(int round)
{
	long before = minor_faults();

	for (int i = 0; i < NPAGES; i += 2)
		area[i * pg + 8] = pattern(round, i);
	return minor_faults() - before;
}

static void madvise_or_fail(int advice, const char *name)
{
	wb_check(madvise((void *)area, NPAGES * pg, advice) == 0,
		 "madvise(%s)", name);
}

/*
 * After MADV_PAGEOUT: the even pages, written after MADV_FREE, hold
 * round's pattern; the odd ones, left clean, were discarded.
 */
static void check_after_pageout(int round, const char *how)
{
	int discarded = 0;

	madvise_or_fail(MADV_PAGEOUT, "MADV_PAGEOUT");
	for (int i = 0; i < NPAGES; i++) {
		unsigned char v = area[i * pg + 8];

		if (i % 2 == 0 && v != pattern(round, i))
			wb_fail("%s: page %d written after MADV_FREE reads 0x%02x after MADV_PAGEOUT, not 0x%02x: its dirty state was lost",
				how, i, v, pattern(round, i));
		if (i % 2 == 1)
			discarded += v == 0;
	}
	if (discarded != NPAGES / 2)
		wb_fail("%s: MADV_PAGEOUT discarded %d of the %d clean lazily freed pages, not all: the check of the written ones shows nothing",
			how, discarded, NPAGES / 2);
	printf("%s: %d written pages kept, %d clean ones discarded\n",
	       how, NPAGES / 2, discarded);
}

/* Every page present and dirty with round's pattern. */
static void fill(int round)
{
	for (int i = 0; i < NPAGES; i++)
		area[i * pg + 8] = pattern(round, i);
}

static void check_faults(const char *what, long faults, long without, int hw)
{
	long want = hw ? 0 : without;

	printf("%s: %ld faults\n", what, faults);
	if (faults != want)
		wb_fail("%s: %ld faults, not %ld (%s)", what, faults, want,
			hw ? "the CPU manages it" : "the CPU leaves it to faults");
}

int main(void)
{
	const struct model *m;
	int hafdbs;
	cpu_set_t one;
	long faults;
	int status;
	pid_t pid;

	setvbuf(stdout, NULL, _IOLBF, 0);
	pg = sysconf(_SC_PAGESIZE);
	m = cpu_model();
	hafdbs = m->hafdbs;
	printf("%s: HAFDBS %d\n", m->name, hafdbs);
	if (hw_afdbm_off()) {
		printf("hw_afdbm=off: the port leaves both to faults\n");
		hafdbs = 0;
	}

	/* MADV_FREE's per-CPU batch is drained by MADV_PAGEOUT on its CPU. */
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	wb_check(sched_setaffinity(0, sizeof(one), &one) == 0,
		 "sched_setaffinity");

	area = mmap(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	wb_check(area != MAP_FAILED, "mmap");
	wb_check(madvise((void *)area, NPAGES * pg, MADV_NOHUGEPAGE) == 0,
		 "madvise(MADV_NOHUGEPAGE)");
	fill(1);

	/* The Access flag. */
	madvise_or_fail(MADV_COLD, "MADV_COLD");
	faults = minor_faults();
	for (int i = 0; i < NPAGES; i++)
		wb_eq(area[i * pg + 8], pattern(1, i));
	check_faults("reading old pages", minor_faults() - faults, NPAGES,
		     hafdbs >= 1);

	/* The dirty state. */
	madvise_or_fail(MADV_FREE, "MADV_FREE");
	check_faults("writing clean old pages", write_even(2), NPAGES / 2,
		     hafdbs >= 2);
	check_after_pageout(2, "written");

	fill(3);
	madvise_or_fail(MADV_FREE, "MADV_FREE");
	write_even(4);
	wb_check(mprotect((void *)area, NPAGES * pg, PROT_READ) == 0,
		 "mprotect(PROT_READ)");
	wb_check(mprotect((void *)area, NPAGES * pg, PROT_READ | PROT_WRITE) == 0,
		 "mprotect(PROT_READ | PROT_WRITE)");
	check_after_pageout(4, "written, then read-only and writable again");

	fill(5);
	madvise_or_fail(MADV_FREE, "MADV_FREE");
	write_even(6);
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		_exit(0);
	wb_check(waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		 WEXITSTATUS(status) == 0, "the child did not exit cleanly");
	check_after_pageout(6, "written, then shared with a child and back");

	wb_pass("Access flag and dirty state %s",
		hafdbs >= 2 ? "set by the CPU" : "set by faults");
}
