// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process creation and reaping: fork/vfork/clone, execve with its argument
 * and environment vectors, exit statuses, death by signal, waitid's
 * siginfo, stop/continue reports, and many forks in a row.
 *
 * Relies on: POSIX wait status encoding as Linux builds it (exit code in
 * bits 8-15, terminating signal in bits 0-6); waitid filling si_signo =
 * SIGCHLD, si_code CLD_*, si_pid, si_uid, si_status; arm64's clone
 * argument order (flags, newsp, parent_tid, tls, child_tid); execve
 * failure codes (ENOENT, EACCES, ENOEXEC).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "wb.h"

extern char **environ;

#define EXEC_CODE 90

static const char *const child_argv[] = {
	"fork_exec", "--exec-child", "arg two", "", "x", NULL
};
static const char *const child_envp[] = {
	"WB_A=1", "WB_B=hello world", NULL
};

/* Run after execve: the argument and environment vectors arrive intact. */
static int exec_child(int argc, char **argv)
{
	int n = 0;

	if (argc != 5)
		return 1;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], child_argv[i]) != 0)
			return 2;
	if (argv[argc] != NULL)
		return 3;
	for (char **e = environ; *e; e++, n++)
		if (n >= 2 || strcmp(*e, child_envp[n]) != 0)
			return 4;
	if (n != 2)
		return 5;
	if (strcmp(getenv("WB_B"), "hello world") != 0)
		return 6;
	return EXEC_CODE;
}

static int wait_status(pid_t pid)
{
	int status;

	wb_eq(waitpid(pid, &status, 0), pid);
	return status;
}

static void expect_exit(pid_t pid, int code)
{
	int status = wait_status(pid);

	if (!WIFEXITED(status) || WEXITSTATUS(status) != code)
		wb_fail("pid %d: status 0x%x, expected exit code %d", pid,
			status, code);
}

static void expect_signal(pid_t pid, int sig)
{
	int status = wait_status(pid);

	if (!WIFSIGNALED(status) || WTERMSIG(status) != sig ||
	    WCOREDUMP(status))
		wb_fail("pid %d: status 0x%x, expected killed by signal %d without core",
			pid, status, sig);
}

static void test_fork(void)
{
	static volatile int cow = 1;
	pid_t parent = getpid(), pid;

	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		/* A private copy: our write must not reach the parent. */
		cow = 2;
		_exit(getppid() == parent && getpid() != parent ? 37 : 1);
	}
	expect_exit(pid, 37);
	wb_eq(cow, 1);

	/* exit(261): the parent sees 261 & 0xff = 5. */
	pid = fork();
	if (pid == 0)
		exit(261);
	expect_exit(pid, 5);
	wb_pass("fork: exit codes, getppid, copy-on-write");
}

static void test_vfork(void)
{
	static volatile int shared;
	pid_t pid;

	/* vfork's child borrows our memory and we sleep until it exits. */
	shared = 0;
	pid = vfork();
	if (pid == 0) {
		shared = 123;
		_exit(12);
	}
	wb_check(pid > 0, "vfork");
	wb_eq(shared, 123);
	expect_exit(pid, 12);
	wb_pass("vfork: child writes our memory, we resume after its exit");
}

static void test_execve(void)
{
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		execve("/proc/self/exe", (char **)child_argv, (char **)child_envp);
		_exit(99);
	}
	expect_exit(pid, EXEC_CODE);

	/* Also through vfork, the way posix_spawn-like code does it. */
	pid = vfork();
	if (pid == 0) {
		execve("/proc/self/exe", (char **)child_argv, (char **)child_envp);
		_exit(99);
	}
	expect_exit(pid, EXEC_CODE);

	/* Failures leave the caller running with the documented errno. */
	errno = 0;
	wb_eq(execve("/nonexistent/prog", (char **)child_argv, environ), -1);
	wb_eq(errno, ENOENT);
	{
		static const char text[] = "not a program\n";
		const char *path = "/tmp/fork_exec_text";
		int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);

		wb_check(fd >= 0, "create %s", path);
		wb_eq(write(fd, text, sizeof(text) - 1), sizeof(text) - 1);
		close(fd);
		/* Root bypasses permission bits, but not the rule that a
		 * regular file needs at least one execute bit. */
		errno = 0;
		wb_eq(execve(path, (char **)child_argv, environ), -1);
		wb_eq(errno, EACCES);
		wb_check(chmod(path, 0755) == 0, "chmod");
		/* No ELF magic and no "#!": no binary handler takes it. */
		errno = 0;
		wb_eq(execve(path, (char **)child_argv, environ), -1);
		wb_eq(errno, ENOEXEC);
		unlink(path);
	}
	wb_pass("execve: argv/envp carried, exit code returned, ENOENT/EACCES/ENOEXEC");
}

static void test_signaled(void)
{
	struct rlimit no_core = { 0, 0 };
	pid_t pid;

	wb_check(setrlimit(RLIMIT_CORE, &no_core) == 0, "setrlimit");

	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	wb_eq(kill(pid, SIGTERM), 0);
	expect_signal(pid, SIGTERM);

	pid = fork();
	if (pid == 0) {
		/* Through a volatile pointer, so the compiler keeps the store. */
		volatile int *volatile bad = (volatile int *)8;

		*bad = 1;
		_exit(1);
	}
	expect_signal(pid, SIGSEGV);

	pid = fork();
	if (pid == 0) {
		raise(SIGKILL);
		_exit(1);
	}
	expect_signal(pid, SIGKILL);
	wb_pass("children killed by SIGTERM/SIGSEGV/SIGKILL: WIFSIGNALED, WTERMSIG");
}

static void test_waitid(void)
{
	siginfo_t si;
	pid_t pid;

	pid = fork();
	if (pid == 0)
		_exit(77);
	memset(&si, 0, sizeof(si));
	wb_eq(waitid(P_PID, pid, &si, WEXITED), 0);
	wb_eq(si.si_signo, SIGCHLD);
	wb_eq(si.si_code, CLD_EXITED);
	wb_eq(si.si_pid, pid);
	wb_eq(si.si_uid, getuid());
	wb_eq(si.si_status, 77);

	pid = fork();
	if (pid == 0) {
		raise(SIGSTOP);
		for (;;)
			pause();
	}
	memset(&si, 0, sizeof(si));
	wb_eq(waitid(P_PID, pid, &si, WSTOPPED), 0);
	wb_eq(si.si_code, CLD_STOPPED);
	wb_eq(si.si_status, SIGSTOP);
	wb_eq(si.si_pid, pid);

	/* Nothing more to report yet: WNOHANG leaves si_pid zero. */
	memset(&si, 0, sizeof(si));
	wb_eq(waitid(P_PID, pid, &si, WEXITED | WNOHANG), 0);
	wb_eq(si.si_pid, 0);

	wb_eq(kill(pid, SIGCONT), 0);
	memset(&si, 0, sizeof(si));
	wb_eq(waitid(P_PID, pid, &si, WCONTINUED), 0);
	wb_eq(si.si_code, CLD_CONTINUED);
	wb_eq(si.si_status, SIGCONT);

	wb_eq(kill(pid, SIGKILL), 0);
	memset(&si, 0, sizeof(si));
	wb_eq(waitid(P_PID, pid, &si, WEXITED), 0);
	wb_eq(si.si_code, CLD_KILLED);
	wb_eq(si.si_status, SIGKILL);

	/* No children left. */
	errno = 0;
	wb_eq(waitid(P_ALL, 0, &si, WEXITED), -1);
	wb_eq(errno, ECHILD);
	wb_pass("waitid: CLD_EXITED/STOPPED/CONTINUED/KILLED with pid, uid, status");
}

/*
 * clone(CLONE_VM | CLONE_VFORK | SIGCHLD) by svc.  The child shares our
 * memory and our stack, so it stays inside the asm: it stores a marker
 * through the pointer in x9 and exits with code 33.  CLONE_VFORK keeps the
 * parent asleep until then, so the marker is there when svc returns in the
 * parent.
 */
static void test_clone_vfork(void)
{
	static volatile uint64_t marker;

	marker = 0;
	/* No function calls between these and the asm: they clobber x0-x18. */
	register uint64_t x0 asm("x0") = CLONE_VM | CLONE_VFORK | SIGCHLD;
	register uint64_t x1 asm("x1") = 0;	/* same stack */
	register uint64_t x2 asm("x2") = 0;
	register uint64_t x3 asm("x3") = 0;
	register uint64_t x4 asm("x4") = 0;
	register uint64_t x9 asm("x9") = (uintptr_t)&marker;

	asm volatile(
		"	mov	x8, #220\n"		/* clone */
		"	svc	#0\n"
		"	cbnz	x0, 1f\n"
		"	movz	x10, #0xbeef\n"
		"	movk	x10, #0xdead, lsl #16\n"
		"	str	x10, [x9]\n"
		"	mov	x0, #33\n"
		"	mov	x8, #93\n"		/* exit */
		"	svc	#0\n"
		"1:\n"
		: "+r"(x0)
		: "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x9)
		: "x8", "x10", "memory");
	wb_check((int64_t)x0 > 0, "clone returned %lld", (long long)x0);
	wb_eq(marker, 0xdeadbeef);
	expect_exit((pid_t)x0, 33);
	wb_pass("raw clone(CLONE_VM|CLONE_VFORK): child ran in our memory first");
}

/*
 * clone(CLONE_VM | SIGCHLD) with a new stack: the child starts with SP =
 * newsp exactly, and reports it through shared memory.
 */
static void test_clone_stack(void)
{
	static volatile uint64_t child_sp;
	size_t size = 65536;
	char *stack = mmap(NULL, size, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t top = (uintptr_t)stack + size - 64;

	wb_check(stack != MAP_FAILED, "mmap stack");
	child_sp = 0;
	register uint64_t x0 asm("x0") = CLONE_VM | SIGCHLD;
	register uint64_t x1 asm("x1") = top;
	register uint64_t x2 asm("x2") = 0;
	register uint64_t x3 asm("x3") = 0;
	register uint64_t x4 asm("x4") = 0;
	register uint64_t x9 asm("x9") = (uintptr_t)&child_sp;

	asm volatile(
		"	mov	x8, #220\n"
		"	svc	#0\n"
		"	cbnz	x0, 1f\n"
		"	mov	x10, sp\n"
		"	str	x10, [x9]\n"
		"	stp	x10, x10, [sp, #-16]!\n"	/* the stack is usable */
		"	mov	x0, #44\n"
		"	mov	x8, #93\n"
		"	svc	#0\n"
		"1:\n"
		: "+r"(x0)
		: "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x9)
		: "x8", "x10", "memory");
	wb_check((int64_t)x0 > 0, "clone returned %lld", (long long)x0);
	expect_exit((pid_t)x0, 44);
	wb_eq(child_sp, top);
	wb_eq(*(uint64_t *)(uintptr_t)(top - 16), top);
	munmap(stack, size);
	wb_pass("raw clone(CLONE_VM) with newsp: child starts on that stack");
}

static void test_many_forks(void)
{
	enum { SERIAL = 300, PARALLEL = 32 };
	pid_t pids[PARALLEL];
	int seen[PARALLEL] = { 0 };

	for (int i = 0; i < SERIAL; i++) {
		pid_t pid = fork();

		wb_check(pid >= 0, "fork %d", i);
		if (pid == 0)
			_exit(i & 0xff);
		expect_exit(pid, i & 0xff);
	}

	for (int i = 0; i < PARALLEL; i++) {
		pids[i] = fork();
		wb_check(pids[i] >= 0, "fork %d", i);
		if (pids[i] == 0) {
			usleep(1000 * (i % 4));
			_exit(100 + i);
		}
	}
	/* Reap in whatever order they finish; each pid once, right code. */
	for (int n = 0; n < PARALLEL; n++) {
		int status, i;
		pid_t pid = wait(&status);

		for (i = 0; i < PARALLEL && pids[i] != pid; i++)
			;
		wb_check(i < PARALLEL, "wait returned unknown pid %d", pid);
		wb_check(!seen[i], "pid %d reaped twice", pid);
		seen[i] = 1;
		wb_check(WIFEXITED(status) && WEXITSTATUS(status) == 100 + i,
			 "pid %d status 0x%x, expected exit %d", pid, status,
			 100 + i);
	}
	errno = 0;
	wb_eq(wait(NULL), -1);
	wb_eq(errno, ECHILD);
	wb_pass("%d forks in a row and %d at once, all reaped with their codes",
		SERIAL, PARALLEL);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--exec-child") == 0)
		return exec_child(argc, argv);

	setvbuf(stdout, NULL, _IOLBF, 0);
	test_fork();
	test_vfork();
	test_execve();
	test_signaled();
	test_waitid();
	test_clone_vfork();
	test_clone_stack();
	test_many_forks();
	return 0;
}
