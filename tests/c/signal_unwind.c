// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unwinding out of a signal handler with libgcc's _Unwind_Backtrace,
 * as C++ exceptions, pthread cancellation and backtrace() do: from the
 * handler, through the signal frame (the kernel's sigreturn trampoline,
 * the handler's return address), to the interrupted function and on
 * to its caller.
 *  - asynchronous: SIGALRM from a timer interrupts a loop in a leaf
 *    function, whose return address is still only in x30; the unwind
 *    must give the interrupted pc exactly, then the loop's caller;
 *  - synchronous: a fault (SIGSEGV on a NULL load) in a function that
 *    has a frame, and a kill() from inside a function, through the C
 *    library's system call wrapper.
 * The unwinder may use the trampoline's DWARF unwind information or
 * recognise its two instructions; either must work.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>
#include <unwind.h>
#include "wb.h"

#define MAX_FRAMES 64

struct trace {
	uintptr_t ip[MAX_FRAMES];
	int before_insn[MAX_FRAMES];	/* a signal frame's exact pc */
	int n;
};

static struct trace trace;
static volatile uintptr_t interrupted_pc;

static _Unwind_Reason_Code collect(struct _Unwind_Context *ctx, void *arg)
{
	struct trace *t = arg;
	int before = 0;
	uintptr_t ip = _Unwind_GetIPInfo(ctx, &before);

	if (t->n == MAX_FRAMES)
		return _URC_END_OF_STACK;
	t->ip[t->n] = ip;
	t->before_insn[t->n] = before;
	t->n++;
	return _URC_NO_REASON;
}

static void take_trace(void *ucv)
{
	ucontext_t *uc = ucv;

	interrupted_pc = uc->uc_mcontext.pc;
	trace.n = 0;
	_Unwind_Backtrace(collect, &trace);
}

static void print_trace(void)
{
	int i;

	for (i = 0; i < trace.n; i++)
		printf("  #%d 0x%lx%s\n", i, (unsigned long)trace.ip[i],
		       trace.before_insn[i] ? " (signal frame)" : "");
}

/* The index of the frame whose pc is the interrupted one, or fail. */
static int find_interrupted(const char *what)
{
	int i;

	for (i = 0; i < trace.n; i++)
		if (trace.ip[i] == interrupted_pc && trace.before_insn[i])
			return i;
	print_trace();
	wb_fail("%s: the unwind never reached the interrupted pc 0x%lx (%d frames)",
		what, (unsigned long)interrupted_pc, trace.n);
	return -1;
}

/* A return address lies in [fn, fn + size). */
static int in_function(uintptr_t ip, void *fn, size_t size)
{
	return ip > (uintptr_t)fn && ip < (uintptr_t)fn + size;
}

/* ---- asynchronous: a timer interrupts a leaf loop ---- */

static volatile int stop_spin;
static volatile uintptr_t spin_return;

static void on_alarm(int sig, siginfo_t *si, void *uc)
{
	take_trace(uc);
	stop_spin = 1;
}

/* A leaf: no frame record, its return address stays in x30. */
__attribute__((noinline, noclone)) static void spin(void)
{
	while (!stop_spin)
		;
}

__attribute__((noinline, noclone)) static void spin_caller(void)
{
	spin();
	asm volatile("" ::: "memory");	/* not a tail call */
}

static void test_async(void)
{
	struct sigaction sa = { .sa_sigaction = on_alarm, .sa_flags = SA_SIGINFO };
	struct itimerval it = { .it_value = { 0, 20000 } };
	int i;

	sigemptyset(&sa.sa_mask);
	wb_check(sigaction(SIGALRM, &sa, NULL) == 0, "sigaction");
	stop_spin = 0;
	wb_check(setitimer(ITIMER_REAL, &it, NULL) == 0, "setitimer");
	spin_caller();

	i = find_interrupted("SIGALRM in a leaf");
	/* The handler's return address, the trampoline, comes just before. */
	wb_check(i >= 1, "no frame between the handler and the interrupted pc");
	wb_check(i + 1 < trace.n, "the unwind stopped at the interrupted pc");
	if (!in_function(trace.ip[i + 1], (void *)spin_caller, 64)) {
		print_trace();
		wb_fail("after the interrupted pc 0x%lx came 0x%lx, not spin_caller at %p",
			(unsigned long)interrupted_pc, (unsigned long)trace.ip[i + 1],
			(void *)spin_caller);
	}
	wb_pass("SIGALRM: handler -> trampoline 0x%lx -> interrupted 0x%lx -> caller 0x%lx, %d frames",
		(unsigned long)trace.ip[i - 1], (unsigned long)interrupted_pc,
		(unsigned long)trace.ip[i + 1], trace.n);
}

/* ---- synchronous: a fault, and kill() through the C library ---- */

static sigjmp_buf out;
/* NULL, out of the compiler's sight: it must emit the load, not a trap. */
static volatile int *volatile bad_ptr;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	take_trace(uc);
	siglongjmp(out, 1);
}

__attribute__((noinline, noclone)) static int faulting_load(volatile int *p)
{
	return *p + 1;
}

__attribute__((noinline, noclone)) static int fault_caller(volatile int *p)
{
	int r = faulting_load(p);

	asm volatile("" ::: "memory");
	return r;
}

static void test_fault(void)
{
	struct sigaction sa = { .sa_sigaction = on_segv, .sa_flags = SA_SIGINFO };
	int i;

	sigemptyset(&sa.sa_mask);
	wb_check(sigaction(SIGSEGV, &sa, NULL) == 0, "sigaction");
	if (!sigsetjmp(out, 1)) {
		fault_caller(bad_ptr);
		wb_fail("a load from NULL did not fault");
	}
	signal(SIGSEGV, SIG_DFL);

	i = find_interrupted("SIGSEGV");
	wb_check(in_function(interrupted_pc + 1, (void *)faulting_load, 64),
		 "faulting pc 0x%lx not in faulting_load at %p",
		 (unsigned long)interrupted_pc, (void *)faulting_load);
	if (i + 1 >= trace.n || !in_function(trace.ip[i + 1], (void *)fault_caller, 64)) {
		print_trace();
		wb_fail("the frame after the faulting load is not fault_caller at %p",
			(void *)fault_caller);
	}
	wb_pass("SIGSEGV: unwound to the faulting load 0x%lx and its caller 0x%lx",
		(unsigned long)interrupted_pc, (unsigned long)trace.ip[i + 1]);
}

static volatile int got_usr1;

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	take_trace(uc);
	got_usr1 = 1;
}

__attribute__((noinline, noclone)) static void send_self(void)
{
	kill(getpid(), SIGUSR1);
	asm volatile("" ::: "memory");
}

static void test_kill(void)
{
	struct sigaction sa = { .sa_sigaction = on_usr1, .sa_flags = SA_SIGINFO };
	int i, j;

	sigemptyset(&sa.sa_mask);
	wb_check(sigaction(SIGUSR1, &sa, NULL) == 0, "sigaction");
	got_usr1 = 0;
	send_self();
	wb_eq(got_usr1, 1);

	i = find_interrupted("SIGUSR1 from kill()");
	/* Past the C library's kill() to send_self, then to us. */
	for (j = i + 1; j < trace.n; j++)
		if (in_function(trace.ip[j], (void *)send_self, 64))
			break;
	if (j == trace.n) {
		print_trace();
		wb_fail("the unwind from kill() never reached send_self at %p",
			(void *)send_self);
	}
	wb_pass("SIGUSR1: unwound through kill() at 0x%lx to send_self 0x%lx",
		(unsigned long)interrupted_pc, (unsigned long)trace.ip[j]);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_async();
	test_fault();
	test_kill();
	return 0;
}
