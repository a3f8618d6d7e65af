// SPDX-License-Identifier: GPL-2.0-only
/*
 * FP/SIMD state is per thread and survives everything the kernel does
 * behind the thread's back:
 *  - V0-V31 (all 128 bits), FPCR and FPSR set to a pattern stay put across
 *    thousands of sched_yield()s and sleeps, while other threads with other
 *    patterns run on the same CPU (pinned) and on other CPUs;
 *  - a signal handler that changes every FP register does not change the
 *    interrupted code's: rt_sigreturn restores them from the frame, for a
 *    signal raised by the thread and for timer signals arriving anywhere;
 *  - the frame's __reserved area starts with struct fpsimd_context (magic
 *    FPSIMD_MAGIC 0x46508001, size 528) holding the interrupted values,
 *    and the list ends with a null record; values changed there are what
 *    the interrupted code gets back;
 *  - the same when rt_sigreturn's read of the frame's FP record faults,
 *    and may sleep, half way through (threads on every CPU, the frame
 *    placed across a page boundary, the upper page dropped);
 *  - execve starts the new program with V0-V31, FPCR, FPSR zero (and, as
 *    arm64's start_thread() does, x0-x30 zero): checked with a tiny ELF
 *    written by this test, whose first instructions dump the registers.
 *
 * The faulting rt_sigreturns take about 40 s on 8 CPUs under TCG
 * (smp8); where PAN is emulated by TTBR0_EL1 switching, every switch
 * flushes QEMU's TLB, which it does not tag with ASIDs, and they take
 * longer: hence more than the default 60 s.
 *
 * wb-timeout: 180
 */
#define _GNU_SOURCE
#include <asm/sigcontext.h>
#include <elf.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include "wb.h"

struct fpstate {
	__uint128_t v[32];
	uint64_t fpcr, fpsr;
};

/*
 * fp_run(in, out, nr, a0, a1, a2, iters): load V0-V31, FPCR, FPSR from
 * *in, make system call nr(a0, a1, a2) iters times, store the registers to
 * *out, and put back the caller's FPCR/FPSR and d8-d15 (callee-saved).
 *
 * fp_spin(in, out, count, target): the same, but instead of system calls
 * spin until *count >= target: the thread only leaves user mode on
 * interrupts, so signals arrive at arbitrary instructions.
 */
void fp_run(const struct fpstate *in, struct fpstate *out, long nr, long a0,
	    long a1, long a2, long iters);
void fp_spin(const struct fpstate *in, struct fpstate *out,
	     const volatile uint32_t *count, uint32_t target);

asm(
	/* V0-V31 as 16 pairs at base; op is ldp or stp. */
"	.macro	fp_pairs op, base\n"
"	\\op	q0, q1, [\\base, #0]\n"
"	\\op	q2, q3, [\\base, #32]\n"
"	\\op	q4, q5, [\\base, #64]\n"
"	\\op	q6, q7, [\\base, #96]\n"
"	\\op	q8, q9, [\\base, #128]\n"
"	\\op	q10, q11, [\\base, #160]\n"
"	\\op	q12, q13, [\\base, #192]\n"
"	\\op	q14, q15, [\\base, #224]\n"
"	\\op	q16, q17, [\\base, #256]\n"
"	\\op	q18, q19, [\\base, #288]\n"
"	\\op	q20, q21, [\\base, #320]\n"
"	\\op	q22, q23, [\\base, #352]\n"
"	\\op	q24, q25, [\\base, #384]\n"
"	\\op	q26, q27, [\\base, #416]\n"
"	\\op	q28, q29, [\\base, #448]\n"
"	\\op	q30, q31, [\\base, #480]\n"
"	.endm\n"
"	.macro	fp_load base\n"
"	ldr	x9, [\\base, #512]\n"
"	ldr	x10, [\\base, #520]\n"
"	msr	fpcr, x9\n"
"	msr	fpsr, x10\n"
"	fp_pairs ldp, \\base\n"
"	.endm\n"
"	.macro	fp_store base\n"
"	fp_pairs stp, \\base\n"
"	mrs	x9, fpcr\n"
"	mrs	x10, fpsr\n"
"	str	x9, [\\base, #512]\n"
"	str	x10, [\\base, #520]\n"
"	.endm\n"
	/* Frame: x29/x30, x19-x24, d8-d15, caller's FPCR/FPSR. */
"	.macro	fp_enter\n"
"	stp	x29, x30, [sp, #-144]!\n"
"	mov	x29, sp\n"
"	stp	x19, x20, [sp, #16]\n"
"	stp	x21, x22, [sp, #32]\n"
"	stp	x23, x24, [sp, #48]\n"
"	stp	d8, d9, [sp, #64]\n"
"	stp	d10, d11, [sp, #80]\n"
"	stp	d12, d13, [sp, #96]\n"
"	stp	d14, d15, [sp, #112]\n"
"	mrs	x9, fpcr\n"
"	mrs	x10, fpsr\n"
"	stp	x9, x10, [sp, #128]\n"
"	.endm\n"
"	.macro	fp_leave\n"
"	ldp	x9, x10, [sp, #128]\n"
"	msr	fpcr, x9\n"
"	msr	fpsr, x10\n"
"	ldp	d8, d9, [sp, #64]\n"
"	ldp	d10, d11, [sp, #80]\n"
"	ldp	d12, d13, [sp, #96]\n"
"	ldp	d14, d15, [sp, #112]\n"
"	ldp	x19, x20, [sp, #16]\n"
"	ldp	x21, x22, [sp, #32]\n"
"	ldp	x23, x24, [sp, #48]\n"
"	ldp	x29, x30, [sp], #144\n"
"	ret\n"
"	.endm\n"
"	.text\n"
"	.globl	fp_run\n"
"	.type	fp_run, %function\n"
"	.p2align 2\n"
"fp_run:\n"
"	fp_enter\n"
"	mov	x19, x1\n"
"	mov	x20, x2\n"
"	mov	x21, x3\n"
"	mov	x22, x4\n"
"	mov	x23, x5\n"
"	mov	x24, x6\n"
"	fp_load	x0\n"
"1:	cbz	x24, 2f\n"
"	mov	x0, x21\n"
"	mov	x1, x22\n"
"	mov	x2, x23\n"
"	mov	x8, x20\n"
"	svc	#0\n"
"	sub	x24, x24, #1\n"
"	b	1b\n"
"2:	fp_store x19\n"
"	fp_leave\n"
"	.size	fp_run, . - fp_run\n"
"	.globl	fp_spin\n"
"	.type	fp_spin, %function\n"
"	.p2align 2\n"
"fp_spin:\n"
"	fp_enter\n"
"	fp_load	x0\n"
"1:	ldr	w11, [x2]\n"
"	cmp	w11, w3\n"
"	b.lo	1b\n"
"	fp_store x1\n"
"	fp_leave\n"
"	.size	fp_spin, . - fp_spin\n"
);

/* Load V0-V31, FPCR, FPSR from *s and return at once (handler use). */
static inline void fp_clobber(const struct fpstate *s)
{
	asm volatile(
		"ldr	x9, [%0, #512]\n"
		"ldr	x10, [%0, #520]\n"
		"msr	fpcr, x9\n"
		"msr	fpsr, x10\n"
		"ldp	q0, q1, [%0, #0]\n"
		"ldp	q2, q3, [%0, #32]\n"
		"ldp	q4, q5, [%0, #64]\n"
		"ldp	q6, q7, [%0, #96]\n"
		"ldp	q8, q9, [%0, #128]\n"
		"ldp	q10, q11, [%0, #160]\n"
		"ldp	q12, q13, [%0, #192]\n"
		"ldp	q14, q15, [%0, #224]\n"
		"ldp	q16, q17, [%0, #256]\n"
		"ldp	q18, q19, [%0, #288]\n"
		"ldp	q20, q21, [%0, #320]\n"
		"ldp	q22, q23, [%0, #352]\n"
		"ldp	q24, q25, [%0, #384]\n"
		"ldp	q26, q27, [%0, #416]\n"
		"ldp	q28, q29, [%0, #448]\n"
		"ldp	q30, q31, [%0, #480]\n"
		: : "r"(s)
		: "x9", "x10", "memory",
		  "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7",
		  "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15",
		  "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
		  "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
}

/*
 * FPCR: AHP (26), DN (25), FZ (24) and RMode (23:22) exist on every
 * ARMv8-A FPU, so they read back as written.  FPSR: QC (27) and the
 * cumulative flags IDC, IXC, UFC, OFC, DZC, IOC (7, 4-0).
 */
static const uint64_t fpcr_pat[] = { 0x02400000, 0x05800000, 0x03c00000, 0x04000000 };
static const uint64_t fpsr_pat[] = { 0x08000011, 0x0000009e, 0x08000084, 0x0000000b };

static void make_pattern(struct fpstate *s, unsigned int seed)
{
	for (int i = 0; i < 32; i++) {
		uint64_t lo = 0x0123456789abcdefull * (2 * i + 1) ^ ((uint64_t)seed << 56);
		uint64_t hi = 0xfedcba9876543210ull ^ ((uint64_t)i << 32) ^ (seed * 0x9e3779b9ull);

		s->v[i] = ((__uint128_t)hi << 64) | lo;
	}
	s->fpcr = fpcr_pat[seed % 4];
	s->fpsr = fpsr_pat[seed % 4];
}

/* Compare; on a difference say which register, in which context. */
static int fp_diff(const char *what, const struct fpstate *want,
		   const struct fpstate *got)
{
	for (int i = 0; i < 32; i++)
		if (want->v[i] != got->v[i]) {
			printf("%s: v%d = %016llx%016llx, expected %016llx%016llx\n",
			       what, i,
			       (unsigned long long)(got->v[i] >> 64),
			       (unsigned long long)got->v[i],
			       (unsigned long long)(want->v[i] >> 64),
			       (unsigned long long)want->v[i]);
			return 1;
		}
	if (want->fpcr != got->fpcr || want->fpsr != got->fpsr) {
		printf("%s: fpcr/fpsr = 0x%llx/0x%llx, expected 0x%llx/0x%llx\n",
		       what, (unsigned long long)got->fpcr,
		       (unsigned long long)got->fpsr,
		       (unsigned long long)want->fpcr,
		       (unsigned long long)want->fpsr);
		return 1;
	}
	return 0;
}

/* ---- context switches ---- */

struct worker {
	pthread_t thread;
	int cpu;		/* -1: not pinned */
	unsigned int seed;
	long nr, a0, iters;
	int failed;
};

static struct timespec short_sleep = { 0, 200 * 1000 };

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	wb_check(sched_setaffinity(0, sizeof(set), &set) == 0, "pin to cpu %d", cpu);
}

static void unpin(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (int i = 0; i < CPU_SETSIZE; i++)
		CPU_SET(i, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static void *fp_worker(void *arg)
{
	struct worker *w = arg;
	struct fpstate in, out;
	char what[64];

	if (w->cpu >= 0)
		pin(w->cpu);
	make_pattern(&in, w->seed);
	fp_run(&in, &out, w->nr, w->a0, 0, 0, w->iters);
	snprintf(what, sizeof(what), "thread seed %u cpu %d", w->seed, w->cpu);
	w->failed = fp_diff(what, &in, &out);
	return NULL;
}

/* Run workers[0..n) as threads, main acting as one more with seed 0. */
static void run_workers(const char *what, struct worker *w, int n, int main_cpu,
			long nr, long a0, long iters)
{
	struct fpstate in, out;

	if (main_cpu >= 0)
		pin(main_cpu);
	for (int i = 0; i < n; i++)
		wb_eq(pthread_create(&w[i].thread, NULL, fp_worker, &w[i]), 0);
	make_pattern(&in, 0);
	fp_run(&in, &out, nr, a0, 0, 0, iters);
	for (int i = 0; i < n; i++)
		wb_eq(pthread_join(w[i].thread, NULL), 0);
	unpin();
	if (fp_diff("main thread", &in, &out))
		wb_fail("%s: main thread's FP registers changed", what);
	for (int i = 0; i < n; i++)
		if (w[i].failed)
			wb_fail("%s: thread %d's FP registers changed", what, i);
	wb_pass("%s", what);
}

static void test_switches(void)
{
	int ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct worker w[4];

	/* Same CPU, yielding to each other. */
	w[0] = (struct worker){ .cpu = 0, .seed = 1, .nr = SYS_sched_yield, .iters = 5000 };
	w[1] = (struct worker){ .cpu = 0, .seed = 2, .nr = SYS_sched_yield, .iters = 5000 };
	run_workers("FP state kept across 5000 yields, 3 threads pinned on cpu 0",
		    w, 2, 0, SYS_sched_yield, 0, 5000);

	/* Same CPU, sleeping: the CPU idles or runs the other thread. */
	w[0] = (struct worker){ .cpu = 0, .seed = 3, .nr = SYS_nanosleep,
				.a0 = (long)&short_sleep, .iters = 300 };
	run_workers("FP state kept across 300 sleeps, 2 threads pinned on cpu 0",
		    w, 1, 0, SYS_nanosleep, (long)&short_sleep, 300);

	if (ncpu < 2) {
		printf("one CPU: no cross-CPU part\n");
		return;
	}
	/* Other CPUs, and free to migrate. */
	w[0] = (struct worker){ .cpu = 1, .seed = 4, .nr = SYS_sched_yield, .iters = 5000 };
	w[1] = (struct worker){ .cpu = 1, .seed = 5, .nr = SYS_nanosleep,
				.a0 = (long)&short_sleep, .iters = 300 };
	w[2] = (struct worker){ .cpu = -1, .seed = 6, .nr = SYS_sched_yield, .iters = 5000 };
	w[3] = (struct worker){ .cpu = -1, .seed = 7, .nr = SYS_nanosleep,
				.a0 = (long)&short_sleep, .iters = 300 };
	run_workers("FP state kept with threads on cpu 0, cpu 1 and migrating",
		    w, 4, 0, SYS_nanosleep, (long)&short_sleep, 300);
}

/* ---- signals ---- */

static struct fpstate sig_in, sig_clobber;
static volatile int sig_modify;		/* change v5, v31, fpsr in the frame */
static volatile int sig_ran;
static char sig_err[256];		/* the handler's first complaint */

#define NEW_V5	((((__uint128_t)0x5555aaaa5555aaaaull) << 64) | 0x0f0f0f0ff0f0f0f0ull)
#define NEW_V31	((((__uint128_t)0x3131313131313131ull) << 64) | 0x1313131313131313ull)
#define NEW_FPSR 0x08000002ull

static void fp_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	char *res = (char *)uc->uc_mcontext.__reserved;
	struct fpsimd_context *fp = (void *)res;
	struct _aarch64_ctx *h;
	size_t off;

	sig_ran++;
	if (fp->head.magic != FPSIMD_MAGIC || fp->head.size != sizeof(*fp)) {
		snprintf(sig_err, sizeof(sig_err),
			 "first record magic 0x%x size %u, expected 0x%x size %zu",
			 fp->head.magic, fp->head.size, FPSIMD_MAGIC, sizeof(*fp));
		return;
	}
	if (sizeof(*fp) != 528) {
		snprintf(sig_err, sizeof(sig_err), "sizeof(fpsimd_context) %zu", sizeof(*fp));
		return;
	}
	for (int i = 0; i < 32; i++)
		if (fp->vregs[i] != sig_in.v[i]) {
			snprintf(sig_err, sizeof(sig_err),
				 "frame vregs[%d] is not the interrupted v%d", i, i);
			return;
		}
	if (fp->fpcr != sig_in.fpcr || fp->fpsr != sig_in.fpsr) {
		snprintf(sig_err, sizeof(sig_err),
			 "frame fpcr/fpsr 0x%x/0x%x, expected 0x%llx/0x%llx",
			 fp->fpcr, fp->fpsr, (unsigned long long)sig_in.fpcr,
			 (unsigned long long)sig_in.fpsr);
		return;
	}
	/* Walk the records to the terminator (magic 0, size 0). */
	for (off = 0; off < sizeof(uc->uc_mcontext.__reserved); off += h->size) {
		h = (void *)(res + off);
		if (h->magic == 0 && h->size == 0)
			break;
		if (h->size < sizeof(*h) || h->size % 16) {
			snprintf(sig_err, sizeof(sig_err),
				 "record at %zu: magic 0x%x bad size %u", off,
				 h->magic, h->size);
			return;
		}
	}
	if (off >= sizeof(uc->uc_mcontext.__reserved)) {
		snprintf(sig_err, sizeof(sig_err), "no terminating record");
		return;
	}
	if (sig_modify) {
		fp->vregs[5] = NEW_V5;
		fp->vregs[31] = NEW_V31;
		fp->fpsr = NEW_FPSR;
	}
	/* Now wreck the live registers; sigreturn must undo it. */
	fp_clobber(&sig_clobber);
}

static void test_signal(void)
{
	struct sigaction sa;
	struct fpstate out, want;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fp_handler;
	sa.sa_flags = SA_SIGINFO;
	wb_check(sigaction(SIGUSR1, &sa, NULL) == 0, "sigaction");
	make_pattern(&sig_in, 10);
	make_pattern(&sig_clobber, 11);

	/* The signal is sent by a tgkill svc inside fp_run, with the
	 * pattern loaded: the frame must hold the pattern. */
	sig_modify = 0;
	fp_run(&sig_in, &out, SYS_tgkill, getpid(), gettid(), SIGUSR1, 1);
	wb_eq(sig_ran, 1);
	if (sig_err[0])
		wb_fail("in the handler: %s", sig_err);
	if (fp_diff("after handler", &sig_in, &out))
		wb_fail("FP registers not restored after a handler changed them");

	sig_modify = 1;
	fp_run(&sig_in, &out, SYS_tgkill, getpid(), gettid(), SIGUSR1, 1);
	wb_eq(sig_ran, 2);
	if (sig_err[0])
		wb_fail("in the handler: %s", sig_err);
	want = sig_in;
	want.v[5] = NEW_V5;
	want.v[31] = NEW_V31;
	want.fpsr = NEW_FPSR;
	if (fp_diff("after frame edit", &want, &out))
		wb_fail("edited fpsimd_context not what sigreturn restored");
	signal(SIGUSR1, SIG_DFL);
	wb_pass("signal frame: fpsimd_context magic/size/values, restore, edits honoured");
}

/* ---- asynchronous signals ---- */

static volatile uint32_t async_count;
static struct fpstate async_clobber;

static void async_handler(int sig, siginfo_t *si, void *uc)
{
	async_count++;
	fp_clobber(&async_clobber);
}

/*
 * A 2 ms interval timer while the main thread spins with a pattern loaded
 * (and a second thread yields with another): SIGALRM lands wherever an
 * interrupt finds the thread, each handler wrecks every FP register, and
 * the patterns must survive 100 of them.
 */
static void test_async_signals(void)
{
	struct itimerval it = { { 0, 2000 }, { 0, 2000 } }, off = { { 0, 0 }, { 0, 0 } };
	struct worker w = { .cpu = -1, .seed = 22, .nr = SYS_sched_yield, .iters = 3000 };
	struct sigaction sa;
	struct fpstate in, out;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = async_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	wb_check(sigaction(SIGALRM, &sa, NULL) == 0, "sigaction");
	make_pattern(&in, 20);
	make_pattern(&async_clobber, 21);
	async_count = 0;
	wb_eq(pthread_create(&w.thread, NULL, fp_worker, &w), 0);
	wb_check(setitimer(ITIMER_REAL, &it, NULL) == 0, "setitimer");
	fp_spin(&in, &out, &async_count, 100);
	wb_check(setitimer(ITIMER_REAL, &off, NULL) == 0, "setitimer off");
	wb_eq(pthread_join(w.thread, NULL), 0);
	signal(SIGALRM, SIG_DFL);
	if (fp_diff("spinning main thread", &in, &out))
		wb_fail("FP registers changed by asynchronous signal handlers");
	if (w.failed)
		wb_fail("yielding thread's FP registers changed during the signal storm");
	wb_pass("FP state kept across %u timer signals taken at arbitrary points", async_count);
}

/* ---- rt_sigreturn faulting half way through the FP record ---- */

/*
 * Each worker takes SIGUSR2 on an alternate stack in shared memory
 * (MAP_SHARED | MAP_ANONYMOUS: the contents outlive MADV_DONTNEED),
 * placed so that the frame's vregs straddle a page boundary.  The
 * handler wrecks every FP register and drops the pages from that
 * boundary up, so rt_sigreturn's read of vregs faults half way through;
 * the fault takes the mm's lock, which hammer threads keep taking for
 * writing (mmap/munmap), so it often sleeps there.  A kernel that reads
 * the record straight into the task's saved FP state, which a context
 * switch overwrites with the live (handler's) registers, returns with
 * the lower registers wrecked.  Workers outnumber CPUs two to one, on a
 * preemptible kernel (the 'test' configuration) most of all.
 */
#define SRF_ITERS	150

struct srf_thread {
	pthread_t thread;
	unsigned int seed;
	char *region;		/* 4 pages */
	size_t page;
	uintptr_t top;		/* ss_sp + ss_size */
	uintptr_t vstart;	/* where the handler found vregs */
	int drop;		/* handler drops the pages from boundary up */
	struct fpstate clobber;
	char err[160];
};

static __thread struct srf_thread *srf_self;
static volatile int srf_stop;

static void srf_handler(int sig, siginfo_t *si, void *ucv)
{
	struct srf_thread *t = srf_self;
	ucontext_t *uc = ucv;
	struct fpsimd_context *fp = (void *)uc->uc_mcontext.__reserved;
	uintptr_t boundary = (uintptr_t)t->region + 2 * t->page;

	if (fp->head.magic != FPSIMD_MAGIC) {
		snprintf(t->err, sizeof(t->err), "first record magic 0x%x",
			 fp->head.magic);
		return;
	}
	t->vstart = (uintptr_t)fp->vregs;
	fp_clobber(&t->clobber);
	if (t->drop)
		madvise((void *)boundary, 2 * t->page, MADV_DONTNEED);
}

static void srf_set_stack(struct srf_thread *t, uintptr_t top)
{
	stack_t ss = { .ss_sp = t->region, .ss_size = top - (uintptr_t)t->region };

	t->top = top;
	wb_check(sigaltstack(&ss, NULL) == 0, "sigaltstack");
}

static void *srf_worker(void *arg)
{
	struct srf_thread *t = arg;
	uintptr_t boundary = (uintptr_t)t->region + 2 * t->page;
	struct fpstate in, out;
	char what[64];

	srf_self = t;
	make_pattern(&t->clobber, t->seed + 1000);
	/* Find where vregs lands below the stack top, then move the top
	 * so that vregs starts 256 bytes below the boundary. */
	srf_set_stack(t, (uintptr_t)t->region + 4 * t->page);
	make_pattern(&in, t->seed);
	fp_run(&in, &out, SYS_tgkill, getpid(), gettid(), SIGUSR2, 1);
	if (t->err[0] || !t->vstart)
		return NULL;
	srf_set_stack(t, boundary - 256 + (t->top - t->vstart));
	t->drop = 1;
	for (int i = 0; i < SRF_ITERS && !t->err[0]; i++) {
		t->vstart = 0;
		make_pattern(&in, t->seed + i);
		fp_run(&in, &out, SYS_tgkill, getpid(), gettid(), SIGUSR2, 1);
		if (t->vstart != boundary - 256) {
			snprintf(t->err, sizeof(t->err),
				 "vregs at %#lx, not 256 bytes below the page boundary %#lx",
				 (unsigned long)t->vstart, (unsigned long)boundary);
			break;
		}
		snprintf(what, sizeof(what), "worker seed %u, signal %d",
			 t->seed, i);
		if (fp_diff(what, &in, &out))
			snprintf(t->err, sizeof(t->err),
				 "FP registers wrong after rt_sigreturn (signal %d)", i);
	}
	return NULL;
}

static void *srf_hammer(void *arg)
{
	size_t len = 16 * sysconf(_SC_PAGESIZE);

	while (!srf_stop) {
		void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p != MAP_FAILED)
			munmap(p, len);
	}
	return NULL;
}

static void test_sigreturn_fault(void)
{
	int ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int n = 2 * ncpu, nh = ncpu > 1 ? ncpu / 2 : 1;
	size_t page = sysconf(_SC_PAGESIZE);
	struct srf_thread *t = calloc(n, sizeof(*t));
	pthread_t hammer[8];
	struct sigaction sa;

	wb_check(t, "calloc");
	if (nh > 8)
		nh = 8;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = srf_handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	wb_check(sigaction(SIGUSR2, &sa, NULL) == 0, "sigaction");
	for (int i = 0; i < n; i++) {
		t[i].seed = 100 + i;
		t[i].page = page;
		t[i].region = mmap(NULL, 4 * page, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		wb_check(t[i].region != MAP_FAILED, "mmap shared alt stack");
	}
	srf_stop = 0;
	for (int i = 0; i < nh; i++)
		wb_eq(pthread_create(&hammer[i], NULL, srf_hammer, NULL), 0);
	for (int i = 0; i < n; i++)
		wb_eq(pthread_create(&t[i].thread, NULL, srf_worker, &t[i]), 0);
	for (int i = 0; i < n; i++)
		wb_eq(pthread_join(t[i].thread, NULL), 0);
	srf_stop = 1;
	for (int i = 0; i < nh; i++)
		wb_eq(pthread_join(hammer[i], NULL), 0);
	signal(SIGUSR2, SIG_DFL);
	for (int i = 0; i < n; i++) {
		if (t[i].err[0])
			wb_fail("worker %d: %s", i, t[i].err);
		if (!t[i].vstart)
			wb_fail("worker %d: the handler never ran", i);
		munmap(t[i].region, 4 * page);
	}
	free(t);
	wb_pass("FP state restored by %d threads x %d rt_sigreturns whose FP record read faults half way",
		n, SRF_ITERS);
}

/* ---- execve ---- */

/*
 * The whole program of the tiny ELF: dump x0-x30 (248 bytes, padded to
 * 256), q0-q31 (512), FPCR and FPSR (16) to fd 1, then exit(0).  It is
 * position independent: copied into the file as bytes.
 */
#define DUMP_SIZE 784
extern const char dump_start[], dump_end[];
asm(
"	.text\n"
"	.p2align 2\n"
"	.globl	dump_start\n"
"dump_start:\n"
"	sub	sp, sp, #784\n"
"	stp	x0, x1, [sp, #0]\n"
"	stp	x2, x3, [sp, #16]\n"
"	stp	x4, x5, [sp, #32]\n"
"	stp	x6, x7, [sp, #48]\n"
"	stp	x8, x9, [sp, #64]\n"
"	stp	x10, x11, [sp, #80]\n"
"	stp	x12, x13, [sp, #96]\n"
"	stp	x14, x15, [sp, #112]\n"
"	stp	x16, x17, [sp, #128]\n"
"	stp	x18, x19, [sp, #144]\n"
"	stp	x20, x21, [sp, #160]\n"
"	stp	x22, x23, [sp, #176]\n"
"	stp	x24, x25, [sp, #192]\n"
"	stp	x26, x27, [sp, #208]\n"
"	stp	x28, x29, [sp, #224]\n"
"	stp	x30, xzr, [sp, #240]\n"
"	stp	q0, q1, [sp, #256]\n"
"	stp	q2, q3, [sp, #288]\n"
"	stp	q4, q5, [sp, #320]\n"
"	stp	q6, q7, [sp, #352]\n"
"	stp	q8, q9, [sp, #384]\n"
"	stp	q10, q11, [sp, #416]\n"
"	stp	q12, q13, [sp, #448]\n"
"	stp	q14, q15, [sp, #480]\n"
"	stp	q16, q17, [sp, #512]\n"
"	stp	q18, q19, [sp, #544]\n"
"	stp	q20, q21, [sp, #576]\n"
"	stp	q22, q23, [sp, #608]\n"
"	stp	q24, q25, [sp, #640]\n"
"	stp	q26, q27, [sp, #672]\n"
"	stp	q28, q29, [sp, #704]\n"
"	stp	q30, q31, [sp, #736]\n"
"	mrs	x1, fpcr\n"
"	mrs	x2, fpsr\n"
"	str	x1, [sp, #768]\n"
"	str	x2, [sp, #776]\n"
"	mov	x0, #1\n"
"	mov	x1, sp\n"
"	mov	x2, #784\n"
"	mov	x8, #64\n"		/* write */
"	svc	#0\n"
"	mov	x0, #0\n"
"	mov	x8, #93\n"		/* exit */
"	svc	#0\n"
"	.globl	dump_end\n"
"dump_end:\n"
);

#define LOAD_ADDR 0x400000ull

static void write_dump_elf(const char *path)
{
	size_t code = dump_end - dump_start;
	size_t hdrs = sizeof(Elf64_Ehdr) + sizeof(Elf64_Phdr);
	Elf64_Ehdr eh = {
		.e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64,
			     ELFDATA2LSB, EV_CURRENT, ELFOSABI_SYSV },
		.e_type = ET_EXEC,
		.e_machine = EM_AARCH64,
		.e_version = EV_CURRENT,
		.e_entry = LOAD_ADDR + hdrs,
		.e_phoff = sizeof(Elf64_Ehdr),
		.e_ehsize = sizeof(Elf64_Ehdr),
		.e_phentsize = sizeof(Elf64_Phdr),
		.e_phnum = 1,
	};
	Elf64_Phdr ph = {
		.p_type = PT_LOAD,
		.p_flags = PF_R | PF_X,
		.p_offset = 0,
		.p_vaddr = LOAD_ADDR,
		.p_paddr = LOAD_ADDR,
		.p_filesz = hdrs + code,
		.p_memsz = hdrs + code,
		.p_align = 0x10000,
	};
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0755);

	wb_check(fd >= 0, "create %s", path);
	wb_eq(write(fd, &eh, sizeof(eh)), sizeof(eh));
	wb_eq(write(fd, &ph, sizeof(ph)), sizeof(ph));
	wb_eq(write(fd, dump_start, code), code);
	wb_eq(close(fd), 0);
}

static void test_exec(void)
{
	static const char path[] = "/tmp/fpsimd_dump";
	static char *const argv[] = { "fpsimd_dump", NULL };
	unsigned char buf[DUMP_SIZE + 1];
	uint64_t x[32];
	struct fpstate got, zero;
	struct fpstate in;
	size_t have = 0;
	int p[2], status;
	pid_t pid;

	write_dump_elf(path);
	wb_check(pipe(p) == 0, "pipe");
	make_pattern(&in, 12);
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		dup2(p[1], 1);
		/* Load a pattern and execve from the same asm: nothing of
		 * libc's runs between. */
		register long x0 asm("x0") = (long)path;
		register long x1 asm("x1") = (long)argv;
		register long x2 asm("x2") = 0;
		register const struct fpstate *x3 asm("x3") = &in;

		asm volatile(
			"ldr	x9, [x3, #512]\n"
			"ldr	x10, [x3, #520]\n"
			"msr	fpcr, x9\n"
			"msr	fpsr, x10\n"
			"ldp	q0, q1, [x3, #0]\n"
			"ldp	q2, q3, [x3, #32]\n"
			"ldp	q4, q5, [x3, #64]\n"
			"ldp	q6, q7, [x3, #96]\n"
			"ldp	q8, q9, [x3, #128]\n"
			"ldp	q10, q11, [x3, #160]\n"
			"ldp	q12, q13, [x3, #192]\n"
			"ldp	q14, q15, [x3, #224]\n"
			"ldp	q16, q17, [x3, #256]\n"
			"ldp	q18, q19, [x3, #288]\n"
			"ldp	q20, q21, [x3, #320]\n"
			"ldp	q22, q23, [x3, #352]\n"
			"ldp	q24, q25, [x3, #384]\n"
			"ldp	q26, q27, [x3, #416]\n"
			"ldp	q28, q29, [x3, #448]\n"
			"ldp	q30, q31, [x3, #480]\n"
			"mov	x8, #221\n"		/* execve */
			"svc	#0\n"
			: "+r"(x0)
			: "r"(x1), "r"(x2), "r"(x3)
			: "x8", "x9", "x10", "memory",
			  "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7",
			  "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15",
			  "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
			  "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
		_exit(99);
	}
	close(p[1]);
	for (;;) {
		ssize_t n = read(p[0], buf + have, sizeof(buf) - have);

		if (n <= 0)
			break;
		have += n;
	}
	close(p[0]);
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_eq(status, 0);
	wb_eq(have, DUMP_SIZE);
	unlink(path);

	memcpy(x, buf, sizeof(x));
	for (int i = 0; i <= 30; i++)
		if (x[i] != 0)
			wb_fail("after execve x%d = 0x%llx, expected 0", i,
				(unsigned long long)x[i]);
	memcpy(got.v, buf + 256, sizeof(got.v));
	memcpy(&got.fpcr, buf + 768, 8);
	memcpy(&got.fpsr, buf + 776, 8);
	memset(&zero, 0, sizeof(zero));
	if (fp_diff("after execve", &zero, &got))
		wb_fail("execve did not clear the FP/SIMD state");
	wb_pass("execve: x0-x30, V0-V31, FPCR, FPSR all zero at the new entry point");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_switches();
	test_signal();
	test_async_signals();
	test_sigreturn_fault();
	test_exec();
	return 0;
}
