// SPDX-License-Identifier: GPL-2.0-only
/*
 * System calls handed bad user pointers fail with EFAULT and the kernel
 * carries on: unmapped pages, PROT_NONE and read-only pages (for stores),
 * kernel addresses (refused by access_ok()), and pointers with a tag in
 * the top byte, which user loads accept (TBI0) but which system calls
 * refuse unless the task opted in to the tagged address ABI (it has not).
 *
 * Partial copies follow Linux's rules, which differ by file type:
 *  - pipe read()/write() that fault part way return EFAULT when nothing
 *    was transferred, and a faulting pipe read consumes nothing;
 *  - a tmpfs (memfd) file read()/write() return the bytes copied before
 *    the fault (a short count).
 * Failed calls leave no side effects: pipe2() with a bad array creates no
 * descriptors.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

static long pg;

/* The call returned -1 with errno EFAULT. */
#define expect_efault(call) do {					\
	long __r;							\
	errno = 0;							\
	__r = (call);							\
	if (__r != -1 || errno != EFAULT)				\
		wb_fail("%s returned %ld errno %d (%s), expected -1 EFAULT", \
			#call, __r, errno, strerror(errno));		\
} while (0)

/* A pointer the compiler cannot see through (no -Wstringop warnings). */
static void *opaque(uintptr_t addr)
{
	asm("" : "+r"(addr));
	return (void *)addr;
}

static const uintptr_t kernel_addrs[] = {
	0xffff800010000000ull, 0xffff000000000000ull, 0xffffffffffffff00ull,
};
#define NKADDR (sizeof(kernel_addrs) / sizeof(kernel_addrs[0]))

static char *unmapped, *none, *ro, *rw_end;

/* unmapped: a page nobody maps; none: PROT_NONE; ro: PROT_READ; rw_end:
 * the last page of a read-write mapping followed by an unmapped page. */
static void setup(void)
{
	char *p = mmap(NULL, 5 * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	wb_check(p != MAP_FAILED, "mmap");
	memset(p, 'r', 5 * pg);
	rw_end = p;
	unmapped = p + pg;
	none = p + 2 * pg;
	ro = p + 3 * pg;
	wb_eq(munmap(unmapped, pg), 0);
	wb_eq(mprotect(none, pg, PROT_NONE), 0);
	wb_eq(mprotect(ro, pg, PROT_READ), 0);
}

static void test_pipe(void)
{
	char buf[32];
	int p[2];

	wb_check(pipe(p) == 0, "pipe");
	/* Source of a write. */
	expect_efault(write(p[1], opaque(1), 10));
	expect_efault(write(p[1], unmapped, 10));
	expect_efault(write(p[1], none + 100, 10));
	for (unsigned int i = 0; i < NKADDR; i++)
		expect_efault(write(p[1], (void *)kernel_addrs[i], 10));

	/* Destination of a read: the data stays in the pipe. */
	wb_eq(write(p[1], "0123456789", 10), 10);
	expect_efault(read(p[0], unmapped, 10));
	expect_efault(read(p[0], none, 10));
	expect_efault(read(p[0], ro + 1, 10));
	for (unsigned int i = 0; i < NKADDR; i++)
		expect_efault(read(p[0], (void *)kernel_addrs[i], 10));

	/* Straddling: 4 bytes fit before the hole; still EFAULT, and
	 * still nothing consumed. */
	expect_efault(read(p[0], unmapped - 4, 10));
	wb_eq(read(p[0], buf, sizeof(buf)), 10);
	wb_check(memcmp(buf, "0123456789", 10) == 0, "pipe data after faults: '%.10s'", buf);

	/* A straddling source: EFAULT, and no bytes readable after. */
	expect_efault(write(p[1], unmapped - 5, 10));
	wb_eq(fcntl(p[0], F_SETFL, O_NONBLOCK), 0);
	errno = 0;
	wb_eq(read(p[0], buf, sizeof(buf)), -1);
	wb_eq(errno, EAGAIN);

	/* readv: a good first iovec, a bad second, one pipe buffer: the
	 * copy of that buffer fails part way, so EFAULT (though 4 bytes
	 * reached the first iovec) and the buffer stays whole. */
	{
		char a[4];
		struct iovec iov[2] = { { a, 4 }, { unmapped, 6 } };

		wb_eq(write(p[1], "abcdefghij", 10), 10);
		expect_efault(readv(p[0], iov, 2));
		wb_eq(read(p[0], buf, sizeof(buf)), 10);
		wb_check(memcmp(buf, "abcdefghij", 10) == 0, "pipe after readv '%.10s'", buf);
	}
	close(p[0]);
	close(p[1]);
	wb_pass("pipe read/write: EFAULT for bad, PROT_NONE, read-only, kernel, straddling buffers");
}

static void test_file_partial(void)
{
	char buf[16];
	int fd = memfd_create("wb-uaccess", 0);

	wb_check(fd >= 0, "memfd_create");
	wb_eq(pwrite(fd, "ABCDEFGHIJ", 10, 0), 10);
	/* Read into the last 4 bytes before the hole: short read of 4. */
	wb_eq(pread(fd, rw_end + pg - 4, 10, 0), 4);
	wb_check(memcmp(rw_end + pg - 4, "ABCD", 4) == 0, "short read copied '%.4s'",
		 rw_end + pg - 4);
	/* Write from the last 5 bytes before the hole: short write of 5. */
	memcpy(rw_end + pg - 5, "vwxyz", 5);
	wb_eq(pwrite(fd, rw_end + pg - 5, 10, 100), 5);
	wb_eq(pread(fd, buf, sizeof(buf), 100), 5);
	wb_check(memcmp(buf, "vwxyz", 5) == 0, "short write stored '%.5s'", buf);
	/* Nothing at all copyable: EFAULT. */
	expect_efault(pread(fd, unmapped, 10, 0));
	expect_efault(pwrite(fd, none, 10, 0));
	close(fd);
	wb_pass("tmpfs read/write straddling a hole: short counts 4 and 5, EFAULT when none");
}

static void test_paths_and_structs(void)
{
	struct stat st;
	struct timespec ts;
	struct utsname un;
	int before, after, fds[2];

	expect_efault(stat(opaque(1), &st));
	expect_efault(stat(unmapped, &st));
	expect_efault(stat((char *)kernel_addrs[0], &st));
	expect_efault(stat("/", (struct stat *)ro));
	expect_efault(stat("/", (struct stat *)kernel_addrs[1]));
	expect_efault(open(none, O_RDONLY));
	/* A path running into the hole without a NUL. */
	memset(unmapped - 8, 'a', 8);
	expect_efault(open(unmapped - 8, O_RDONLY));

	expect_efault(syscall(SYS_getcwd, ro, 256));
	expect_efault(syscall(SYS_getcwd, (char *)kernel_addrs[2], 256));
	expect_efault(syscall(SYS_uname, ro));
	expect_efault(syscall(SYS_uname, unmapped));
	wb_eq(uname(&un), 0);

	/* The real system call, not the vDSO (which would just fault). */
	expect_efault(syscall(SYS_clock_gettime, CLOCK_MONOTONIC, ro));
	expect_efault(syscall(SYS_clock_gettime, CLOCK_REALTIME, kernel_addrs[0]));
	expect_efault(syscall(SYS_gettimeofday, unmapped, NULL));
	wb_eq(syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts), 0);

	expect_efault(syscall(SYS_rt_sigaction, SIGUSR1, unmapped, NULL, 8));
	expect_efault(syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, ro, 8));

	/* pipe2 into read-only memory: EFAULT, and the descriptors it made
	 * were closed again. */
	before = dup(0);
	close(before);
	expect_efault(syscall(SYS_pipe2, ro, 0));
	after = dup(0);
	close(after);
	wb_eq(after, before);
	wb_eq(pipe(fds), 0);
	wb_eq(fds[0], before);
	close(fds[0]);
	close(fds[1]);
	wb_pass("stat/open/getcwd/uname/clock_gettime/gettimeofday/sigaction/pipe2: EFAULT, no leaks");
}

static void test_futex(void)
{
	uint32_t *bad = (uint32_t *)unmapped;

	/* FUTEX_WAIT reads the word: EFAULT. */
	expect_efault(syscall(SYS_futex, bad, FUTEX_WAIT, 0, NULL, NULL, 0));
	expect_efault(syscall(SYS_futex, bad, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0));
	expect_efault(syscall(SYS_futex, (uint32_t *)none, FUTEX_WAIT, 0, NULL, NULL, 0));
	for (unsigned int i = 0; i < NKADDR; i++)
		expect_efault(syscall(SYS_futex, kernel_addrs[i], FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0));
	/* A shared FUTEX_WAKE looks the page up: EFAULT; a private one
	 * only hashes the address: nobody to wake, 0. */
	expect_efault(syscall(SYS_futex, bad, FUTEX_WAKE, 1, NULL, NULL, 0));
	wb_eq(syscall(SYS_futex, bad, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0);
	/* The architecture's user atomics fault cleanly: WAKE_OP's
	 * read-modify-write of word 2 and LOCK_PI's compare-exchange, on
	 * nothing, on a read-only page (EFAULT once the kernel finds the
	 * page cannot be made writable), on a kernel address. */
	{
		uint32_t w1 = 0;
		int op = FUTEX_OP(FUTEX_OP_ADD, 1, FUTEX_OP_CMP_EQ, 0);

		expect_efault(syscall(SYS_futex, &w1, FUTEX_WAKE_OP_PRIVATE, 1, 1, bad, op));
		expect_efault(syscall(SYS_futex, &w1, FUTEX_WAKE_OP_PRIVATE, 1, 1, ro, op));
		expect_efault(syscall(SYS_futex, &w1, FUTEX_WAKE_OP_PRIVATE, 1, 1,
				      kernel_addrs[0], op));
		wb_eq(*(uint32_t *)ro, 0x72727272);	/* 'rrrr', untouched */
		expect_efault(syscall(SYS_futex, bad, FUTEX_LOCK_PI_PRIVATE, 0, NULL, NULL, 0));
		expect_efault(syscall(SYS_futex, ro + 64, FUTEX_LOCK_PI_PRIVATE, 0, NULL, NULL, 0));
		expect_efault(syscall(SYS_futex, kernel_addrs[1], FUTEX_LOCK_PI_PRIVATE, 0, NULL, NULL, 0));
	}
	/* Misaligned: EINVAL before any access. */
	errno = 0;
	wb_eq(syscall(SYS_futex, (uint32_t *)(ro + 2), FUTEX_WAIT, 0, NULL, NULL, 0), -1);
	wb_eq(errno, EINVAL);
	wb_pass("futex: WAIT/WAKE_OP/LOCK_PI on unmapped, read-only, kernel: EFAULT; misaligned EINVAL");
}

static void test_tagged(void)
{
	static char data[16] = "tagged pointer!";
	char *tagged = (char *)((uintptr_t)data | 0x5aull << 56);
	int p[2];

	/* User loads ignore the top byte (TCR_EL1.TBI0). */
	wb_eq(*(volatile char *)tagged, 't');
	/* System calls do not, without PR_TAGGED_ADDR_ENABLE. */
	wb_check(pipe(p) == 0, "pipe");
	expect_efault(write(p[1], tagged, 6));
	wb_eq(write(p[1], data, 6), 6);
	expect_efault(read(p[0], tagged, 6));
	close(p[0]);
	close(p[1]);
	wb_pass("tagged pointers: user load fine (TBI0), syscalls EFAULT without opt-in");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	pg = sysconf(_SC_PAGESIZE);
	setup();
	test_pipe();
	test_file_partial();
	test_paths_and_structs();
	test_futex();
	test_tagged();
	return 0;
}
