// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware breakpoints and watchpoints, as debuggers and perf use
 * them.  wb-config: normal
 *
 *  - ptrace's NT_ARM_HW_BREAK and NT_ARM_HW_WATCH (struct
 *    user_hwdebug_state): dbg_info names the debug architecture (6 or
 *    more: ARMv8.0 on) and 2 to 16 register pairs; a pair written is
 *    read back as written;
 *  - a breakpoint on a function stops the child each time it is called
 *    (three calls, with a sched_yield() between them), with SIGTRAP,
 *    TRAP_HWBKPT, si_addr and pc the function's address, before it
 *    runs; with the pair disabled, PTRACE_SINGLESTEP executes that one
 *    instruction; the pair is kept across the child's context switches;
 *  - a store watchpoint on bytes 4-7 of a doubleword ignores a store to
 *    bytes 0-3 and stops the child before its store to bytes 4-7 is
 *    made, si_addr the first byte stored; a load watchpoint ignores
 *    stores and stops the child at its load;
 *  - ill-formed control words (byte select not a run, a breakpoint
 *    with a load/store type, a watchpoint without one), a watchpoint
 *    that crosses a doubleword and one on a kernel address are refused
 *    with EINVAL;
 *  - perf's PERF_TYPE_BREAKPOINT events on the task itself count exact
 *    hits, so the kernel steps over each hit and re-arms the pair: a
 *    breakpoint over 1000 calls, while the task moves between CPUs; a
 *    store watchpoint over 500 stores and 500 loads; a watchpoint on
 *    the upper half of a doubleword over whole-doubleword stores; the
 *    kernel's own accesses to the watched bytes (a read() into them)
 *    not counted;
 *  - perf breakpoints on the kernel's getppid() function (its address
 *    from /proc/kallsyms), one on each CPU, count the task's 300 calls
 *    exactly while it moves between CPUs (the baseline may count up to
 *    10% more: arm64 lets an interrupt end its step over the hit early,
 *    and the instruction hits again); the port also counts them with
 *    an event of the task itself, which arm64 refuses with EINVAL; with
 *    exclude_kernel the breakpoint is refused with EINVAL, and to an
 *    unprivileged task with EPERM or EACCES;
 *  - a task counting its own breakpoint while a debugger single-steps
 *    it: the step onto the breakpoint's instruction executes it and
 *    stops after it, and the hit counts once;
 *  - with a secondary CPU that can go offline: a breakpoint still
 *    counts on that CPU after it went offline and came back (the debug
 *    registers of a CPU are set up each time it comes online).
 */
#define _GNU_SOURCE
#include <asm/ptrace.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "wb.h"

/* The control word: enable, EL0 only, load/store type, byte select. */
#define DBGCTRL(lsc, bas)	(1u | 2u << 1 | (lsc) << 3 | (bas) << 5)
#define LSC_LOAD	1u
#define LSC_STORE	2u

static volatile uint64_t watched __attribute__((aligned(8)));
static volatile uint64_t counted __attribute__((aligned(8)));

__attribute__((noinline, aligned(64))) void bp_target(void)
{
	asm volatile("nop");
}

__attribute__((noinline, aligned(64))) void store32(volatile uint32_t *p,
						    uint32_t v)
{
	*p = v;
}

__attribute__((noinline, aligned(64))) uint32_t load32(volatile uint32_t *p)
{
	return *p;
}

static int in_fn(uint64_t pc, void *fn)
{
	return pc - (uintptr_t)fn < 64;
}

static void child(void)
{
	volatile uint32_t *half = (volatile uint32_t *)&watched;

	wb_check(ptrace(PTRACE_TRACEME, 0, 0, 0) == 0, "PTRACE_TRACEME");
	raise(SIGSTOP);
	for (int i = 0; i < 3; i++) {
		bp_target();
		sched_yield();
	}
	store32(&half[0], 1);
	store32(&half[1], 2);
	store32(&half[0], 3);
	_exit(load32(&half[0]) == 3 ? 0 : 2);
}

static void wait_stop(pid_t pid, int sig)
{
	int status;

	wb_check(waitpid(pid, &status, __WALL) == pid, "waitpid");
	wb_check(WIFSTOPPED(status), "child stopped (status 0x%x)", status);
	wb_eq(WSTOPSIG(status), sig);
}

/* A stop with SIGTRAP, and its si_code and si_addr. */
static void wait_trap(pid_t pid, int code, uint64_t addr)
{
	siginfo_t si;

	wait_stop(pid, SIGTRAP);
	wb_check(ptrace(PTRACE_GETSIGINFO, pid, 0, &si) == 0, "GETSIGINFO");
	wb_eq(si.si_code, code);
	wb_eq((uintptr_t)si.si_addr, addr);
}

static uint64_t child_pc(pid_t pid)
{
	struct user_pt_regs r;
	struct iovec iov = { &r, sizeof(r) };

	wb_check(ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &iov) == 0,
		 "GETREGSET NT_PRSTATUS");
	return r.pc;
}

/* Pair 0 of a set, the only one written (as gdb writes what it uses). */
static int set_pair(pid_t pid, int note, uint64_t addr, uint32_t ctrl)
{
	struct user_hwdebug_state st;
	struct iovec iov = { &st, offsetof(struct user_hwdebug_state, dbg_regs) +
				  sizeof(st.dbg_regs[0]) };

	memset(&st, 0, sizeof(st));
	st.dbg_regs[0].addr = addr;
	st.dbg_regs[0].ctrl = ctrl;
	errno = 0;
	return ptrace(PTRACE_SETREGSET, pid, note, &iov);
}

static void get_set(pid_t pid, int note, struct user_hwdebug_state *st)
{
	struct iovec iov = { st, sizeof(*st) };

	memset(st, 0xa5, sizeof(*st));
	wb_check(ptrace(PTRACE_GETREGSET, pid, note, &iov) == 0,
		 "GETREGSET of the debug registers");
	wb_eq(iov.iov_len, sizeof(*st));
}

static void check_info(pid_t pid, int note, const char *what)
{
	struct user_hwdebug_state st;
	unsigned int slots, arch;

	get_set(pid, note, &st);
	slots = st.dbg_info & 0xff;
	arch = st.dbg_info >> 8 & 0xff;
	printf("%s: %u pairs, debug architecture %u\n", what, slots, arch);
	wb_check(slots >= 2 && slots <= 16, "%s pairs: %u", what, slots);
	wb_check(arch >= 6, "debug architecture %u", arch);
	wb_eq(st.dbg_info >> 16, 0);
}

static void check_ptrace(void)
{
	struct user_hwdebug_state st;
	uint64_t w = (uintptr_t)&watched, v;
	int status;
	pid_t pid = fork();

	wb_check(pid >= 0, "fork");
	if (!pid)
		child();
	wait_stop(pid, SIGSTOP);
	check_info(pid, NT_ARM_HW_BREAK, "breakpoints");
	check_info(pid, NT_ARM_HW_WATCH, "watchpoints");

	/* Refused: each leaves pair 0 as it was. */
	wb_check(set_pair(pid, NT_ARM_HW_BREAK, (uintptr_t)bp_target,
			  DBGCTRL(0, 0x5)) == -1 && errno == EINVAL,
		 "a byte select that is not a run refused");
	wb_check(set_pair(pid, NT_ARM_HW_BREAK, (uintptr_t)bp_target,
			  DBGCTRL(LSC_LOAD, 0xf)) == -1 && errno == EINVAL,
		 "a breakpoint with a load type refused");
	wb_check(set_pair(pid, NT_ARM_HW_WATCH, w, DBGCTRL(0, 0xf)) == -1 &&
		 errno == EINVAL, "a watchpoint without a type refused");
	wb_check(set_pair(pid, NT_ARM_HW_WATCH, w + 6, DBGCTRL(LSC_STORE, 0xf)) == -1 &&
		 errno == EINVAL, "a watchpoint across a doubleword refused");
	wb_check(set_pair(pid, NT_ARM_HW_WATCH, 0xffff800000000000ull,
			  DBGCTRL(LSC_STORE, 0xff)) == -1 && errno == EINVAL,
		 "a watchpoint on a kernel address refused");
	wb_pass("ptrace: dbg_info, and bad control words refused");

	wb_check(set_pair(pid, NT_ARM_HW_BREAK, (uintptr_t)bp_target,
			  DBGCTRL(0, 0xf)) == 0, "SETREGSET NT_ARM_HW_BREAK");
	get_set(pid, NT_ARM_HW_BREAK, &st);
	wb_eq(st.dbg_regs[0].addr, (uintptr_t)bp_target);
	wb_eq(st.dbg_regs[0].ctrl, DBGCTRL(0, 0xf));
	wb_eq(st.dbg_regs[1].ctrl, 0);
	for (int i = 0; i < 3; i++) {
		wb_check(ptrace(PTRACE_CONT, pid, 0, 0) == 0, "PTRACE_CONT");
		wait_trap(pid, TRAP_HWBKPT, (uintptr_t)bp_target);
		wb_eq(child_pc(pid), (uintptr_t)bp_target);
		/* Past it as a debugger goes: pair off, one step, pair on. */
		wb_check(set_pair(pid, NT_ARM_HW_BREAK, (uintptr_t)bp_target, 0) == 0,
			 "disable the breakpoint");
		wb_check(ptrace(PTRACE_SINGLESTEP, pid, 0, 0) == 0, "SINGLESTEP");
		wait_trap(pid, TRAP_TRACE, (uintptr_t)bp_target + 4);
		wb_eq(child_pc(pid), (uintptr_t)bp_target + 4);
		wb_check(set_pair(pid, NT_ARM_HW_BREAK, (uintptr_t)bp_target,
				  i < 2 ? DBGCTRL(0, 0xf) : 0) == 0,
			 "re-enable the breakpoint");
	}
	wb_pass("ptrace: a breakpoint stops each of three calls, and is stepped past");

	/* Bytes 4-7 of watched, stores only. */
	wb_check(set_pair(pid, NT_ARM_HW_WATCH, w, DBGCTRL(LSC_STORE, 0xf0)) == 0,
		 "SETREGSET NT_ARM_HW_WATCH");
	get_set(pid, NT_ARM_HW_WATCH, &st);
	wb_eq(st.dbg_regs[0].addr, w);
	wb_eq(st.dbg_regs[0].ctrl, DBGCTRL(LSC_STORE, 0xf0));
	wb_check(ptrace(PTRACE_CONT, pid, 0, 0) == 0, "PTRACE_CONT");
	wait_trap(pid, TRAP_HWBKPT, w + 4);
	wb_check(in_fn(child_pc(pid), store32), "stopped in store32(), pc 0x%llx",
		 (unsigned long long)child_pc(pid));
	errno = 0;
	v = ptrace(PTRACE_PEEKDATA, pid, w, 0);
	wb_check(errno == 0, "PEEKDATA");
	wb_eq(v, 1);		/* bytes 0-3 stored, 4-7 not yet */
	wb_check(set_pair(pid, NT_ARM_HW_WATCH, w, 0) == 0, "disable the watchpoint");
	wb_check(ptrace(PTRACE_SINGLESTEP, pid, 0, 0) == 0, "SINGLESTEP");
	wait_stop(pid, SIGTRAP);
	v = ptrace(PTRACE_PEEKDATA, pid, w, 0);
	wb_eq(v, 2ull << 32 | 1);
	wb_pass("ptrace: a store watchpoint stops the child before the store");

	/* Bytes 0-3, loads only: the store of 3 goes by, the load stops. */
	wb_check(set_pair(pid, NT_ARM_HW_WATCH, w, DBGCTRL(LSC_LOAD, 0x0f)) == 0,
		 "SETREGSET NT_ARM_HW_WATCH");
	wb_check(ptrace(PTRACE_CONT, pid, 0, 0) == 0, "PTRACE_CONT");
	wait_trap(pid, TRAP_HWBKPT, w);
	wb_check(in_fn(child_pc(pid), load32), "stopped in load32(), pc 0x%llx",
		 (unsigned long long)child_pc(pid));
	v = ptrace(PTRACE_PEEKDATA, pid, w, 0);
	wb_eq(v, 2ull << 32 | 3);
	wb_check(set_pair(pid, NT_ARM_HW_WATCH, w, 0) == 0, "disable the watchpoint");
	wb_check(ptrace(PTRACE_CONT, pid, 0, 0) == 0, "PTRACE_CONT");
	wb_check(waitpid(pid, &status, __WALL) == pid, "waitpid");
	wb_check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		 "child exited 0 (status 0x%x)", status);
	wb_pass("ptrace: a load watchpoint ignores stores and stops at the load");
}

static int perf_bp(uint32_t type, uint64_t addr, uint64_t len)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_BREAKPOINT,
		.size = sizeof(a),
		.bp_type = type,
		.bp_addr = addr,
		.bp_len = len,
		.disabled = 1,
		.exclude_kernel = 1,
		.exclude_hv = 1,
	};
	int fd = syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);

	wb_check(fd >= 0, "perf_event_open(breakpoint type %u at 0x%llx, %llu bytes)",
		 type, (unsigned long long)addr, (unsigned long long)len);
	return fd;
}

static uint64_t count_of(int fd)
{
	uint64_t v;

	wb_check(read(fd, &v, sizeof(v)) == sizeof(v), "read of a counter");
	return v;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	wb_check(sched_setaffinity(0, sizeof(set), &set) == 0,
		 "sched_setaffinity(CPU%d)", cpu);
}

static void unpin(void)
{
	cpu_set_t set;

	memset(&set, 0xff, sizeof(set));
	sched_setaffinity(0, sizeof(set), &set);
}

static void check_perf(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int fd, zero;

	/* perf asks for sizeof(long) bytes of instruction. */
	fd = perf_bp(HW_BREAKPOINT_X, (uintptr_t)bp_target, sizeof(long));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < 1000; i++) {
		if (i % 100 == 0)
			pin(i / 100 % ncpu);
		bp_target();
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	unpin();
	wb_eq(count_of(fd), 1000);
	close(fd);
	wb_pass("perf: a breakpoint counts 1000 calls over %ld CPUs", ncpu);

	fd = perf_bp(HW_BREAKPOINT_W, (uintptr_t)&counted, 8);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < 500; i++) {
		counted = i;
		(void)counted;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	wb_eq(count_of(fd), 500);
	wb_eq(counted, 499);
	close(fd);
	wb_pass("perf: a store watchpoint counts 500 stores and no loads");

	/* A whole-doubleword store hits a watchpoint on its upper half. */
	fd = perf_bp(HW_BREAKPOINT_RW, (uintptr_t)&counted + 4, 4);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < 100; i++)
		counted = (uint64_t)i << 32 | i;
	zero = open("/dev/zero", O_RDONLY);
	wb_check(zero >= 0, "open /dev/zero");
	wb_check(read(zero, (void *)&counted, 8) == 8, "read /dev/zero");
	close(zero);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	wb_eq(count_of(fd), 100);
	wb_eq(counted, 0);
	close(fd);
	wb_pass("perf: a watchpoint on 4 bytes counts 100 doubleword stores, and not the kernel's");
}

/*
 * A task that counts its own breakpoint hits while a debugger steps it:
 * at the breakpoint, PTRACE_SINGLESTEP must still execute exactly the
 * one instruction (the kernel's own step over the hit leaves the
 * debugger's step to report), and the hit is counted once.
 */
static void stepped_child(void)
{
	int fd = perf_bp(HW_BREAKPOINT_X, (uintptr_t)bp_target, 4);
	uint64_t n;

	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	wb_check(ptrace(PTRACE_TRACEME, 0, 0, 0) == 0, "PTRACE_TRACEME");
	raise(SIGSTOP);
	bp_target();
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	n = count_of(fd);
	_exit(n == 1 ? 0 : 10 + (n > 100 ? 100 : n));
}

static void check_step_over_step(void)
{
	int status, steps = 0;
	pid_t pid = fork();

	wb_check(pid >= 0, "fork");
	if (!pid)
		stepped_child();
	wait_stop(pid, SIGSTOP);
	while (child_pc(pid) != (uintptr_t)bp_target) {
		wb_check(++steps < 20000, "stepped %d instructions without reaching bp_target()",
			 steps);
		wb_check(ptrace(PTRACE_SINGLESTEP, pid, 0, 0) == 0, "SINGLESTEP");
		wait_stop(pid, SIGTRAP);
	}
	wb_check(ptrace(PTRACE_SINGLESTEP, pid, 0, 0) == 0, "SINGLESTEP");
	wait_trap(pid, TRAP_TRACE, (uintptr_t)bp_target + 4);
	wb_eq(child_pc(pid), (uintptr_t)bp_target + 4);
	wb_check(ptrace(PTRACE_CONT, pid, 0, 0) == 0, "PTRACE_CONT");
	wb_check(waitpid(pid, &status, __WALL) == pid, "waitpid");
	wb_check(WIFEXITED(status), "child exited (status 0x%x)", status);
	wb_eq(WEXITSTATUS(status), 0);
	wb_pass("perf and ptrace: a counted breakpoint single-stepped by a debugger (%d steps to it)",
		steps);
}

static void check_hotplug(void)
{
	int fd;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2 || wb_set_cpu_online(1, 0)) {
		printf("CPU1 cannot go offline here: the debug registers of a returning CPU are not checked\n");
		return;
	}
	wb_check(wb_set_cpu_online(1, 1) == 0, "bring CPU1 back");
	fd = perf_bp(HW_BREAKPOINT_X, (uintptr_t)bp_target, 4);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	pin(1);
	for (int i = 0; i < 100; i++)
		bp_target();
	unpin();
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	wb_eq(count_of(fd), 100);
	close(fd);
	wb_pass("perf: a breakpoint counts on a CPU that went offline and came back");
}

/* A breakpoint event on a kernel address: for this task (cpu -1) or a CPU. */
static int perf_kernel_bp(uint64_t addr, int exclude_kernel, int cpu)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_BREAKPOINT,
		.size = sizeof(a),
		.bp_type = HW_BREAKPOINT_X,
		.bp_addr = addr,
		.bp_len = sizeof(long),
		.disabled = 1,
		.exclude_kernel = exclude_kernel,
		.exclude_hv = 1,
	};

	return syscall(__NR_perf_event_open, &a, cpu < 0 ? 0 : -1, cpu, -1, 0);
}

/* 300 getppid() calls, the task moving to the next CPU every 50. */
static void getppid_300(long ncpu)
{
	for (int i = 0; i < 300; i++) {
		if (i % 50 == 0)
			pin(i / 50 % ncpu);
		syscall(SYS_getppid);
	}
	unpin();
}

/*
 * A breakpoint on a kernel function, as root: events on every CPU
 * count the calls of it, exactly (the kernel steps over each hit with
 * its breakpoints off), while the task moves between CPUs; nothing
 * else calls getppid() meanwhile.  The port also takes the breakpoint
 * as an event of the task itself, which arm64 refuses ("per-task
 * kernel breakpoints ... would complicate the stepping code").
 * Refused where the kernel is excluded, and to a task without
 * CAP_SYS_ADMIN.
 */
static void check_kernel_perf(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	const char *name, *kernel = getenv("wb_kernel");
	int port = kernel && !strcmp(kernel, "port");
	uint64_t fn = wb_getppid_address(&name), hits = 0;
	/*
	 * arm64 lets an interrupt end its step over a kernel hit early,
	 * and the instruction then hits again: up to 10% more there.
	 */
	uint64_t extra = kernel && !strcmp(kernel, "baseline") ? 30 : 0;
	int fd[64], status, n = ncpu < 64 ? ncpu : 64;
	pid_t pid;

	for (int c = 0; c < n; c++) {
		fd[c] = perf_kernel_bp(fn, 0, c);
		wb_check(fd[c] >= 0, "perf_event_open(breakpoint on %s at 0x%llx, CPU%d)",
			 name, (unsigned long long)fn, c);
		ioctl(fd[c], PERF_EVENT_IOC_ENABLE, 0);
	}
	getppid_300(n);
	for (int c = 0; c < n; c++) {
		ioctl(fd[c], PERF_EVENT_IOC_DISABLE, 0);
		hits += count_of(fd[c]);
		close(fd[c]);
	}
	wb_check(hits >= 300 && hits <= 300 + extra,
		 "%llu hits of the kernel breakpoint, want 300%s",
		 (unsigned long long)hits, extra ? " to 330" : "");
	wb_pass("perf: a breakpoint on %s counts 300 calls over %d CPUs", name, n);

	fd[0] = perf_kernel_bp(fn, 0, -1);
	if (port) {
		wb_check(fd[0] >= 0, "perf_event_open(breakpoint on %s for the task)", name);
		ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
		getppid_300(n);
		ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
		wb_eq(count_of(fd[0]), 300);
		close(fd[0]);
		wb_pass("perf: a breakpoint on %s as the task's own event counts its 300 calls", name);
	} else {
		wb_check(fd[0] == -1 && errno == EINVAL,
			 "arm64 refuses a kernel breakpoint as the task's own event");
	}

	wb_check(perf_kernel_bp(fn, 1, 0) == -1 && errno == EINVAL,
		 "a kernel breakpoint with exclude_kernel refused with EINVAL");
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(2);
		_exit(perf_kernel_bp(fn, 0, 0) == -1 &&
		      (errno == EPERM || errno == EACCES) ? 0 : 1);
	}
	wb_check(waitpid(pid, &status, 0) == pid && WIFEXITED(status),
		 "the unprivileged child ends");
	wb_check(WEXITSTATUS(status) == 0,
		 "a kernel breakpoint refused to an unprivileged task (child status %d)",
		 WEXITSTATUS(status));
	wb_pass("perf: a kernel breakpoint refused with exclude_kernel and without privilege");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	check_ptrace();
	check_perf();
	check_kernel_perf();
	check_step_over_step();
	check_hotplug();
	return 0;
}
