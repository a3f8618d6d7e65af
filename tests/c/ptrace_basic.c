// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptrace on arm64, the parts debuggers and strace rely on:
 *  - PTRACE_GETREGSET NT_PRSTATUS gives struct user_pt_regs (x0-x30, sp,
 *    pc, pstate: 34 words, iov_len set to 272) of a stopped child, with
 *    exactly the values the child had; NT_PRFPREG gives V0-V31 (528 bytes);
 *    PTRACE_SETREGSET changes a register the child then sees;
 *    PEEKDATA/POKEDATA read and write its memory; PTRACE_SINGLESTEP runs
 *    one instruction and stops with SIGTRAP/TRAP_TRACE;
 *  - PTRACE_SYSCALL with PTRACE_O_TRACESYSGOOD stops with SIGTRAP | 0x80
 *    at entry and exit; x8 holds the number; arm64 reports the direction
 *    in x7 (0 entry, 1 exit) and gives the tracee its own x7 back;
 *    PTRACE_GET_SYSCALL_INFO agrees (AUDIT_ARCH_AARCH64 = 0xc00000b7);
 *  - the number is changed through NT_ARM_SYSTEM_CALL, and -1 there skips
 *    the call, the tracer's x0 becoming its result;
 *  - a task's own call -1 shows x0 = -ENOSYS at its entry stop and returns
 *    -ENOSYS, or the x0 the tracer wrote;
 *  - at the signal-delivery stop of a task whose read() the signal broke,
 *    the registers are already set to restart the call, and a pc and x0
 *    the tracer writes there are where the task goes on.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include "wb.h"

#define AUDIT_ARCH_AARCH64 0xc00000b7u

/*
 * ptrace_site(vals, out): load x0-x30 from vals[0..30] (x9 then gets SP,
 * so the tracer can check SP), q0 from vals[32..33] and q31 from
 * vals[34..35], svc, store x0-x30 to out[0..30].  The svc is at label
 * ptrace_svc.
 */
void ptrace_site(const uint64_t *vals, uint64_t *out);
extern const char ptrace_svc[];

asm(
"	.text\n"
"	.globl	ptrace_site\n"
"	.type	ptrace_site, %function\n"
"	.p2align 2\n"
"ptrace_site:\n"
"	stp	x29, x30, [sp, #-112]!\n"
"	stp	x19, x20, [sp, #16]\n"
"	stp	x21, x22, [sp, #32]\n"
"	stp	x23, x24, [sp, #48]\n"
"	stp	x25, x26, [sp, #64]\n"
"	stp	x27, x28, [sp, #80]\n"
"	str	x1, [sp, #96]\n"
"	ldr	q0, [x0, #256]\n"
"	ldr	q31, [x0, #272]\n"
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
"	mov	x9, sp\n"
"	ldr	x30, [x30, #240]\n"
"	.globl	ptrace_svc\n"
"ptrace_svc:\n"
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
"	ldr	x0, [sp, #104]\n"
"	str	x0, [x30, #240]\n"
"	ldp	x19, x20, [sp, #16]\n"
"	ldp	x21, x22, [sp, #32]\n"
"	ldp	x23, x24, [sp, #48]\n"
"	ldp	x25, x26, [sp, #64]\n"
"	ldp	x27, x28, [sp, #80]\n"
"	ldp	x29, x30, [sp], #112\n"
"	ret\n"
"	.size	ptrace_site, . - ptrace_site\n"
);

#define NEW_X19 0x1919191919191919ull

static uint64_t vals[36];
static volatile uint64_t peek_me = 0x5045454b4d450001ull;

static uint64_t pattern(int i)
{
	return 0xabc0000000000000ull | (uint64_t)i << 32 | (uint64_t)i * 0x111;
}

static void getregs(pid_t pid, struct user_regs_struct *r)
{
	struct iovec iov = { r, sizeof(*r) };

	wb_eq(ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &iov), 0);
	wb_eq(iov.iov_len, 34 * 8);
}

static void setregs(pid_t pid, struct user_regs_struct *r)
{
	struct iovec iov = { r, sizeof(*r) };

	wb_eq(ptrace(PTRACE_SETREGSET, pid, NT_PRSTATUS, &iov), 0);
}

static void wait_stop(pid_t pid, int sig)
{
	int status;

	wb_eq(waitpid(pid, &status, 0), pid);
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != sig)
		wb_fail("child status 0x%x, expected stop by %d", status, sig);
}

static void wait_exit0(pid_t pid)
{
	int status;

	wb_eq(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		wb_fail("child status 0x%x, expected exit 0 (codes: see the child's checks)",
			status);
}

/* ---- registers of a stopped child ---- */

static int regs_child(void)
{
	uint64_t out[31];

	if (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0)
		return 90;
	/* The child stops itself by tgkill(pid, tid, SIGSTOP) from the
	 * asm, so at the stop every register is known. */
	vals[0] = getpid();
	vals[1] = gettid();
	vals[2] = SIGSTOP;
	vals[8] = SYS_tgkill;
	ptrace_site(vals, out);
	if (out[0] != 0)
		return 91;		/* tgkill's result */
	if (out[19] != NEW_X19)
		return 92;		/* SETREGSET not honoured */
	for (int i = 1; i <= 30; i++)
		if (i != 9 && i != 19 && out[i] != vals[i])
			return 100 + i;	/* a register changed */
	if (peek_me != 0x706f6b6564000002ull)
		return 93;		/* POKEDATA not seen */
	return 0;
}

static void test_regs(void)
{
	struct user_regs_struct r;
	struct user_fpsimd_struct fp;
	struct iovec iov = { &fp, sizeof(fp) };
	pid_t pid;
	long word;

	for (int i = 0; i < 31; i++)
		vals[i] = pattern(i);
	vals[32] = 0x0000111122223333ull;
	vals[33] = 0x4444555566667777ull;
	vals[34] = 0x88889999aaaabbbbull;
	vals[35] = 0xccccddddeeeeffffull;

	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		_exit(regs_child());
	wait_stop(pid, SIGSTOP);

	getregs(pid, &r);
	wb_eq(r.regs[0], 0);
	wb_eq(r.regs[1], pid);		/* its tid: a single thread */
	wb_eq(r.regs[2], SIGSTOP);
	wb_eq(r.regs[8], SYS_tgkill);
	for (int i = 3; i <= 30; i++)
		if (i != 8 && i != 9 && r.regs[i] != pattern(i))
			wb_fail("NT_PRSTATUS x%d = 0x%llx, expected 0x%llx", i,
				(unsigned long long)r.regs[i],
				(unsigned long long)pattern(i));
	wb_eq(r.sp, r.regs[9]);
	wb_eq(r.sp & 15, 0);
	/* Stopped on the way out of the svc: pc is the next instruction. */
	wb_eq(r.pc, (uintptr_t)ptrace_svc + 4);
	/* M[4:0] = 0 (AArch64 EL0t) and D, A, I, F (bits 9-6) clear. */
	wb_eq(r.pstate & 0x3df, 0);

	wb_eq(ptrace(PTRACE_GETREGSET, pid, NT_PRFPREG, &iov), 0);
	wb_eq(iov.iov_len, 528);
	wb_eq((uint64_t)fp.vregs[0], vals[32]);
	wb_eq((uint64_t)(fp.vregs[0] >> 64), vals[33]);
	wb_eq((uint64_t)fp.vregs[31], vals[34]);
	wb_eq((uint64_t)(fp.vregs[31] >> 64), vals[35]);

	errno = 0;
	word = ptrace(PTRACE_PEEKDATA, pid, &peek_me, 0);
	wb_eq(errno, 0);
	wb_eq(word, 0x5045454b4d450001ull);
	wb_eq(ptrace(PTRACE_POKEDATA, pid, &peek_me, 0x706f6b6564000002ull), 0);

	r.regs[19] = NEW_X19;
	setregs(pid, &r);

	/* Three single steps (MDSCR_EL1.SS / SPSR.SS): each stops with
	 * SIGTRAP, si_code TRAP_TRACE, after exactly one instruction. */
	for (int i = 1; i <= 3; i++) {
		siginfo_t si;

		wb_eq(ptrace(PTRACE_SINGLESTEP, pid, 0, 0), 0);
		wait_stop(pid, SIGTRAP);
		wb_eq(ptrace(PTRACE_GETSIGINFO, pid, 0, &si), 0);
		wb_eq(si.si_signo, SIGTRAP);
		wb_eq(si.si_code, TRAP_TRACE);
		getregs(pid, &r);
		if (r.pc != (uintptr_t)ptrace_svc + 4 + 4 * i)
			wb_fail("after single step %d pc = 0x%llx, expected 0x%lx", i,
				(unsigned long long)r.pc,
				(unsigned long)((uintptr_t)ptrace_svc + 4 + 4 * i));
		wb_eq(r.regs[19], NEW_X19);
	}

	wb_eq(ptrace(PTRACE_CONT, pid, 0, 0), 0);
	wait_exit0(pid);
	wb_pass("NT_PRSTATUS x0-x30/sp/pc/pstate and NT_PRFPREG exact; SETREGSET, PEEK/POKEDATA, single step");
}

/* ---- system call stops ---- */

/* svc with x8 = nr and x7 = 0x7777; returns x0, *x7_after = x7. */
static uint64_t svc_x7(uint64_t nr, uint64_t *x7_after)
{
	register uint64_t x0 asm("x0") = 0;
	register uint64_t x7 asm("x7") = 0x7777;
	register uint64_t x8 asm("x8") = nr;

	asm volatile("svc #0" : "+r"(x0), "+r"(x7) : "r"(x8) : "memory");
	*x7_after = x7;
	return x0;
}

static int syscall_child(void)
{
	uint64_t x7, r;

	if (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0)
		return 90;
	raise(SIGSTOP);
	/* getppid, turned into getpid by the tracer. */
	r = svc_x7(SYS_getppid, &x7);
	if (r != (uint64_t)getpid())
		return 91;
	if (x7 != 0x7777)
		return 92;
	/* getppid, skipped by the tracer, who sets the result 4242. */
	r = svc_x7(SYS_getppid, &x7);
	if (r != 4242)
		return 93;
	if (x7 != 0x7777)
		return 94;
	/* Call -1 (x0 = 0 going in), left alone by the tracer: -ENOSYS. */
	r = svc_x7(~0ull, &x7);
	if (r != (uint64_t)-ENOSYS)
		return 95;
	/* Call -1 again, the tracer setting x0 = 777 at entry. */
	r = svc_x7(~0ull, &x7);
	if (r != 777)
		return 96;
	return 0;
}

/* Run to the next syscall stop; return 1 at entry, 0 at exit. */
static int next_syscall_stop(pid_t pid, struct user_regs_struct *r)
{
	struct __ptrace_syscall_info info;
	long n;

	wb_eq(ptrace(PTRACE_SYSCALL, pid, 0, 0), 0);
	wait_stop(pid, SIGTRAP | 0x80);
	getregs(pid, r);
	memset(&info, 0, sizeof(info));
	n = ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), &info);
	wb_check(n > 0, "PTRACE_GET_SYSCALL_INFO returned %ld", n);
	wb_eq(info.arch, AUDIT_ARCH_AARCH64);
	wb_eq(info.instruction_pointer, r->pc);
	wb_eq(info.stack_pointer, r->sp);
	/* arm64: x7 = 0 at entry, 1 at exit, in the tracer's view. */
	if (r->regs[7] == 0) {
		wb_eq(info.op, PTRACE_SYSCALL_INFO_ENTRY);
		wb_eq(info.entry.nr, r->regs[8]);
		return 1;
	}
	wb_eq(r->regs[7], 1);
	wb_eq(info.op, PTRACE_SYSCALL_INFO_EXIT);
	wb_eq(info.exit.rval, (int64_t)r->regs[0]);
	return 0;
}

/* Run to the entry of the next system call number nr. */
static void run_to_entry(pid_t pid, uint64_t nr, struct user_regs_struct *r)
{
	for (int stops = 0; !(next_syscall_stop(pid, r) && r->regs[8] == nr); stops++)
		wb_check(stops < 20, "no entry to syscall %llu in 20 syscall stops",
			 (unsigned long long)nr);
}

static int get_sysno(pid_t pid)
{
	int nr = -2;
	struct iovec iov = { &nr, sizeof(nr) };

	wb_eq(ptrace(PTRACE_GETREGSET, pid, NT_ARM_SYSTEM_CALL, &iov), 0);
	return nr;
}

static void set_sysno(pid_t pid, int nr)
{
	struct iovec iov = { &nr, sizeof(nr) };

	wb_eq(ptrace(PTRACE_SETREGSET, pid, NT_ARM_SYSTEM_CALL, &iov), 0);
}

static void test_syscall_stops(void)
{
	struct user_regs_struct r;
	pid_t pid;

	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		_exit(syscall_child());
	wait_stop(pid, SIGSTOP);
	wb_eq(ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL), 0);

	/* Past the rest of raise() to the first getppid entry. */
	run_to_entry(pid, SYS_getppid, &r);
	/* At entry: x8 and NT_ARM_SYSTEM_CALL have the number, svc just
	 * before pc. */
	wb_eq(get_sysno(pid), SYS_getppid);
	wb_eq(*(uint32_t *)(r.pc - 4), 0xd4000001u);	/* svc #0, same binary */
	set_sysno(pid, SYS_getpid);
	wb_eq(next_syscall_stop(pid, &r), 0);
	wb_eq(r.regs[0], pid);				/* getpid ran */
	wb_eq(r.regs[8], SYS_getppid);			/* x8 itself unchanged */

	/* The second getppid (after the child's own getpid() check): skip
	 * it with -1 and make x0 the result. */
	run_to_entry(pid, SYS_getppid, &r);
	r.regs[0] = 4242;
	setregs(pid, &r);
	set_sysno(pid, -1);
	wb_eq(next_syscall_stop(pid, &r), 0);
	wb_eq(r.regs[0], 4242);

	/*
	 * The child's own call -1.  The tracer sees it at entry with x0
	 * already -ENOSYS (the kernel cannot tell it from a skip, so the
	 * result is set first); left alone it returns -ENOSYS, and an x0
	 * the tracer writes at entry becomes its result.
	 */
	run_to_entry(pid, ~0ull, &r);
	wb_eq(get_sysno(pid), -1);
	wb_eq(r.regs[0], (uint64_t)-ENOSYS);
	wb_eq(next_syscall_stop(pid, &r), 0);
	wb_eq(r.regs[0], (uint64_t)-ENOSYS);
	run_to_entry(pid, ~0ull, &r);
	r.regs[0] = 777;
	setregs(pid, &r);
	wb_eq(next_syscall_stop(pid, &r), 0);
	wb_eq(r.regs[0], 777);

	wb_eq(ptrace(PTRACE_CONT, pid, 0, 0), 0);
	wait_exit0(pid);
	wb_pass("PTRACE_SYSCALL: x8, x7 entry/exit flag, syscall info, NT_ARM_SYSTEM_CALL change and skip, call -1");
}

/* ---- a tracer's edits at a signal stop win over the syscall restart ---- */

/*
 * read_site(fd, buf, len): read(2) through its own svc, at label
 * read_svc.  read_divert: where the tracer sends the child instead of
 * the restart: it returns x0 + 1 to read_site's caller.
 */
long read_site(int fd, void *buf, unsigned long len);
long read_divert(void);
extern const char read_svc[];

asm(
"	.text\n"
"	.globl	read_site\n"
"	.type	read_site, %function\n"
"	.p2align 2\n"
"read_site:\n"
"	mov	x8, #63\n"
"	.globl	read_svc\n"
"read_svc:\n"
"	svc	#0\n"
"	ret\n"
"	.size	read_site, . - read_site\n"
"	.globl	read_divert\n"
"	.type	read_divert, %function\n"
"read_divert:\n"
"	add	x0, x0, #1\n"
"	ret\n"
"	.size	read_divert, . - read_divert\n"
);

static int restart_child(int fd)
{
	char c;
	long r;

	if (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0)
		return 90;
	raise(SIGSTOP);
	/* Blocks: nobody writes the pipe.  The tracer diverts it. */
	r = read_site(fd, &c, 1);
	return r == 4142 ? 0 : 97;
}

/* Wait (up to 10 s) until the child sleeps: in its read(). */
static void wait_sleeping(pid_t pid)
{
	char path[64], buf[256], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	for (int i = 0; i < 1000; i++) {
		FILE *f = fopen(path, "r");

		wb_check(f, "open %s", path);
		p = fgets(buf, sizeof(buf), f);
		fclose(f);
		p = p ? strrchr(buf, ')') : NULL;
		if (p && p[1] == ' ' && p[2] == 'S')
			return;
		usleep(10000);
	}
	wb_fail("child %d never slept in read()", pid);
}

/*
 * A child blocked in read() on an empty pipe is interrupted by SIGUSR1,
 * which its tracer intercepts at the signal-delivery stop.  There the
 * kernel has already set the registers to restart the call (pc on the
 * svc, x0 = the fd again), as arm64 does; the tracer moves pc to
 * read_divert with x0 = 4141 and suppresses the signal.  The child must
 * go on where the tracer said (read_site returns 4142), not re-enter
 * read() and block again.
 */
static void test_restart_redirect(void)
{
	struct user_regs_struct r;
	int fds[2], status = 0;
	pid_t pid;

	wb_eq(pipe(fds), 0);
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		_exit(restart_child(fds[0]));
	wait_stop(pid, SIGSTOP);
	wb_eq(ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL), 0);
	wb_eq(ptrace(PTRACE_CONT, pid, 0, 0), 0);
	wait_sleeping(pid);
	wb_eq(kill(pid, SIGUSR1), 0);
	wait_stop(pid, SIGUSR1);

	getregs(pid, &r);
	wb_eq(r.pc, (uint64_t)read_svc);
	wb_eq(r.regs[0], fds[0]);
	wb_eq(r.regs[8], 63);
	r.pc = (uint64_t)read_divert;
	r.regs[0] = 4141;
	setregs(pid, &r);
	wb_eq(ptrace(PTRACE_CONT, pid, 0, 0), 0);

	/* A child that restarted read() instead blocks: give it 10 s. */
	for (int i = 0; i < 1000; i++) {
		pid_t w = waitpid(pid, &status, WNOHANG);

		wb_check(w >= 0, "waitpid");
		if (w == pid)
			break;
		if (i == 999) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			wb_fail("child still in read() 10 s after the tracer moved its pc away");
		}
		usleep(10000);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		wb_fail("restart child: status 0x%x (exit 97: read_site did not return 4142)",
			status);
	close(fds[0]);
	close(fds[1]);
	wb_pass("signal stop in read(): pc on the svc, x0 = fd; the tracer's new pc/x0 win over the restart");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_regs();
	test_syscall_stops();
	test_restart_redirect();
	return 0;
}
