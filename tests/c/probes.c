// SPDX-License-Identifier: GPL-2.0-only
/*
 * kprobe and uprobe events of tracefs, as perf probe and bpftrace use
 * them.  wb-config: test
 *
 * kprobes: the getppid() system call function (sys_getppid on the
 * port, __arm64_sys_getppid on arm64) gets a kprobe event and a
 * kretprobe event fetching its return value, both filtered to this
 * task; 300 calls give 300 entries and 300 returns of the parent's pid.
 *
 * uprobes: wb_uprobe_fn() below is hand-written so that each probed
 * instruction is known: an ADD the kernel runs from a copy in the
 * task's XOL page under hardware single step, an ADR and a CBZ it
 * simulates (they depend on their address), a store copied out of line,
 * and the RET.  This program maps its own binary, so the probes are set
 * in it by file offset (from /proc/self/maps).  Checked:
 *  - uprobes on the five instructions, one fetching x0, and a uretprobe
 *    fetching the return value, are accepted and enabled;
 *  - 200 calls, with x = 0 and 1 in turn, all return what the code
 *    computes (x + 1, or x + 101 when the CBZ is not taken) and the ADR
 *    gives the function's own address: simulation and step did what
 *    the instructions do;
 *  - each probe counted 200 hits (uprobe_profile); the trace has 100
 *    entries with each x and 100 returns with each value;
 *  - uprobes on an LDXR and an SVC are refused when enabled (EINVAL);
 *  - with the probes removed, the calls are still right.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <sys/syscall.h>
#include "tracefs.h"

uint64_t wb_uprobe_fn(uint64_t x, uint64_t *adr);

asm(".text\n"
    ".balign 16\n"
    ".globl wb_uprobe_fn\n"
    ".type wb_uprobe_fn, %function\n"
    "wb_uprobe_fn:\n"
    "	add	x2, x0, #1\n"		/* +0: copied, stepped */
    "	adr	x3, wb_uprobe_fn\n"	/* +4: simulated */
    "	str	x3, [x1]\n"		/* +8: copied, stepped */
    "	cbz	x0, 1f\n"		/* +12: simulated */
    "	add	x2, x2, #100\n"
    "1:	mov	x0, x2\n"
    "	ret\n"				/* +24: simulated */
    ".size wb_uprobe_fn, . - wb_uprobe_fn\n"
    /* Never called: instructions no uprobe may be put on. */
    ".globl wb_uprobe_refused\n"
    ".type wb_uprobe_refused, %function\n"
    "wb_uprobe_refused:\n"
    "	ldxr	x1, [x0]\n"		/* +0: exclusive load */
    "	svc	#0\n"			/* +4: exception generation */
    "	ret\n"
    ".size wb_uprobe_refused, . - wb_uprobe_refused\n");

void wb_uprobe_refused(void);

static void add_probe(const char *file, const char *def)
{
	int err = write_file(file, def, 1);

	if (err)
		wb_fail("the uprobe '%s' was refused: %s", def, strerror(-err));
}

/* The offset in this program's file of the code at @addr. */
static unsigned long file_offset(const void *addr)
{
	unsigned long a = (unsigned long)addr, start, end, off;
	char *maps = slurp("/proc/self/maps"), *line;

	for (line = strtok(maps, "\n"); line; line = strtok(NULL, "\n")) {
		if (sscanf(line, "%lx-%lx %*s %lx", &start, &end, &off) == 3 &&
		    a >= start && a < end) {
			free(maps);
			return a - start + off;
		}
	}
	wb_fail("%p is not in /proc/self/maps", addr);
	return 0;
}

static void reset(void)
{
	struct stat st;

	set("tracing_on", "0");
	if (!stat(T "events/wbkp", &st))
		set("events/wbkp/enable", "0");
	if (!stat(T "events/wbup", &st))
		set("events/wbup/enable", "0");
	set("kprobe_events", "");
	set("uprobe_events", "");
	set("trace", "");
}

static void test_kprobes(void)
{
	char def[256], filter[64], want[64], *text;
	const char *fn = getppid_function();
	long ppid = 0;

	reset();
	snprintf(def, sizeof(def), "p:wbkp/wbk_getppid %s\n", fn);
	add_probe("kprobe_events", def);
	snprintf(def, sizeof(def), "r:wbkp/wbk_getppid_ret %s ret=$retval:s64\n", fn);
	add_probe("kprobe_events", def);
	snprintf(filter, sizeof(filter), "common_pid == %d", getpid());
	set("events/wbkp/wbk_getppid/filter", filter);
	set("events/wbkp/wbk_getppid_ret/filter", filter);
	set("events/wbkp/enable", "1");
	set("tracing_on", "1");
	for (int i = 0; i < 300; i++)
		ppid = syscall(SYS_getppid);
	set("tracing_on", "0");
	set("events/wbkp/enable", "0");
	text = slurp(T "trace");
	snprintf(want, sizeof(want), " wbk_getppid: (%s+0x%d/", fn,
		 strcmp(fn, "sys_getppid") ? 0 : 4);
	wb_eq(count(text, want), 300);
	snprintf(want, sizeof(want), " ret=%ld\n", ppid);
	wb_eq(count(text, want), 300);
	free(text);
	reset();
	wb_pass("kprobe events: 300 entries of %s, 300 returns of %ld", fn, ppid);
}

/* Run the function @n times, checking each result. */
static void run(int n)
{
	for (int i = 0; i < n; i++) {
		uint64_t x = i & 1, adr = 0;
		uint64_t r = wb_uprobe_fn(x, &adr);

		wb_check(r == (x ? x + 101 : x + 1), "call %d: x=%llu returned %llu",
			 i, (unsigned long long)x, (unsigned long long)r);
		wb_check(adr == (uint64_t)(uintptr_t)wb_uprobe_fn,
			 "call %d: the ADR gave %#llx, the function is at %p",
			 i, (unsigned long long)adr, (void *)wb_uprobe_fn);
	}
}

int main(void)
{
	static const struct { const char *name; int off; } sites[] = {
		{ "add", 0 }, { "adr", 4 }, { "str", 8 }, { "cbz", 12 }, { "ret", 24 },
	};
	char exe[256], def[512], *text, *line;
	unsigned long fn, bad;
	ssize_t n;
	int err;

	tracefs_need("kprobe_events");
	tracefs_need("uprobe_events");
	test_kprobes();
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	wb_check(n > 0, "readlink /proc/self/exe");
	exe[n] = 0;
	fn = file_offset(wb_uprobe_fn);
	bad = file_offset(wb_uprobe_refused);

	reset();
	for (size_t i = 0; i < sizeof(sites) / sizeof(sites[0]); i++) {
		snprintf(def, sizeof(def), "p:wbup/wbu_%s %s:%#lx%s\n", sites[i].name,
			 exe, fn + sites[i].off, sites[i].off ? "" : " x=%x0:u64");
		add_probe("uprobe_events", def);
	}
	snprintf(def, sizeof(def), "r:wbup/wbu_exit %s:%#lx ret=$retval:u64\n", exe, fn);
	add_probe("uprobe_events", def);
	set("events/wbup/enable", "1");
	set("tracing_on", "1");
	run(200);
	set("tracing_on", "0");
	set("events/wbup/enable", "0");

	/* "  FILE NAME HITS" */
	text = slurp(T "uprobe_profile");
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char name[64];
		unsigned long hits;

		if (sscanf(line, " %*s %63s %lu", name, &hits) != 2 ||
		    strncmp(name, "wbu_", 4))
			continue;
		if (hits != 200)
			wb_fail("%s: %lu hits, want 200", name, hits);
		printf("%s: %lu hits\n", name, hits);
	}
	free(text);

	text = slurp(T "trace");
	wb_eq(count(text, " x=0\n"), 100);
	wb_eq(count(text, " x=1\n"), 100);
	wb_eq(count(text, " ret=1\n"), 100);
	wb_eq(count(text, " ret=102\n"), 100);
	free(text);
	wb_pass("uprobes: 5 probes and a uretprobe, 200 hits each, results right");
	reset();

	for (int off = 0; off <= 4; off += 4) {
		snprintf(def, sizeof(def), "p:wbup/wbu_bad %s:%#lx\n", exe, bad + off);
		add_probe("uprobe_events", def);
		err = write_file("events/wbup/wbu_bad/enable", "1", 0);
		if (!err)
			wb_fail("a uprobe on the %s was enabled", off ? "SVC" : "LDXR");
		wb_eq(err, -EINVAL);
		reset();
	}
	wb_pass("uprobes on an LDXR and an SVC: refused with EINVAL");

	run(200);
	wb_pass("after the probes are removed: 200 calls right");
	return 0;
}
