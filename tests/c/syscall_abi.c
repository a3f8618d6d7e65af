// SPDX-License-Identifier: GPL-2.0-only
/*
 * The arm64 system call ABI seen from a raw "svc #0":
 *
 *  - the number is in x8, the arguments in x0-x5, the result in x0;
 *  - every other general register (x1-x30), SP, NZCV and the user stack
 *    (above and below SP) come back exactly as they were: the kernel saves
 *    the whole of struct pt_regs on entry and restores it on return, and
 *    only regs[0] carries the result;
 *  - a number without a system call returns -ENOSYS, -1 included;
 *  - the number is the low 32 bits of x8;
 *  - the numbers are asm-generic's (write 64, openat 56, close 57, exit 93,
 *    clone 220, mmap 222 ...), checked here by what each call actually
 *    does, with all six argument registers in use;
 *  - clone's child gets a copy of every register of its parent, with x0 = 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "wb.h"

/*
 * struct probe: r[0..30] are loaded into x0-x30 before the svc and hold
 * x0-x30 after it.  The other slots:
 *   SP_SLOT     out: SP after the svc          BEFORE_SP  out: SP before
 *   PAT         4 words stored at [sp, #0..31] of the probe's frame, read
 *               back after the svc
 *   BELOW       2 words stored at [sp, #-16] (below SP), read back after
 *   NZCV_SLOT   in: value for NZCV before the svc; out: NZCV after
 */
#define SP_SLOT		31
#define PAT		32
#define BELOW		36
#define BEFORE_SP	38
#define NZCV_SLOT	39
#define NSLOTS		40

struct probe {
	uint64_t r[NSLOTS];
};

void svc_probe(const struct probe *in, struct probe *out);

asm(
"	.text\n"
"	.globl	svc_probe\n"
"	.type	svc_probe, %function\n"
"	.p2align 2\n"
"svc_probe:\n"
"	stp	x29, x30, [sp, #-160]!\n"
"	mov	x29, sp\n"
"	stp	x19, x20, [sp, #16]\n"
"	stp	x21, x22, [sp, #32]\n"
"	stp	x23, x24, [sp, #48]\n"
"	stp	x25, x26, [sp, #64]\n"
"	stp	x27, x28, [sp, #80]\n"
"	str	x1, [sp, #96]\n"		/* out; [sp, #104] keeps x30 */
"	ldp	x2, x3, [x0, #256]\n"		/* PAT -> [sp, #112..143] */
"	stp	x2, x3, [sp, #112]\n"
"	ldp	x2, x3, [x0, #272]\n"
"	stp	x2, x3, [sp, #128]\n"
"	ldp	x2, x3, [x0, #288]\n"		/* BELOW -> [sp, #-16] */
"	stp	x2, x3, [sp, #-16]\n"
"	mov	x2, sp\n"
"	str	x2, [x1, #304]\n"		/* BEFORE_SP */
"	ldr	x2, [x0, #312]\n"
"	msr	nzcv, x2\n"
"	mov	x30, x0\n"
"	ldp	x0, x1, [x30, #0]\n"
"	ldp	x2, x3, [x30, #16]\n"
"	ldp	x4, x5, [x30, #32]\n"
"	ldp	x6, x7, [x30, #48]\n"
"	ldp	x8, x9, [x30, #64]\n"
"	ldp	x10, x11, [x30, #80]\n"
"	ldp	x12, x13, [x30, #96]\n"
"	ldp	x14, x15, [x30, #112]\n"
"	ldp	x16, x17, [x30, #128]\n"
"	ldp	x18, x19, [x30, #144]\n"
"	ldp	x20, x21, [x30, #160]\n"
"	ldp	x22, x23, [x30, #176]\n"
"	ldp	x24, x25, [x30, #192]\n"
"	ldp	x26, x27, [x30, #208]\n"
"	ldp	x28, x29, [x30, #224]\n"
"	ldr	x30, [x30, #240]\n"
"	svc	#0\n"
"	str	x30, [sp, #104]\n"
"	ldr	x30, [sp, #96]\n"
"	stp	x0, x1, [x30, #0]\n"
"	stp	x2, x3, [x30, #16]\n"
"	stp	x4, x5, [x30, #32]\n"
"	stp	x6, x7, [x30, #48]\n"
"	stp	x8, x9, [x30, #64]\n"
"	stp	x10, x11, [x30, #80]\n"
"	stp	x12, x13, [x30, #96]\n"
"	stp	x14, x15, [x30, #112]\n"
"	stp	x16, x17, [x30, #128]\n"
"	stp	x18, x19, [x30, #144]\n"
"	stp	x20, x21, [x30, #160]\n"
"	stp	x22, x23, [x30, #176]\n"
"	stp	x24, x25, [x30, #192]\n"
"	stp	x26, x27, [x30, #208]\n"
"	stp	x28, x29, [x30, #224]\n"
"	mrs	x0, nzcv\n"
"	str	x0, [x30, #312]\n"
"	ldr	x0, [sp, #104]\n"
"	str	x0, [x30, #240]\n"
"	mov	x0, sp\n"
"	str	x0, [x30, #248]\n"
"	ldp	x0, x1, [sp, #112]\n"
"	stp	x0, x1, [x30, #256]\n"
"	ldp	x0, x1, [sp, #128]\n"
"	stp	x0, x1, [x30, #272]\n"
"	ldp	x0, x1, [sp, #-16]\n"
"	stp	x0, x1, [x30, #288]\n"
"	ldp	x19, x20, [sp, #16]\n"
"	ldp	x21, x22, [sp, #32]\n"
"	ldp	x23, x24, [sp, #48]\n"
"	ldp	x25, x26, [sp, #64]\n"
"	ldp	x27, x28, [sp, #80]\n"
"	ldp	x29, x30, [sp], #160\n"
"	ret\n"
"	.size	svc_probe, . - svc_probe\n"
);

/* A distinct, recognisable value for every register and stack slot. */
static void fill(struct probe *in, uint64_t seed)
{
	for (int i = 0; i < NSLOTS; i++)
		in->r[i] = 0xc0de000000000000ull ^ ((uint64_t)i << 40) ^
			   ((uint64_t)i * 0x01010101ull) ^ seed;
	in->r[NZCV_SLOT] = (seed & 1) ? 0x90000000ull : 0x60000000ull;
}

/*
 * Everything except x0 must be as loaded, the argument registers x1-x5
 * included.
 */
static void check_preserved(const char *what, const struct probe *in,
			    const struct probe *out)
{
	for (int i = 1; i <= 30; i++)
		if (out->r[i] != in->r[i])
			wb_fail("%s: x%d = 0x%llx after svc, expected 0x%llx",
				what, i, (unsigned long long)out->r[i],
				(unsigned long long)in->r[i]);
	if (out->r[SP_SLOT] != out->r[BEFORE_SP])
		wb_fail("%s: sp = 0x%llx after svc, was 0x%llx", what,
			(unsigned long long)out->r[SP_SLOT],
			(unsigned long long)out->r[BEFORE_SP]);
	for (int i = PAT; i < PAT + 6; i++)
		if (out->r[i] != in->r[i])
			wb_fail("%s: stack word %d = 0x%llx after svc, expected 0x%llx",
				what, i - PAT, (unsigned long long)out->r[i],
				(unsigned long long)in->r[i]);
	/* PSTATE.NZCV is part of SPSR_EL1, restored by the eret. */
	if (out->r[NZCV_SLOT] != in->r[NZCV_SLOT])
		wb_fail("%s: nzcv = 0x%llx after svc, expected 0x%llx", what,
			(unsigned long long)out->r[NZCV_SLOT],
			(unsigned long long)in->r[NZCV_SLOT]);
}

static struct probe run(const char *what, uint64_t seed, uint64_t nr,
			const uint64_t *args, int nargs)
{
	struct probe in, out;

	fill(&in, seed);
	in.r[8] = nr;
	for (int i = 0; i < nargs; i++)
		in.r[i] = args[i];
	memset(&out, 0, sizeof(out));
	svc_probe(&in, &out);
	check_preserved(what, &in, &out);
	return out;
}

static void test_simple_calls(void)
{
	struct probe out;

	out = run("getpid", 0x11, 172, NULL, 0);
	wb_eq(out.r[0], getpid());
	out = run("getppid", 0x22, 173, NULL, 0);
	wb_eq(out.r[0], getppid());
	out = run("gettid", 0x33, 178, NULL, 0);
	wb_eq(out.r[0], gettid());
	out = run("getuid", 0x44, 174, NULL, 0);
	wb_eq(out.r[0], getuid());
	wb_pass("getpid/getppid/gettid/getuid through svc keep x1-x30, sp, nzcv, stack");
}

static void test_enosys(void)
{
	/* Numbers past __NR_syscalls, 244 (asm-generic's unused
	 * arch-specific slot, which arm64 does not fill), and -1, which
	 * is also how a tracer or seccomp skips a call: untraced, it
	 * must not leave the caller's x0 as its result. */
	static const uint64_t bad[] = { 244, 1000, 4095, 0x7fffffff,
					~0ull, 0xffffffffull };

	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char what[64];
		struct probe out;

		snprintf(what, sizeof(what), "syscall %llu",
			 (unsigned long long)bad[i]);
		out = run(what, 0x55 + i, bad[i], NULL, 0);
		if ((int64_t)out.r[0] != -ENOSYS)
			wb_fail("%s returned %lld, expected -ENOSYS (%d)", what,
				(long long)out.r[0], -ENOSYS);
	}
	/* The libc wrapper path agrees. */
	errno = 0;
	wb_eq(syscall(1000), -1);
	wb_eq(errno, ENOSYS);
	wb_pass("unknown syscall numbers (-1 too) return -ENOSYS and keep every register");
}

/* arm64 reads the number as the low 32 bits of x8: the upper half does
 * not count. */
static void test_number_width(void)
{
	struct probe out;

	out = run("getpid with x8 bit 32 set", 0x66, (1ull << 32) | 172,
		  NULL, 0);
	wb_eq(out.r[0], getpid());
	out = run("getppid with x8[63:32] all ones", 0x77,
		  0xffffffff00000000ull | 173, NULL, 0);
	wb_eq(out.r[0], getppid());
	wb_pass("the system call number is the low 32 bits of x8");
}

/* write = 64, read = 63, openat = 56, close = 57, fstat = 80. */
static void test_file_calls(void)
{
	static const char msg[] = "through x8=64";
	char buf[64], path[] = "/proc/self/exe";
	struct stat st_raw, st;
	uint64_t args[6];
	struct probe out;
	int p[2], fd;

	wb_check(pipe(p) == 0, "pipe");
	args[0] = p[1];
	args[1] = (uintptr_t)msg;
	args[2] = sizeof(msg);
	out = run("write(64)", 0x66, 64, args, 3);
	wb_eq(out.r[0], sizeof(msg));
	wb_eq(read(p[0], buf, sizeof(buf)), sizeof(msg));
	wb_check(memcmp(buf, msg, sizeof(msg)) == 0, "pipe carries the bytes written with x8=64");

	wb_eq(write(p[1], "xyz", 3), 3);
	args[0] = p[0];
	args[1] = (uintptr_t)buf;
	args[2] = sizeof(buf);
	memset(buf, 0, sizeof(buf));
	out = run("read(63)", 0x77, 63, args, 3);
	wb_eq(out.r[0], 3);
	wb_check(memcmp(buf, "xyz", 3) == 0, "read with x8=63 got '%.3s'", buf);

	args[0] = (uint64_t)AT_FDCWD;
	args[1] = (uintptr_t)path;
	args[2] = O_RDONLY | O_CLOEXEC;
	args[3] = 0;
	out = run("openat(56)", 0x88, 56, args, 4);
	fd = (int)out.r[0];
	wb_check(fd >= 0, "openat through svc returned %d", fd);
	args[0] = fd;
	args[1] = (uintptr_t)&st_raw;
	out = run("fstat(80)", 0x99, 80, args, 2);
	wb_eq(out.r[0], 0);
	wb_check(stat(path, &st) == 0, "stat");
	wb_eq(st_raw.st_ino, st.st_ino);
	wb_eq(st_raw.st_dev, st.st_dev);
	wb_eq(st_raw.st_size, st.st_size);

	args[0] = fd;
	out = run("close(57)", 0xaa, 57, args, 1);
	wb_eq(out.r[0], 0);
	wb_check(fcntl(fd, F_GETFD) == -1 && errno == EBADF,
		 "fd %d still open after close with x8=57", fd);
	close(p[0]);
	close(p[1]);
	wb_pass("write/read/openat/fstat/close by number do what they should");
}

/*
 * All six argument registers: pread64 = 67 (offset in x3) and mmap = 222
 * (fd in x4, offset in x5), each checked by the data it finds where only
 * the right offset leads.
 */
static void test_six_args(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	int fd = memfd_create("wb-syscall-abi", 0);
	uint64_t args[6];
	struct probe out;
	char buf[8];
	char *p;

	wb_check(fd >= 0, "memfd_create");
	wb_eq(ftruncate(fd, 3 * pg), 0);
	wb_eq(pwrite(fd, "page-two", 8, 2 * pg), 8);
	wb_eq(pwrite(fd, "offset77", 8, 77), 8);

	args[0] = fd;
	args[1] = (uintptr_t)buf;
	args[2] = 8;
	args[3] = 77;
	out = run("pread64(67)", 0xd1, 67, args, 4);
	wb_eq(out.r[0], 8);
	wb_check(memcmp(buf, "offset77", 8) == 0, "pread64 at x3 = 77 read '%.8s'", buf);

	args[0] = 0;
	args[1] = pg;
	args[2] = PROT_READ;
	args[3] = MAP_SHARED;
	args[4] = fd;
	args[5] = 2 * pg;
	out = run("mmap(222)", 0xd2, 222, args, 6);
	p = (char *)(uintptr_t)out.r[0];
	wb_check((uintptr_t)p % pg == 0 && (int64_t)out.r[0] > 0,
		 "mmap through svc returned 0x%llx", (unsigned long long)out.r[0]);
	wb_check(memcmp(p, "page-two", 8) == 0, "mmap at x5 = 2 pages shows '%.8s'", p);
	munmap(p, pg);
	close(fd);
	wb_pass("pread64(67) and mmap(222): x3, x4, x5 carry arguments and survive");
}

/* exit = 93, exit_group = 94: the status reaches wait(). */
static void test_exit(void)
{
	static const struct { uint64_t nr; int code; } c[] = {
		{ 93, 42 }, { 94, 7 }, { 93, 0x1ff },
	};

	for (unsigned int i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		int status;
		pid_t pid = fork();

		wb_check(pid >= 0, "fork");
		if (pid == 0) {
			uint64_t arg = c[i].code;

			run("exit", 0xbb, c[i].nr, &arg, 1);
			_exit(100);	/* exit returned: wrong number */
		}
		wb_eq(waitpid(pid, &status, 0), pid);
		wb_check(WIFEXITED(status), "status 0x%x", status);
		/* Only the low 8 bits of the code reach the parent. */
		wb_eq(WEXITSTATUS(status), c[i].code & 0xff);
	}
	wb_pass("exit(93)/exit_group(94) through svc deliver the status");
}

/*
 * clone = 220, arm64 argument order (CLONE_BACKWARDS): flags, newsp,
 * parent_tid, tls, child_tid.  With newsp = 0 the child continues on a
 * copy of our stack; it returns from the same svc with x0 = 0 and every
 * other register as its parent had them.
 */
static void test_clone(void)
{
	uint64_t args[5] = { SIGCHLD, 0, 0, 0, 0 };
	struct probe in, out;
	int status;

	fill(&in, 0xcc);
	in.r[8] = 220;
	for (int i = 0; i < 5; i++)
		in.r[i] = args[i];
	svc_probe(&in, &out);
	if (out.r[0] == 0) {
		/* Child: report a mismatch by exit status, not by printing
		 * twice from both processes. */
		for (int i = 1; i <= 30; i++)
			if (out.r[i] != in.r[i])
				_exit(10 + i);
		if (out.r[SP_SLOT] != out.r[BEFORE_SP])
			_exit(50);
		if (out.r[NZCV_SLOT] != in.r[NZCV_SLOT])
			_exit(51);
		for (int i = PAT; i < PAT + 6; i++)
			if (out.r[i] != in.r[i])
				_exit(52);
		_exit(0);
	}
	wb_check((int64_t)out.r[0] > 0, "clone returned %lld", (long long)out.r[0]);
	check_preserved("clone (parent)", &in, &out);
	wb_eq(waitpid((pid_t)out.r[0], &status, 0), (pid_t)out.r[0]);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		wb_fail("clone child: status 0x%x (exit 11..41 = x(N-10) differs, 50 sp, 51 nzcv, 52 stack)",
			status);
	wb_pass("clone(220): child has x0 = 0 and all its parent's registers");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_simple_calls();
	test_enosys();
	test_number_width();
	test_file_calls();
	test_six_args();
	test_exit();
	test_clone();
	return 0;
}
