// SPDX-License-Identifier: GPL-2.0-only
/*
 * Transparent huge pages, in the "madvise" mode both kernels are built
 * with (configs/common.config): a huge page is one level-2 block.
 *  - a write fault in an aligned MADV_HUGEPAGE range maps a huge page:
 *    smaps counts it in AnonHugePages; it starts zeroed and keeps what
 *    is written;
 *  - mprotect() of the whole huge page changes the block's permissions
 *    in place (still huge): stores fault with SEGV_ACCERR, PROT_NONE
 *    refuses loads, and read-write again keeps the data;
 *  - mprotect() of one base page inside it splits the block into a
 *    table of pages (the generic split, through pmdp_invalidate()): the
 *    data survive and only that page refuses stores;
 *  - after fork() a store by the child is copied: the parent's data are
 *    unchanged, and the child reads its own;
 *  - MADV_COLLAPSE gathers base pages, written one by one, into a huge
 *    page with their contents (what khugepaged does, on demand);
 *  - MADV_DONTNEED of the huge page leaves zeroes.
 * The kernel turns THP off at boot on machines with less than 512MB of
 * RAM (mm/huge_memory.c); there the test turns it on through sysfs, as
 * an administrator may, and back off at the end.
 * With 64KB pages a huge page is 512MB, more contiguous memory than most
 * guests of make check have free: the test runs with such pages only
 * where the row says the guest has room (wb_hugepages_large=1) and is
 * skipped elsewhere.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "wb.h"
#include "wb_fault.h"

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

static long pg;
static size_t hpage;

static unsigned long read_ulong(const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned long v;

	wb_check(f != NULL, "open %s", path);
	wb_check(fscanf(f, "%lu", &v) == 1, "read a number from %s", path);
	fclose(f);
	return v;
}

/* AnonHugePages (bytes) of the mapping that holds addr, from smaps. */
static unsigned long anon_huge(const void *addr)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	unsigned long start, end, kb;
	int inside = 0;
	char line[256];

	wb_check(f != NULL, "open /proc/self/smaps");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 && strchr(line, '-') < strchr(line, ' '))
			inside = (uintptr_t)addr >= start && (uintptr_t)addr < end;
		else if (inside && sscanf(line, "AnonHugePages: %lu kB", &kb) == 1) {
			fclose(f);
			return kb << 10;
		}
	}
	fclose(f);
	wb_fail("no AnonHugePages line for the mapping of %p", addr);
}

/* A read-write anonymous range of n huge pages, aligned to hpage. */
static char *map_aligned(size_t n, int advice)
{
	char *p = mmap(NULL, (n + 1) * hpage, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *a;

	wb_check(p != MAP_FAILED, "mmap %zu bytes", (n + 1) * hpage);
	a = (char *)(((uintptr_t)p + hpage - 1) & ~(uintptr_t)(hpage - 1));
	if (a > p)
		munmap(p, a - p);
	munmap(a + n * hpage, p + hpage - a);
	wb_eq(madvise(a, n * hpage, advice), 0);
	return a;
}

static int all_bytes(const char *p, size_t len, int c)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != (char)c)
			return 0;
	return 1;
}

/* Each base page holds its index in its first and last words. */
static void fill(char *p)
{
	for (size_t i = 0; i < hpage / pg; i++) {
		*(unsigned long *)(p + i * pg) = i + 1;
		*(unsigned long *)(p + (i + 1) * pg - 8) = ~(i + 1);
	}
}

static void check_fill(const char *what, const char *p)
{
	for (size_t i = 0; i < hpage / pg; i++)
		if (*(unsigned long *)(p + i * pg) != i + 1 ||
		    *(unsigned long *)(p + (i + 1) * pg - 8) != ~(i + 1))
			wb_fail("%s: page %zu of the huge page lost its data", what, i);
}

static void test_fault_and_protect(void)
{
	char *p = map_aligned(1, MADV_HUGEPAGE);

	p[0] = 1;
	wb_eq(anon_huge(p), hpage);
	wb_check(p[0] == 1 && all_bytes(p + 1, hpage - 1, 0), "a fresh huge page is not zeroed");
	fill(p);
	check_fill("after the fault", p);

	wb_eq(mprotect(p, hpage, PROT_READ), 0);
	wb_expect_fault("store to a read-only huge page", p + hpage / 2 + 3, 1, SIGSEGV, SEGV_ACCERR);
	wb_eq(mprotect(p, hpage, PROT_NONE), 0);
	wb_expect_fault("load from a PROT_NONE huge page", p + 5 * pg, 0, SIGSEGV, SEGV_ACCERR);
	wb_eq(mprotect(p, hpage, PROT_READ | PROT_WRITE), 0);
	wb_eq(anon_huge(p), hpage);
	check_fill("after mprotect of the whole huge page", p);
	wb_pass("a huge page faulted in zeroed, its protection changed in place (%zu KB)",
		hpage >> 10);

	/* One base page read-only: the block becomes a table of pages. */
	wb_eq(mprotect(p + 3 * pg, pg, PROT_READ), 0);
	wb_eq(anon_huge(p), 0);
	check_fill("after the split", p);
	wb_expect_fault("store to the read-only page of a split huge page", p + 3 * pg + 8, 1,
		    SIGSEGV, SEGV_ACCERR);
	p[2 * pg + 8] = 3;
	p[4 * pg + 8] = 4;
	wb_check(p[2 * pg + 8] == 3 && p[4 * pg + 8] == 4, "the pages beside it lost a store");
	wb_eq(munmap(p, hpage), 0);
	wb_pass("mprotect of one page split the huge page, data and protections right");
}

static void test_fork(void)
{
	char *p = map_aligned(1, MADV_HUGEPAGE);
	int status;
	pid_t pid;

	fill(p);
	wb_eq(anon_huge(p), hpage);
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		*(unsigned long *)(p + 9 * pg) = 0xc0ffee;
		_exit(*(unsigned long *)(p + 9 * pg) == 0xc0ffee &&
		      *(unsigned long *)(p + 10 * pg) == 11 ? 0 : 1);
	}
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		 "the child did not read its own store (status 0x%x)", status);
	check_fill("the parent after the child's store", p);
	*(unsigned long *)(p + 9 * pg) = 0xfeed;
	wb_eq(*(unsigned long *)(p + 9 * pg), 0xfeed);
	wb_eq(munmap(p, hpage), 0);
	wb_pass("a child's store to a shared huge page was copied");
}

static void test_collapse_and_dontneed(void)
{
	char *p = map_aligned(1, MADV_NOHUGEPAGE);

	fill(p);
	wb_eq(anon_huge(p), 0);
	wb_eq(madvise(p, hpage, MADV_HUGEPAGE), 0);
	wb_check(madvise(p, hpage, MADV_COLLAPSE) == 0, "MADV_COLLAPSE");
	wb_eq(anon_huge(p), hpage);
	check_fill("after MADV_COLLAPSE", p);
	wb_pass("MADV_COLLAPSE made %zu base pages one huge page", hpage / pg);

	wb_eq(madvise(p, hpage, MADV_DONTNEED), 0);
	wb_check(all_bytes(p, hpage, 0), "MADV_DONTNEED left data in a huge page");
	wb_eq(munmap(p, hpage), 0);
	wb_pass("MADV_DONTNEED of a huge page leaves zeroes");
}

#define THP_ENABLED "/sys/kernel/mm/transparent_hugepage/enabled"

static void set_thp_mode(const char *mode)
{
	int fd = open(THP_ENABLED, O_WRONLY);

	wb_check(fd >= 0, "open %s", THP_ENABLED);
	wb_check(write(fd, mode, strlen(mode)) == (ssize_t)strlen(mode),
		 "write %s to %s", mode, THP_ENABLED);
	close(fd);
}

static void thp_off_again(void)
{
	set_thp_mode("never");
}

int main(void)
{
	char mode[128] = "";
	unsigned long mem_kb = 0;
	FILE *f;

	pg = sysconf(_SC_PAGESIZE);
	f = fopen(THP_ENABLED, "r");
	wb_check(f != NULL, "transparent huge pages: open %s", THP_ENABLED);
	wb_check(fgets(mode, sizeof(mode), f) != NULL, "read the THP mode");
	fclose(f);
	if (strstr(mode, "[never]")) {
		f = fopen("/proc/meminfo", "r");
		wb_check(f && fscanf(f, "MemTotal: %lu kB", &mem_kb) == 1, "read MemTotal");
		fclose(f);
		wb_check(mem_kb < 512 * 1024,
			 "THP mode is %s with MemTotal %lu kB: the kernel turns it off below 512MB only",
			 mode, mem_kb);
		set_thp_mode("madvise");
		atexit(thp_off_again);
		printf("# THP off at boot (MemTotal %lu kB < 512MB): turned on for the test\n",
		       mem_kb);
	} else {
		wb_check(strstr(mode, "[madvise]") || strstr(mode, "[always]"),
			 "THP mode is %s", mode);
	}
	hpage = read_ulong("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size");
	wb_eq(hpage, pg * (pg / 8));	/* one level-2 block */
	if (hpage > (32UL << 20) && !getenv("wb_hugepages_large"))
		wb_skip("huge pages of %zu MB, and the row has not said wb_hugepages_large=1",
			hpage >> 20);

	wb_catch_faults();

	test_fault_and_protect();
	test_fork();
	test_collapse_and_dontneed();
	return 0;
}
