// SPDX-License-Identifier: GPL-2.0-only
/*
 * Address space management and the faults it produces:
 *  - anonymous memory starts zeroed; memfd mappings share with the file
 *    (MAP_SHARED) or not (MAP_PRIVATE);
 *  - a write to a read-only page is SIGSEGV/SEGV_ACCERR, an access to
 *    nothing is SIGSEGV/SEGV_MAPERR, an access past the end of a mapped
 *    file is SIGBUS/BUS_ADRERR; si_addr is the exact byte address (arm64
 *    reports FAR_EL1 for data aborts);
 *  - munmap, mremap (grow in place or moved, MREMAP_FIXED), brk grow and
 *    shrink, MAP_FIXED replacing, MAP_FIXED_NOREPLACE refusing (EEXIST),
 *    MADV_DONTNEED zeroing private anonymous memory but not shared file
 *    pages, PROT_NONE guard pages;
 *  - across fork, MAP_SHARED anonymous memory is shared and MAP_PRIVATE
 *    memory is copied on write.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "wb.h"
#include "wb_fault.h"

static long pg;

/* ---- catching a fault ---- */

enum access { READ, WRITE };

/* Access one byte at addr; it must fault with (sig, code) at addr. */
static void expect_fault(const char *what, volatile char *addr, enum access how,
			 int sig, int code)
{
	wb_expect_fault(what, addr, how == WRITE, sig, code);
}

static char *map_anon(size_t len, int prot)
{
	char *p = mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	wb_check(p != MAP_FAILED, "mmap %zu bytes", len);
	return p;
}

static int all_bytes(const char *p, size_t len, int c)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != (char)c)
			return 0;
	return 1;
}

/* ---- tests ---- */

static void test_anon_and_file(void)
{
	char *a, *s, *prv;
	char buf[16];
	int fd;

	a = map_anon(4 * pg, PROT_READ | PROT_WRITE);
	wb_check(all_bytes(a, 4 * pg, 0), "fresh anonymous memory is not zero");
	memset(a, 0xa5, 4 * pg);
	wb_check(all_bytes(a, 4 * pg, 0xa5), "anonymous memory does not keep writes");
	wb_eq(munmap(a, 4 * pg), 0);

	fd = memfd_create("wb-memory", 0);
	wb_check(fd >= 0, "memfd_create");
	wb_eq(ftruncate(fd, 3 * pg), 0);
	wb_eq(pwrite(fd, "from write", 10, pg + 7), 10);
	s = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	wb_check(s != MAP_FAILED, "mmap memfd shared");
	wb_check(memcmp(s + pg + 7, "from write", 10) == 0, "shared mapping misses file data");
	memcpy(s + 2 * pg + 3, "from store", 10);
	wb_eq(pread(fd, buf, 10, 2 * pg + 3), 10);
	wb_check(memcmp(buf, "from store", 10) == 0, "file misses a store through MAP_SHARED");

	prv = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	wb_check(prv != MAP_FAILED, "mmap memfd private");
	wb_check(memcmp(prv + 2 * pg + 3, "from store", 10) == 0, "private mapping misses file data");
	memcpy(prv + 2 * pg + 3, "private!!!", 10);
	wb_eq(pread(fd, buf, 10, 2 * pg + 3), 10);
	wb_check(memcmp(buf, "from store", 10) == 0, "a MAP_PRIVATE store reached the file");
	wb_check(memcmp(s + 2 * pg + 3, "from store", 10) == 0, "a MAP_PRIVATE store reached MAP_SHARED");

	/* MADV_DONTNEED: private copy dropped (file data again); shared
	 * pages are refetched from the page cache, content kept. */
	wb_eq(madvise(prv, 3 * pg, MADV_DONTNEED), 0);
	wb_check(memcmp(prv + 2 * pg + 3, "from store", 10) == 0, "DONTNEED on private file map");
	wb_eq(madvise(s, 3 * pg, MADV_DONTNEED), 0);
	wb_check(memcmp(s + 2 * pg + 3, "from store", 10) == 0, "DONTNEED lost shared file data");

	/* Past the end of the file, inside the mapping: SIGBUS BUS_ADRERR. */
	wb_eq(ftruncate(fd, pg), 0);
	expect_fault("read past EOF", s + 2 * pg + 100, READ, SIGBUS, BUS_ADRERR);
	expect_fault("write past EOF", s + pg + 1, WRITE, SIGBUS, BUS_ADRERR);

	/* A read-only shared file mapping refuses stores. */
	munmap(s, 3 * pg);
	s = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	wb_check(s != MAP_FAILED, "mmap memfd read-only");
	expect_fault("store to PROT_READ file map", s + 17, WRITE, SIGSEGV, SEGV_ACCERR);
	munmap(s, pg);
	munmap(prv, 3 * pg);
	close(fd);
	wb_pass("anonymous zero-fill, memfd shared/private, DONTNEED on files, SIGBUS past EOF");
}

static void test_protections(void)
{
	char *p = map_anon(3 * pg, PROT_READ | PROT_WRITE);

	memset(p, 1, 3 * pg);
	wb_eq(mprotect(p, 3 * pg, PROT_READ), 0);
	wb_eq(p[pg + 5], 1);
	expect_fault("write to read-only", p + pg + 123, WRITE, SIGSEGV, SEGV_ACCERR);
	expect_fault("write to read-only (last byte)", p + 3 * pg - 1, WRITE, SIGSEGV, SEGV_ACCERR);
	wb_eq(mprotect(p, 3 * pg, PROT_READ | PROT_WRITE), 0);
	p[pg + 123] = 2;
	wb_eq(p[pg + 123], 2);

	/* A PROT_NONE guard page in the middle: both ways fault, the
	 * neighbours still work. */
	wb_eq(mprotect(p + pg, pg, PROT_NONE), 0);
	expect_fault("read PROT_NONE", p + pg, READ, SIGSEGV, SEGV_ACCERR);
	expect_fault("write PROT_NONE", p + 2 * pg - 8, WRITE, SIGSEGV, SEGV_ACCERR);
	p[pg - 1] = 3;
	p[2 * pg] = 4;
	wb_eq(p[pg - 1] + p[2 * pg], 7);
	wb_eq(mprotect(p + pg, pg, PROT_READ), 0);
	wb_eq(p[pg + 123], 2);	/* the data survived PROT_NONE */
	munmap(p, 3 * pg);
	wb_pass("mprotect read-only and PROT_NONE: SEGV_ACCERR at the exact address");
}

static void test_unmap(void)
{
	char *p = map_anon(3 * pg, PROT_READ | PROT_WRITE);

	memset(p, 7, 3 * pg);
	wb_eq(munmap(p + pg, pg), 0);
	expect_fault("read unmapped hole", p + pg + 5, READ, SIGSEGV, SEGV_MAPERR);
	expect_fault("write unmapped hole", p + 2 * pg - 1, WRITE, SIGSEGV, SEGV_MAPERR);
	wb_eq(p[pg - 1], 7);
	wb_eq(p[2 * pg], 7);
	wb_eq(munmap(p, 3 * pg), 0);	/* unmapping a hole is fine */
	expect_fault("read after munmap", p + 2 * pg + 77, READ, SIGSEGV, SEGV_MAPERR);
	wb_pass("munmap: SEGV_MAPERR at the exact address, neighbours intact");
}

static void test_mremap(void)
{
	char *p = map_anon(2 * pg, PROT_READ | PROT_WRITE), *q, *r, *target;

	for (long i = 0; i < 2 * pg; i++)
		p[i] = (char)(i * 7 + 1);
	q = mremap(p, 2 * pg, 8 * pg, MREMAP_MAYMOVE);
	wb_check(q != MAP_FAILED, "mremap grow");
	for (long i = 0; i < 2 * pg; i++)
		if (q[i] != (char)(i * 7 + 1))
			wb_fail("mremap grow lost byte %ld", i);
	wb_check(all_bytes(q + 2 * pg, 6 * pg, 0), "grown part not zero");
	if (q != p)
		expect_fault("old place after moving mremap", p, READ, SIGSEGV, SEGV_MAPERR);

	/* Move to a chosen, currently free, address. */
	target = map_anon(8 * pg, PROT_NONE);
	wb_eq(munmap(target, 8 * pg), 0);
	r = mremap(q, 8 * pg, 8 * pg, MREMAP_MAYMOVE | MREMAP_FIXED, target);
	wb_check(r == target, "mremap fixed: got %p, asked %p", r, target);
	for (long i = 0; i < 2 * pg; i++)
		if (r[i] != (char)(i * 7 + 1))
			wb_fail("mremap move lost byte %ld", i);
	expect_fault("old place after MREMAP_FIXED", q + 3 * pg, WRITE, SIGSEGV, SEGV_MAPERR);

	/* Shrink: the tail goes away. */
	wb_check(mremap(r, 8 * pg, pg, 0) == r, "mremap shrink");
	expect_fault("tail after shrink", r + pg, READ, SIGSEGV, SEGV_MAPERR);
	munmap(r, pg);
	wb_pass("mremap: grow keeps data and zero-fills, fixed move, shrink");
}

static void test_brk(void)
{
	uintptr_t cur = syscall(SYS_brk, 0), top, got;
	char *base;

	/* brk returns the new break, byte exact; the pages up to it are
	 * usable and zeroed. */
	top = cur + 16 * pg + 100;
	got = syscall(SYS_brk, top);
	wb_eq(got, top);
	base = (char *)((cur + pg - 1) & ~(pg - 1));
	wb_check(all_bytes(base, top - (uintptr_t)base, 0), "new brk memory not zero");
	memset(base, 0x3c, top - (uintptr_t)base);

	/* Shrink to one page above base: the rest is unmapped. */
	got = syscall(SYS_brk, (uintptr_t)base + pg);
	wb_eq(got, (uintptr_t)base + pg);
	wb_eq(base[pg - 1], 0x3c);
	expect_fault("above shrunk brk", base + pg, READ, SIGSEGV, SEGV_MAPERR);
	expect_fault("far above shrunk brk", base + 10 * pg + 3, WRITE, SIGSEGV, SEGV_MAPERR);

	/* Growing again gives zeroed pages, not the old contents. */
	wb_eq(syscall(SYS_brk, top), top);
	wb_eq(base[5 * pg], 0);
	wb_eq(syscall(SYS_brk, cur), cur);
	wb_pass("brk: exact break, grow zero-filled, shrink unmaps");
}

static void test_fixed_and_dontneed(void)
{
	char *p = map_anon(4 * pg, PROT_READ | PROT_WRITE), *q;

	memset(p, 9, 4 * pg);
	/* MAP_FIXED over the middle: new, zeroed pages exactly there. */
	q = mmap(p + pg, 2 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	wb_check(q == p + pg, "MAP_FIXED returned %p, asked %p", q, p + pg);
	wb_check(all_bytes(p + pg, 2 * pg, 0), "MAP_FIXED pages not zero");
	wb_eq(p[pg - 1], 9);
	wb_eq(p[3 * pg], 9);

	/* MAP_FIXED_NOREPLACE over a mapping: EEXIST, nothing changed. */
	p[pg] = 1;
	errno = 0;
	q = mmap(p + pg, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	wb_check(q == MAP_FAILED && errno == EEXIST, "MAP_FIXED_NOREPLACE gave %p", q);
	wb_eq(p[pg], 1);

	/* MADV_DONTNEED on private anonymous memory: zero on next touch. */
	memset(p, 0x77, 4 * pg);
	wb_eq(madvise(p + pg, 2 * pg, MADV_DONTNEED), 0);
	wb_check(all_bytes(p + pg, 2 * pg, 0), "MADV_DONTNEED did not zero");
	wb_eq(p[pg - 1], 0x77);
	wb_eq(p[3 * pg], 0x77);

	/* An unaligned MAP_FIXED address is EINVAL. */
	errno = 0;
	q = mmap(p + 1, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	wb_check(q == MAP_FAILED && errno == EINVAL, "unaligned MAP_FIXED gave %p", q);
	munmap(p, 4 * pg);
	wb_pass("MAP_FIXED replaces, MAP_FIXED_NOREPLACE EEXIST, MADV_DONTNEED zeroes");
}

/*
 * After fork: a MAP_SHARED anonymous mapping is one memory for both, a
 * MAP_PRIVATE one is copied on the first write by either side (the page
 * tables go read-only at fork; the write fault copies).
 */
static void test_fork_sharing(void)
{
	char *sh = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	char *pv = map_anon(4 * pg, PROT_READ | PROT_WRITE);
	int status;
	pid_t pid;

	wb_check(sh != MAP_FAILED, "mmap shared");
	memset(sh, 's', 4 * pg);
	memset(pv, 'p', 4 * pg);
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		/* Wait for the parent's private write, then check we do not
		 * see it, write ours, and flag completion in shared memory. */
		while (__atomic_load_n(&sh[0], __ATOMIC_ACQUIRE) != 'P')
			usleep(1000);
		if (pv[pg] != 'p')
			_exit(1);
		memset(pv + pg, 'c', pg);
		sh[2 * pg] = 'c';
		__atomic_store_n(&sh[0], 'C', __ATOMIC_RELEASE);
		_exit(pv[pg + 5] == 'c' ? 0 : 2);
	}
	pv[pg] = 'P';
	__atomic_store_n(&sh[0], 'P', __ATOMIC_RELEASE);
	wb_eq(waitpid(pid, &status, 0), pid);
	if (status != 0)
		wb_fail("child status 0x%x (exit 1: saw the parent's private write, 2: lost its own)",
			status);
	wb_eq(sh[0], 'C');
	wb_eq(sh[2 * pg], 'c');
	wb_eq(pv[pg], 'P');
	wb_eq(pv[pg + 5], 'p');
	munmap(sh, 4 * pg);
	munmap(pv, 4 * pg);
	wb_pass("fork: MAP_SHARED anonymous shared both ways, MAP_PRIVATE copied on write");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	pg = sysconf(_SC_PAGESIZE);
	wb_catch_faults();
	test_anon_and_file();
	test_protections();
	test_unmap();
	test_mremap();
	test_brk();
	test_fixed_and_dontneed();
	test_fork_sharing();
	return 0;
}
