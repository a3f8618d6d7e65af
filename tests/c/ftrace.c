// SPDX-License-Identifier: GPL-2.0-only
/*
 * ftrace through tracefs, as trace-cmd and perf use it.  wb-config: test
 *
 * The system call function of getppid() (sys_getppid on the port,
 * __arm64_sys_getppid on arm64, whichever available_filter_functions
 * lists) is the probe: this task calls it a known number of times.
 *
 *  - the function tracer on every function records entries, and once
 *    all are off again and only that function is on, it records the
 *    1000 calls of this task, each with a named caller, and nothing
 *    else;
 *  - the function-graph tracer, from that function down, records 10
 *    calls, each with __task_pid_nr_ns() nested in it and, with
 *    funcgraph-retval, the value getppid() returned: the return hook
 *    gives back x0 as the function left it;
 *  - a task asleep in nanosleep() while the graph tracer hooks
 *    hrtimer_nanosleep() and what it calls: /proc/PID/stack names
 *    hrtimer_nanosleep and its caller common_nsleep, never
 *    return_to_handler (the unwinder sees through the hooked return
 *    addresses; do_nanosleep and schedule, being __sched, are left out
 *    of the listing by the kernel);
 *  - the stack tracer finds a deepest stack over a few system calls,
 *    under the kernel stack's size, with at least three entries, each
 *    a kernel symbol, none return_to_handler;
 *  - the syscall events sys_enter_getppid and sys_exit_getppid,
 *    filtered to this task, record 500 calls each, every exit with the
 *    value returned;
 *  - a filter naming no function is refused with EINVAL.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include "tracefs.h"

static char *trace_text(void)
{
	return slurp(T "trace");
}

/* Stop and reset everything this test may have set. */
static void reset(void)
{
	set("tracing_on", "0");
	set("current_tracer", "nop");
	set("set_ftrace_filter", "");
	set("set_graph_function", "");
	set("set_ftrace_pid", "");
	set("events/syscalls/sys_enter_getppid/enable", "0");
	set("events/syscalls/sys_exit_getppid/enable", "0");
	set("events/syscalls/sys_enter_getppid/filter", "0");
	set("events/syscalls/sys_exit_getppid/filter", "0");
	set("trace", "");
}

static long getppid_n(int n)
{
	long r = 0;

	for (int i = 0; i < n; i++)
		r = syscall(SYS_getppid);
	return r;
}

/* Record @n getppid() calls; the trace, and what the calls returned. */
static char *trace_getppid(int n, long *ret)
{
	long r;

	set("tracing_on", "1");
	r = getppid_n(n);
	set("tracing_on", "0");
	if (ret)
		*ret = r;
	return trace_text();
}

static void test_function(const char *fn, const char *pid)
{
	char want[96], mine[32], *text, *line;
	int hits = 0, entries = 0;

	/* Every function on, for a moment, then off again. */
	reset();
	set("current_tracer", "function");
	set("tracing_on", "1");
	usleep(100000);
	set("tracing_on", "0");
	text = trace_text();
	entries = count(text, " <-");
	free(text);
	wb_check(entries > 100, "%d entries tracing every function", entries);
	set("current_tracer", "nop");

	/* Now one function, for every task. */
	set("trace", "");
	set("set_ftrace_filter", fn);
	set("current_tracer", "function");
	text = trace_getppid(1000, NULL);
	snprintf(want, sizeof(want), ": %s <-", fn);
	snprintf(mine, sizeof(mine), "-%s ", pid);
	entries = 0;
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *p = strstr(line, want), c;

		if (line[0] == '#')
			continue;
		entries++;
		wb_check(p, "an entry of another function: %s", line);
		hits += !!strstr(line, mine);
		/* The caller is printed as a symbol, not a raw address. */
		c = p[strlen(want)];
		wb_check(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'),
			 "caller of %s not a symbol: %s", fn, line);
	}
	free(text);
	wb_eq(hits, 1000);
	wb_pass("function tracer: 1000 calls of %s, %d entries in all", fn, entries);
}

static void test_graph(const char *fn, const char *pid)
{
	char want[128], close[128], *text, *p;
	long ppid;
	int n;

	reset();
	set("set_graph_function", fn);
	set("set_ftrace_pid", pid);
	set("options/funcgraph-retval", "1");
	set("options/funcgraph-retval-hex", "1");
	set("current_tracer", "function_graph");
	text = trace_getppid(10, &ppid);
	snprintf(want, sizeof(want), "%s() {", fn);
	n = count(text, want);
	if (n != 10)
		printf("%.3000s\n", text);
	wb_eq(n, 10);
	snprintf(want, sizeof(want), "} /* %s = 0x%lx */", fn, ppid);
	n = count(text, want);
	if (n != 10)
		printf("%.3000s\n", text);
	wb_eq(n, 10);
	/* Each call's body has __task_pid_nr_ns() in it. */
	snprintf(want, sizeof(want), "%s() {", fn);
	snprintf(close, sizeof(close), "} /* %s = ", fn);
	for (p = text; (p = strstr(p, want)); p += strlen(want)) {
		char *end = strstr(p, close);

		wb_check(end, "no end of a %s call", fn);
		*end = 0;
		wb_check(strstr(p, "__task_pid_nr_ns"),
			 "no __task_pid_nr_ns in a %s call: %.400s", fn, p);
		*end = '}';
	}
	free(text);
	set("options/funcgraph-retval", "0");
	set("options/funcgraph-retval-hex", "0");
	wb_pass("graph tracer: 10 calls of %s, each returning 0x%lx", fn, ppid);
}

static void test_graph_unwind(void)
{
	char path[64], *stack = NULL;
	pid_t child;

	reset();
	set("set_graph_function", "hrtimer_nanosleep");
	set("current_tracer", "function_graph");
	set("tracing_on", "1");

	child = fork();
	wb_check(child >= 0, "fork");
	if (!child) {
		struct timespec ts = { .tv_sec = 30 };

		nanosleep(&ts, NULL);
		_exit(0);
	}
	snprintf(path, sizeof(path), "/proc/%d/stack", child);
	/* Until the child is asleep in the call. */
	for (int i = 0; i < 500; i++) {
		free(stack);
		stack = slurp(path);
		if (strstr(stack, "hrtimer_nanosleep"))
			break;
		usleep(10000);
	}
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	reset();

	if (!strstr(stack, "hrtimer_nanosleep") || !strstr(stack, "common_nsleep") ||
	    strstr(stack, "return_to_handler"))
		wb_fail("stack of a task asleep under the graph tracer:\n%s", stack);
	free(stack);
	wb_pass("graph tracer: a hooked task's stack unwinds to its real callers");
}

static void test_stack_tracer(void)
{
	char *text, *line;
	long max, depth, size, first = -1;
	int entries = 0;

	FILE *f = fopen("/proc/sys/kernel/stack_tracer_enabled", "w");

	wb_check(f, "open stack_tracer_enabled");
	fputs("1\n", f);
	fclose(f);
	for (int i = 0; i < 20; i++) {
		free(slurp("/proc/self/maps"));
		getppid_n(10);
	}
	f = fopen("/proc/sys/kernel/stack_tracer_enabled", "w");
	wb_check(f, "open stack_tracer_enabled");
	fputs("0\n", f);
	fclose(f);

	text = slurp(T "stack_max_size");
	max = atol(text);
	free(text);
	/* THREAD_SIZE is 16KB, 32KB with KASAN. */
	wb_check(max > 0 && max < 32768, "stack_max_size %ld", max);

	/* "  N)     DEPTH     SIZE   SYMBOL+OFF/LEN" after two header lines. */
	text = slurp(T "stack_trace");
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char sym[128];
		int idx;

		if (sscanf(line, " %d) %ld %ld %127s", &idx, &depth, &size, sym) != 4)
			continue;
		if (first < 0)
			first = depth;
		wb_check(sym[0] == '_' || (sym[0] >= 'a' && sym[0] <= 'z') ||
			 (sym[0] >= 'A' && sym[0] <= 'Z'), "entry not a symbol: %s", line);
		wb_check(!strstr(sym, "return_to_handler"), "entry %s", line);
		entries++;
	}
	free(text);
	wb_check(entries >= 3, "%d entries in stack_trace", entries);
	wb_check(first > 0 && first <= max + 4096,
		 "deepest entry at %ld, stack_max_size %ld", first, max);
	wb_pass("stack tracer: deepest stack %ld bytes, %d entries", max, entries);
}

static void test_syscall_events(const char *pid)
{
	char filter[64], want[64], *text;
	long ppid;

	reset();
	snprintf(filter, sizeof(filter), "common_pid == %s", pid);
	set("events/syscalls/sys_enter_getppid/filter", filter);
	set("events/syscalls/sys_exit_getppid/filter", filter);
	set("events/syscalls/sys_enter_getppid/enable", "1");
	set("events/syscalls/sys_exit_getppid/enable", "1");
	text = trace_getppid(500, &ppid);
	wb_eq(count(text, ": sys_getppid()"), 500);
	snprintf(want, sizeof(want), ": sys_getppid -> 0x%lx\n", ppid);
	wb_eq(count(text, want), 500);
	free(text);
	wb_pass("syscall events: 500 entries and exits of getppid");
}

int main(void)
{
	char pid[16];
	const char *fn;
	int err;

	tracefs_need("trace");
	snprintf(pid, sizeof(pid), "%d", getpid());
	fn = getppid_function();

	test_function(fn, pid);
	test_graph(fn, pid);
	test_graph_unwind();
	test_stack_tracer();
	test_syscall_events(pid);

	reset();
	err = write_file("set_ftrace_filter", "wb_no_such_function\n", 0);
	wb_eq(err, -EINVAL);
	wb_pass("a filter naming no function: EINVAL");
	return 0;
}
