// SPDX-License-Identifier: GPL-2.0-only
/*
 * HugeTLB pages at the level-2 block size (2MB with 4KB pages) and, on
 * a boot that reserved one (hugepagesz=1G hugepages=1), at the level-1
 * block size (1GB).  For each size:
 *  - the pool's pages are taken by a MAP_HUGETLB mapping when it is
 *    touched and given back by munmap() (HugePages_Free in sysfs);
 *  - a page starts zeroed and keeps what is written at both ends;
 *  - mprotect(PROT_READ) makes stores fault with SEGV_ACCERR at the
 *    address, and read-write again keeps the data;
 *  - a MAP_SHARED mapping of a memfd_create(MFD_HUGETLB) file shows the
 *    stores of another mapping of it, and of a child;
 *  - code written into a PROT_EXEC huge page runs, and so does other
 *    code written into the page after it went back to the pool and was
 *    mapped again (the I-cache made coherent for each new use);
 * and, at the level-2 size, where the pool has a spare page, a store by
 *    a child after fork() of a MAP_PRIVATE mapping is copied.
 * With 64KB pages the level-2 size is 512MB: those pages are required
 * only where the row says the guest has room (wb_hugepages_large=1),
 * and the test is skipped elsewhere.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "wb.h"
#include "wb_fault.h"

#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif
#ifndef MFD_HUGETLB
#define MFD_HUGETLB 4U
#endif

static long pg;

static char pool_dir[128];

static unsigned long pool_read(const char *file)
{
	char path[192];
	unsigned long v;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", pool_dir, file);
	f = fopen(path, "r");
	wb_check(f != NULL, "open %s", path);
	wb_check(fscanf(f, "%lu", &v) == 1, "read %s", path);
	fclose(f);
	return v;
}

static int size_shift(size_t size)
{
	return __builtin_ctzl(size);
}

static char *map_huge(size_t size, int prot, int flags)
{
	char *p = mmap(NULL, size, prot, flags | MAP_ANONYMOUS | MAP_HUGETLB |
		       (size_shift(size) << MAP_HUGE_SHIFT), -1, 0);

	wb_check(p != MAP_FAILED, "mmap a %zu KB huge page", size >> 10);
	wb_eq((uintptr_t)p & (size - 1), 0);
	return p;
}

static void test_private(size_t size)
{
	unsigned long free0 = pool_read("free_hugepages");
	char *p = map_huge(size, PROT_READ | PROT_WRITE, MAP_PRIVATE);

	p[0] = 1;
	wb_eq(pool_read("free_hugepages"), free0 - 1);
	wb_check(p[1] == 0 && p[size / 2] == 0 && p[size - 1] == 0, "a huge page is not zeroed");
	memcpy(p + 8, "first", 6);
	memcpy(p + size - 8, "last", 5);

	wb_eq(mprotect(p, size, PROT_READ), 0);
	wb_expect_fault("store to a read-only huge page", p + size / 2 + 24, 1, SIGSEGV,
			SEGV_ACCERR);
	wb_eq(mprotect(p, size, PROT_READ | PROT_WRITE), 0);
	wb_check(!memcmp(p + 8, "first", 6) && !memcmp(p + size - 8, "last", 5),
		 "a huge page lost its data across mprotect");
	p[size / 2] = 2;
	wb_eq(munmap(p, size), 0);
	wb_eq(pool_read("free_hugepages"), free0);
	wb_pass("%zu KB: taken and given back, zeroed, kept, protected", size >> 10);
}

static void test_fork_cow(size_t size)
{
	char *p = map_huge(size, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	int status;
	pid_t pid;

	memcpy(p + pg, "parent", 7);
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		memcpy(p + pg, "child!", 7);
		_exit(memcmp(p + pg, "child!", 7) ? 1 : 0);
	}
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		 "the child did not read its own store (status 0x%x)", status);
	wb_check(!memcmp(p + pg, "parent", 7), "the child's store reached the parent");
	wb_eq(munmap(p, size), 0);
	wb_pass("%zu KB: a child's store to a private huge page was copied", size >> 10);
}

static void test_shared_file(size_t size)
{
	int fd = memfd_create("wb-hugepages", MFD_HUGETLB | (size_shift(size) << MAP_HUGE_SHIFT));
	char *a, *b;
	int status;
	pid_t pid;

	wb_check(fd >= 0, "memfd_create(MFD_HUGETLB) of %zu KB pages", size >> 10);
	wb_eq(ftruncate(fd, size), 0);
	a = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	b = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	wb_check(a != MAP_FAILED && b != MAP_FAILED, "mmap the hugetlb memfd twice");
	memcpy(a + size - 64, "through a", 10);
	wb_check(!memcmp(b + size - 64, "through a", 10), "a store missing from the other mapping");
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		memcpy(a + 64, "from the child", 15);
		_exit(0);
	}
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status 0x%x", status);
	wb_check(!memcmp(b + 64, "from the child", 15), "the child's store to a shared huge page is missing");
	munmap(a, size);
	munmap(b, size);
	close(fd);
	wb_pass("%zu KB: a hugetlb file's stores seen through every mapping", size >> 10);
}

/* MOVZ W0, #imm; RET */
static int run_code(char *p, unsigned int imm)
{
	uint32_t *insn = (uint32_t *)(p + pg + 64);

	insn[0] = 0x52800000 | (imm << 5);
	insn[1] = 0xd65f03c0;
	__builtin___clear_cache((char *)insn, (char *)(insn + 2));
	return ((int (*)(void))insn)();
}

static void test_exec(size_t size)
{
	char *p = map_huge(size, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE);

	wb_eq(run_code(p, 1234), 1234);
	wb_eq(munmap(p, size), 0);
	p = map_huge(size, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE);
	wb_eq(run_code(p, 4321), 4321);
	wb_eq(munmap(p, size), 0);
	wb_pass("%zu KB: code in a huge page runs, and new code after reuse", size >> 10);
}

static void pool_set(unsigned long n)
{
	char path[192], buf[32];
	int fd, len;

	snprintf(path, sizeof(path), "%s/nr_hugepages", pool_dir);
	fd = open(path, O_WRONLY);
	wb_check(fd >= 0, "open %s", path);
	len = snprintf(buf, sizeof(buf), "%lu", n);
	wb_check(write(fd, buf, len) == len, "write %lu to %s", n, path);
	close(fd);
}

/*
 * Test the pages of one size.  Level-2 pages are added to the pool for
 * the test and the pool put back as it was; a 1GB page must have been
 * reserved at boot (the buddy allocator cannot give one at run time).
 */
static int test_size(size_t size, int required)
{
	int gigantic = size >= (1UL << 30);
	unsigned long want = gigantic ? 1 : 2, before;

	snprintf(pool_dir, sizeof(pool_dir), "/sys/kernel/mm/hugepages/hugepages-%zukB",
		 size >> 10);
	if (access(pool_dir, F_OK)) {
		if (required)
			wb_fail("%s is missing", pool_dir);
		return 0;
	}
	before = pool_read("nr_hugepages");
	if (!gigantic && before < want)
		pool_set(want);
	if (pool_read("free_hugepages") < want) {
		if (required)
			wb_fail("%s: %lu pages, %lu free, need %lu", pool_dir,
				pool_read("nr_hugepages"), pool_read("free_hugepages"), want);
		printf("# %zu KB: %lu free pages in the pool, %lu needed\n", size >> 10,
		       pool_read("free_hugepages"), want);
		if (!gigantic)
			pool_set(before);
		return 0;
	}
	test_private(size);
	test_shared_file(size);
	test_exec(size);
	if (want > 1)
		test_fork_cow(size);
	if (!gigantic)
		pool_set(before);
	return 1;
}

static int cmdline_has(const char *word)
{
	char buf[4096] = "";
	FILE *f = fopen("/proc/cmdline", "r");

	wb_check(f && fgets(buf, sizeof(buf), f), "read /proc/cmdline");
	fclose(f);
	return strstr(buf, word) != NULL;
}

int main(void)
{
	size_t pmd;

	pg = sysconf(_SC_PAGESIZE);
	pmd = pg * (pg / 8);	/* one level-2 block */
	wb_catch_faults();

	if (pmd > (32UL << 20) && !getenv("wb_hugepages_large"))
		wb_skip("huge pages of %zu MB, and the row has not said wb_hugepages_large=1",
			pmd >> 20);
	test_size(pmd, 1);
	if (pg == 4096 && !test_size(1UL << 30, cmdline_has("hugepagesz=1G")))
		printf("# 1GB pages: none reserved on this boot (hugepagesz=1G hugepages=1)\n");
	return 0;
}
