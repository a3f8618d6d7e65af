// SPDX-License-Identifier: GPL-2.0-only
/*
 * Signal delivery and return on arm64:
 *  - handlers run; SA_SIGINFO's siginfo says who sent what (si_code
 *    SI_USER for kill, SI_QUEUE for sigqueue with its si_value, SI_TKILL
 *    for tgkill) and the ucontext has the interrupted mask and altstack;
 *  - sigaltstack: an SA_ONSTACK handler's SP is inside the alternate stack
 *    (16-byte aligned, as AAPCS64 requires) and
 *    sigaltstack() reports SS_ONSTACK there;
 *  - nesting: another signal is taken inside a handler, the handler's own
 *    signal is held until it returns; blocked signals stay pending, plain
 *    signals coalesce, real-time ones queue in order;
 *  - syscall restart: a blocking read() is resumed after an SA_RESTART
 *    handler and fails with EINTR without it; nanosleep returns EINTR with
 *    the time left; across a stop and continue (no handler) both are
 *    restarted transparently (pc back to the svc, x0 from orig_x0, or
 *    restart_syscall for nanosleep);
 *  - the frame: the interrupted pc/sp/registers in uc_mcontext, a frame
 *    record for unwinders, siginfo then ucontext, and a return through the
 *    vDSO's rt_sigreturn trampoline;
 *  - rt_sigreturn honours a changed register in the frame and refuses a
 *    tampered one (PSTATE of EL1h, DAIF masked, an unknown record magic in
 *    __reserved) with SIGSEGV.
 */
#define _GNU_SOURCE
#include <asm/sigcontext.h>
#include <signal.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include "wb.h"

static void set_handler(int sig, void (*fn)(int, siginfo_t *, void *), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO | flags;
	sigemptyset(&sa.sa_mask);
	wb_check(sigaction(sig, &sa, NULL) == 0, "sigaction(%d)", sig);
}

static void set_default(int sig)
{
	signal(sig, SIG_DFL);
}

/* ---- siginfo ---- */

/*
 * What the handlers saw.  Everything a handler writes is volatile: the
 * compiler may otherwise keep a value loaded before a kill() in a register
 * across it, not knowing that the call runs the handler.
 */
static volatile int got_count, got_signo, got_code, got_pid, got_uid;
static volatile uintptr_t got_value;
static volatile int got_blocked_inside;	/* the signal blocked in its handler */
static volatile int got_uc_has_sig;	/* ... and in uc_sigmask (it must not be) */

static void record(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	sigset_t now;

	got_signo = si->si_signo;
	got_code = si->si_code;
	got_pid = si->si_pid;
	got_uid = si->si_uid;
	got_value = (uintptr_t)si->si_value.sival_ptr;
	got_uc_has_sig = sigismember(&uc->uc_sigmask, sig);
	sigprocmask(SIG_BLOCK, NULL, &now);
	got_blocked_inside = sigismember(&now, sig);
	got_count++;
}

static void test_siginfo(void)
{
	union sigval v;
	pid_t pid;
	int status;

	/* SA_RESTART: the child's signal must not fail our waitpid(). */
	set_handler(SIGUSR1, record, SA_RESTART);
	set_handler(SIGUSR2, record, SA_RESTART);

	got_count = 0;
	wb_eq(kill(getpid(), SIGUSR1), 0);
	/* A signal sent to ourselves is delivered before kill() returns. */
	wb_eq(got_count, 1);
	wb_eq(got_signo, SIGUSR1);
	wb_eq(got_code, SI_USER);
	wb_eq(got_pid, getpid());
	wb_eq(got_uid, getuid());
	wb_eq(got_blocked_inside, 1);
	wb_eq(got_uc_has_sig, 0);

	v.sival_ptr = (void *)0x1122334455667788ull;
	wb_eq(sigqueue(getpid(), SIGUSR2, v), 0);
	wb_eq(got_count, 2);
	wb_eq(got_signo, SIGUSR2);
	wb_eq(got_code, SI_QUEUE);
	wb_eq(got_pid, getpid());
	wb_eq(got_value, 0x1122334455667788ull);

	wb_eq(syscall(SYS_tgkill, getpid(), gettid(), SIGUSR1), 0);
	wb_eq(got_count, 3);
	wb_eq(got_code, SI_TKILL);
	wb_eq(got_pid, getpid());

	/* From another process: si_pid is the sender. */
	pid = fork();
	if (pid == 0)
		_exit(kill(getppid(), SIGUSR2) == 0 ? 0 : 1);
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_eq(status, 0);
	/* Delivered at the latest on return from waitpid. */
	wb_eq(got_count, 4);
	wb_eq(got_code, SI_USER);
	wb_eq(got_pid, pid);
	wb_pass("siginfo: SI_USER/SI_QUEUE (64-bit si_value)/SI_TKILL, si_pid, mask in handler");
}

/* ---- sigaltstack ---- */

#define ALT_SIZE (64 * 1024)
static char alt_stack[ALT_SIZE] __attribute__((aligned(16)));
static volatile uintptr_t alt_sp, alt_uc_sp;
static volatile int alt_onstack;
static volatile size_t alt_uc_size;

static void on_alt(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	stack_t cur;

	asm volatile("mov %0, sp" : "=r"(alt_sp));
	sigaltstack(NULL, &cur);
	alt_onstack = cur.ss_flags;
	alt_uc_sp = (uintptr_t)uc->uc_stack.ss_sp;
	alt_uc_size = uc->uc_stack.ss_size;
}

static void test_altstack(void)
{
	stack_t ss = { .ss_sp = alt_stack, .ss_size = ALT_SIZE, .ss_flags = 0 };
	stack_t cur;
	uintptr_t lo = (uintptr_t)alt_stack, hi = lo + ALT_SIZE;
	char here;

	wb_check(sigaltstack(&ss, NULL) == 0, "sigaltstack");
	set_handler(SIGUSR1, on_alt, SA_ONSTACK);
	raise(SIGUSR1);
	wb_check(alt_sp >= lo && alt_sp < hi,
		 "handler sp 0x%lx outside the alternate stack [0x%lx, 0x%lx)",
		 (unsigned long)alt_sp, (unsigned long)lo, (unsigned long)hi);
	wb_eq(alt_sp & 15, 0);
	wb_eq(alt_onstack, SS_ONSTACK);
	wb_eq(alt_uc_sp, lo);
	wb_eq(alt_uc_size, ALT_SIZE);
	wb_check(sigaltstack(NULL, &cur) == 0, "sigaltstack query");
	wb_eq(cur.ss_flags, 0);

	/* Without SA_ONSTACK the handler stays on the thread's stack. */
	set_handler(SIGUSR1, on_alt, 0);
	raise(SIGUSR1);
	wb_check(alt_sp < lo || alt_sp >= hi, "handler without SA_ONSTACK on the altstack");
	wb_check(alt_sp < (uintptr_t)&here && (uintptr_t)&here - alt_sp < 65536,
		 "handler sp 0x%lx not just below ours 0x%lx",
		 (unsigned long)alt_sp, (unsigned long)&here);
	wb_eq(alt_onstack, 0);

	ss.ss_flags = SS_DISABLE;
	wb_check(sigaltstack(&ss, NULL) == 0, "sigaltstack disable");
	wb_pass("sigaltstack: handler sp inside and aligned, SS_ONSTACK, uc_stack");
}

/* ---- nesting, blocking, queueing ---- */

static volatile int trace[16], ntrace;
static volatile int depth;

static void nest_inner(int sig, siginfo_t *si, void *uc)
{
	trace[ntrace++] = 100 * (depth + 1) + sig;
}

static void nest_outer(int sig, siginfo_t *si, void *uc)
{
	static int runs;

	depth++;
	trace[ntrace++] = 100 * depth + sig;
	if (++runs == 1) {
		/* SIGUSR1 is blocked while its handler runs: held back. */
		raise(SIGUSR1);
		/* SIGUSR2 is not: its handler runs now, one level deeper. */
		raise(SIGUSR2);
	}
	trace[ntrace++] = 100 * depth + 99;
	depth--;
}

static void rt_record(int sig, siginfo_t *si, void *uc)
{
	trace[ntrace++] = si->si_value.sival_int;
}

static void test_nesting_and_masks(void)
{
	static const int nested[] = {
		100 + SIGUSR1,	/* outer handler, depth 1 */
		200 + SIGUSR2,	/* SIGUSR2 inside it, depth 2 */
		199,		/* outer handler ends */
		100 + SIGUSR1,	/* the held SIGUSR1 runs after return */
		199,
	};
	sigset_t block, pending, old;

	set_handler(SIGUSR1, nest_outer, 0);
	set_handler(SIGUSR2, nest_inner, 0);
	ntrace = 0;
	raise(SIGUSR1);
	wb_eq(ntrace, 5);
	for (int i = 0; i < 5; i++)
		if (trace[i] != nested[i])
			wb_fail("nesting trace[%d] = %d, expected %d", i,
				trace[i], nested[i]);

	/* Blocked: pending, not delivered; two coalesce into one. */
	set_handler(SIGUSR1, record, 0);
	got_count = 0;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	wb_eq(sigprocmask(SIG_BLOCK, &block, &old), 0);
	raise(SIGUSR1);
	raise(SIGUSR1);
	wb_eq(got_count, 0);
	wb_eq(sigpending(&pending), 0);
	wb_eq(sigismember(&pending, SIGUSR1), 1);
	wb_eq(sigismember(&pending, SIGUSR2), 0);
	wb_eq(sigprocmask(SIG_SETMASK, &old, NULL), 0);
	wb_eq(got_count, 1);
	wb_eq(sigpending(&pending), 0);
	wb_eq(sigismember(&pending, SIGUSR1), 0);

	/* Real-time signals queue, each with its value, in order. */
	set_handler(SIGRTMIN, rt_record, 0);
	sigemptyset(&block);
	sigaddset(&block, SIGRTMIN);
	wb_eq(sigprocmask(SIG_BLOCK, &block, &old), 0);
	for (int i = 1; i <= 3; i++) {
		union sigval v = { .sival_int = 1000 + i };

		wb_eq(sigqueue(getpid(), SIGRTMIN, v), 0);
	}
	ntrace = 0;
	wb_eq(sigprocmask(SIG_SETMASK, &old, NULL), 0);
	wb_eq(ntrace, 3);
	for (int i = 0; i < 3; i++)
		wb_eq(trace[i], 1001 + i);
	wb_pass("nested handler, self-blocking, pending set, coalescing, RT queueing");
}

/* ---- restart ---- */

static volatile int alarms;
static volatile int go_fd = -1;	/* the alarm handler's word to the writer */

static void on_alarm(int sig, siginfo_t *si, void *uc)
{
	alarms++;
	if (go_fd >= 0 && write(go_fd, "g", 1) != 1)
		_exit(3);
}

static void arm_timer(long usec)
{
	struct itimerval it = { { 0, 0 }, { usec / 1000000, usec % 1000000 } };

	wb_check(setitimer(ITIMER_REAL, &it, NULL) == 0, "setitimer");
}

static void test_restart(void)
{
	struct timespec req = { 10, 0 }, rem = { 0, 0 };
	char buf[16];
	int p[2], go[2], status;
	pid_t pid;
	ssize_t n;

	wb_check(pipe(p) == 0 && pipe(go) == 0, "pipe");

	/* SA_RESTART: the alarm at 100 ms interrupts read(); the handler
	 * tells a child to write, and only then can data arrive; read()
	 * resumes and returns it.  No race: the write follows the handler. */
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		_exit(read(go[0], buf, 1) == 1 && write(p[1], "late", 4) == 4 ? 0 : 1);
	}
	set_handler(SIGALRM, on_alarm, SA_RESTART);
	alarms = 0;
	go_fd = go[1];
	arm_timer(100000);
	n = read(p[0], buf, sizeof(buf));
	go_fd = -1;
	wb_eq(alarms, 1);
	wb_eq(n, 4);
	wb_check(memcmp(buf, "late", 4) == 0, "read got '%.4s'", buf);
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_eq(status, 0);

	/* No SA_RESTART: read() of the empty pipe fails with EINTR. */
	set_handler(SIGALRM, on_alarm, 0);
	alarms = 0;
	arm_timer(100000);
	errno = 0;
	n = read(p[0], buf, sizeof(buf));
	wb_eq(n, -1);
	wb_eq(errno, EINTR);
	wb_eq(alarms, 1);

	/* nanosleep is never restarted after a handler (its restart block
	 * gives EINTR), and reports the time left: 10 s less about 0.1 s. */
	set_handler(SIGALRM, on_alarm, SA_RESTART);
	alarms = 0;
	arm_timer(100000);
	errno = 0;
	wb_eq(nanosleep(&req, &rem), -1);
	wb_eq(errno, EINTR);
	wb_eq(alarms, 1);
	wb_check(rem.tv_sec >= 5 && rem.tv_sec < 10,
		 "nanosleep(10 s) interrupted after 0.1 s left %ld.%09ld s",
		 (long)rem.tv_sec, rem.tv_nsec);
	set_default(SIGALRM);
	close(p[0]);
	close(p[1]);
	close(go[0]);
	close(go[1]);
	wb_pass("SA_RESTART resumes read(), EINTR without it, nanosleep EINTR with remainder");
}

/* ---- restart without a handler ---- */

/* State letter of a process, from /proc/PID/stat. */
static char proc_state(pid_t pid)
{
	char path[64], buf[256], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	wb_check(f != NULL, "open %s", path);
	wb_check(fgets(buf, sizeof(buf), f) != NULL, "read %s", path);
	fclose(f);
	p = strrchr(buf, ')');
	wb_check(p && p[1] == ' ', "parse %s: %s", path, buf);
	return p[2];
}

/*
 * The child blocks in read(fd, buf, 4) made by svc with x3-x7 set; a
 * SIGSTOP/SIGCONT pair (no handler runs) interrupts it, and the kernel
 * restarts it by moving pc back to the svc and x0 back to orig_x0.  Exit 0
 * if the read got "data" and the registers came back unchanged.
 */
static int stopped_reader(int fd)
{
	char buf[4];
	register uint64_t x0 asm("x0") = fd;
	register uint64_t x1 asm("x1") = (uintptr_t)buf;
	register uint64_t x2 asm("x2") = 4;
	register uint64_t x3 asm("x3") = 0x3333;
	register uint64_t x4 asm("x4") = 0x4444;
	register uint64_t x7 asm("x7") = 0x7777;
	register uint64_t x8 asm("x8") = 63;	/* read */

	asm volatile("svc #0"
		     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4),
		       "+r"(x7), "+r"(x8)
		     : : "memory");
	if (x0 != 4 || memcmp(buf, "data", 4) != 0)
		return 1;
	if (x1 != (uintptr_t)buf || x2 != 4 || x3 != 0x3333 ||
	    x4 != 0x4444 || x7 != 0x7777 || x8 != 63)
		return 2;
	return 0;
}

/* nanosleep(300 ms) across a stop: restarted by restart_syscall, it
 * returns 0 once the whole time has passed. */
static int stopped_sleeper(void)
{
	struct timespec req = { 0, 300 * 1000 * 1000 }, t0, t1;
	double dt;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (nanosleep(&req, NULL) != 0)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	dt = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	return dt >= 0.3 ? 0 : 2;
}

/* Wait until pid sleeps, stop it, see it stopped, continue it. */
static void stop_and_continue(pid_t pid)
{
	int status, tries = 0;

	while (proc_state(pid) != 'S') {
		wb_check(++tries < 5000, "child %d never went to sleep", pid);
		usleep(1000);
	}
	wb_eq(kill(pid, SIGSTOP), 0);
	wb_eq(waitpid(pid, &status, WUNTRACED), pid);
	wb_check(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP, "status 0x%x", status);
	wb_eq(kill(pid, SIGCONT), 0);
}

static void test_stop_restart(void)
{
	int p[2], status;
	pid_t pid;

	wb_check(pipe(p) == 0, "pipe");
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		_exit(stopped_reader(p[0]));
	stop_and_continue(pid);
	wb_eq(write(p[1], "data", 4), 4);
	wb_eq(waitpid(pid, &status, 0), pid);
	if (status != 0)
		wb_fail("reader across SIGSTOP/SIGCONT: status 0x%x (exit 1: wrong data, 2: registers changed)",
			status);
	close(p[0]);
	close(p[1]);

	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		_exit(stopped_sleeper());
	stop_and_continue(pid);
	wb_eq(waitpid(pid, &status, 0), pid);
	if (status != 0)
		wb_fail("sleeper across SIGSTOP/SIGCONT: status 0x%x (exit 1: nanosleep failed, 2: woke early)",
			status);
	wb_pass("SIGSTOP/SIGCONT: blocked read() and nanosleep() restarted transparently, registers intact");
}

/* ---- the frame: entry state and return ---- */

/* What the handler saw on entry. */
static volatile uintptr_t fh_lr, fh_fp, fh_si, fh_uc, fh_pc, fh_sp, fh_x8;
static volatile uint64_t fh_rec_fp, fh_rec_lr, fh_x29, fh_x30;

/*
 * Record the entry state, and change x19 in the frame: after rt_sigreturn
 * the interrupted code must see the new value.  The signal comes from a
 * tgkill svc inside the asm, so it is delivered on return from that svc.
 */
static void set_x19(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	uint64_t *fp = __builtin_frame_address(0);

	fh_lr = (uintptr_t)__builtin_return_address(0);
	fh_fp = fp[0];			/* x29 as the kernel set it */
	fh_rec_fp = ((uint64_t *)fh_fp)[0];
	fh_rec_lr = ((uint64_t *)fh_fp)[1];
	fh_si = (uintptr_t)si;
	fh_uc = (uintptr_t)uc;
	fh_pc = uc->uc_mcontext.pc;
	fh_sp = uc->uc_mcontext.sp;
	fh_x8 = uc->uc_mcontext.regs[8];
	fh_x29 = uc->uc_mcontext.regs[29];
	fh_x30 = uc->uc_mcontext.regs[30];
	if (uc->uc_mcontext.regs[19] == 0x1111)
		uc->uc_mcontext.regs[19] = 0x2222;
}

/*
 * The arm64 frame (arch/arm64/kernel/signal.c, get_sigframe/setup_return):
 * below the interrupted SP a 16-byte frame record {x29, x30}, then struct
 * rt_sigframe {siginfo (128 bytes), ucontext}, 4688 bytes here (see
 * tls_auxv.c); the handler starts with x0 = signo, x1 = &info, x2 = &uc,
 * x29 = &record, x30 = the vDSO's __kernel_rt_sigreturn, which is
 * "mov x8, #139; svc #0".
 */
static void test_frame(void)
{
	uint64_t pid = getpid(), tid = gettid(), after, sp;
	const uint32_t *tramp;
	uintptr_t vdso = getauxval(AT_SYSINFO_EHDR);

	set_handler(SIGUSR1, set_x19, 0);
	/* No function calls from here on: they would clobber x0-x2. */
	register uint64_t x0 asm("x0") = pid;
	register uint64_t x1 asm("x1") = tid;
	register uint64_t x2 asm("x2") = SIGUSR1;
	register uint64_t x19 asm("x19");

	asm volatile(
		"	mov	x19, #0x1111\n"
		"	adr	%[after], 1f\n"
		"	mov	%[sp], sp\n"
		"	mov	x8, #131\n"		/* tgkill */
		"	svc	#0\n"
		"1:\n"
		: "+r"(x0), "=r"(x19), [after] "=&r"(after), [sp] "=&r"(sp)
		: "r"(x1), "r"(x2)
		: "x8", "memory");
	wb_eq(x0, 0);
	wb_eq(x19, 0x2222);
	set_default(SIGUSR1);

	/* The interrupted state in uc_mcontext. */
	wb_eq(fh_pc, after);
	wb_eq(fh_sp, sp);
	wb_eq(fh_x8, 131);
	/* The layout below it. */
	wb_eq(fh_fp, sp - 16);
	wb_eq(fh_rec_fp, fh_x29);
	wb_eq(fh_rec_lr, fh_x30);
	wb_eq(fh_si, sp - 16 - 4688);
	wb_eq(fh_uc, fh_si + sizeof(siginfo_t));
	/* The return path. */
	wb_check(fh_lr >= vdso && fh_lr < vdso + 65536,
		 "handler lr 0x%lx not in the vDSO at 0x%lx", (unsigned long)fh_lr,
		 (unsigned long)vdso);
	tramp = (const uint32_t *)fh_lr;
	wb_eq(tramp[0], 0xd2801168);	/* mov x8, #139 (rt_sigreturn) */
	wb_eq(tramp[1], 0xd4000001);	/* svc #0 */
	wb_pass("frame: pc/sp/x8 of the svc, frame record, siginfo/ucontext layout, vDSO sigreturn; edited x19 restored");
}

enum tamper { EL1H, DAIF, BAD_MAGIC };

static enum tamper tamper_how;

static void tamper(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	struct _aarch64_ctx *head = (void *)uc->uc_mcontext.__reserved;

	switch (tamper_how) {
	case EL1H:
		uc->uc_mcontext.pstate = 0x5;	/* EL1h */
		break;
	case DAIF:
		uc->uc_mcontext.pstate |= 0x3c0;	/* D, A, I, F masked */
		break;
	case BAD_MAGIC:
		/* The first record is fpsimd_context; no record has this
		 * magic, so parse_user_sigframe() rejects the frame. */
		if (head->magic != FPSIMD_MAGIC)
			_exit(3);
		head->magic = 0x0badc0de;
		break;
	}
}

static void test_frame_refused(void)
{
	static const char *const names[] = { "pstate EL1h", "pstate DAIF", "bad magic" };

	for (int how = EL1H; how <= BAD_MAGIC; how++) {
		int status;
		pid_t pid = fork();

		wb_check(pid >= 0, "fork");
		if (pid == 0) {
			tamper_how = how;
			set_handler(SIGUSR1, tamper, 0);
			raise(SIGUSR1);
			_exit(2);	/* the sigreturn was accepted */
		}
		wb_eq(waitpid(pid, &status, 0), pid);
		if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSEGV)
			wb_fail("%s: child status 0x%x, expected death by SIGSEGV (%d)%s",
				names[how], status, SIGSEGV,
				WIFEXITED(status) && WEXITSTATUS(status) == 2 ?
				": rt_sigreturn accepted the frame" : "");
	}
	wb_pass("rt_sigreturn refuses EL1h, masked DAIF and an unknown record magic with SIGSEGV");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_siginfo();
	test_altstack();
	test_nesting_and_masks();
	test_restart();
	test_stop_restart();
	test_frame();
	test_frame_refused();
	return 0;
}
