// SPDX-License-Identifier: GPL-2.0-only
/*
 * eBPF programs on trace events, loaded with the bpf() system call as
 * libbpf does it, without libbpf: the kernel JIT-compiles them (the JIT
 * is on by default on both architectures) and runs them on each event.
 *
 *  - a tracepoint program on syscalls/sys_enter_getppid, for this
 *    process only (bpf_get_current_pid_tgid), counts 1000 getppid()
 *    calls with an atomic add in an array map, reads the system call
 *    number from the event record, and takes a ticket with an atomic
 *    fetch-and-add whose old value it stores: the map then holds 1000,
 *    __NR_getppid, 1000 and 999 (the port's JIT makes the atomics
 *    exclusive load/store loops; arm64's uses LSE instructions where
 *    the CPU has them, as max does);
 *  - a kprobe program (the kprobe PMU of perf_event_open) on the getppid
 *    system call function counts 500 calls of this process and sees the
 *    probed function's address in the pt_regs it is given (within the
 *    function's first four instructions, where the probe is placed past
 *    any patchable entry);
 *  - bpf_prog_info says each program was JIT-compiled;
 *  - closing the event detaches the program: later calls count nothing;
 *  - an instruction with an undefined opcode is refused with EINVAL, and
 *    a socket filter program attached to a tracepoint with EINVAL.
 */
#define _GNU_SOURCE
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include "tracefs.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* eBPF instructions, as struct bpf_insn initialisers. */
#define I(c, d, s, o, i) \
	{ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) }
#define MOV64_REG(d, s)		I(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV64_IMM(d, i)		I(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define ALU64_IMM(op, d, i)	I(BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define LDX(sz, d, s, o)	I(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define STX(sz, d, s, o)	I(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
#define ST(sz, d, o, i)		I(BPF_ST | BPF_MEM | (sz), d, 0, o, i)
#define ATOMIC64(op, d, s, o)	I(BPF_STX | BPF_ATOMIC | BPF_DW, d, s, o, op)
#define JMP_IMM(op, d, i, o)	I(BPF_JMP | (op) | BPF_K, d, 0, o, i)
#define CALL(fn)		I(BPF_JMP | BPF_CALL, 0, 0, 0, fn)
#define EXIT()			I(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
/* A map's file descriptor, a 16-byte load the verifier turns into its address. */
#define LD_MAP_FD(d, fd)	I(BPF_LD | BPF_DW | BPF_IMM, d, BPF_PSEUDO_MAP_FD, 0, fd), \
				I(0, 0, 0, 0, 0)

/* The map's one value: what the programs record. */
struct counts {
	uint64_t hits;		/* calls of this process */
	uint64_t seen;		/* the tracepoint: syscall number; kprobe: pc */
	uint64_t tickets;	/* the tracepoint's fetch-and-add */
	uint64_t last;		/* the old value the last fetch-and-add returned */
};

/* struct pt_regs as a kprobe program sees it: arm64's user_pt_regs. */
#define REGS_PC_OFFSET	(32 * 8)

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static int map_create(void)
{
	union bpf_attr a = {
		.map_type = BPF_MAP_TYPE_ARRAY,
		.key_size = 4,
		.value_size = sizeof(struct counts),
		.max_entries = 1,
	};
	int fd = sys_bpf(BPF_MAP_CREATE, &a);

	wb_check(fd >= 0, "BPF_MAP_CREATE");
	return fd;
}

static struct counts map_read(int map)
{
	struct counts c;
	uint32_t key = 0;
	union bpf_attr a = {
		.map_fd = map,
		.key = (uintptr_t)&key,
		.value = (uintptr_t)&c,
	};

	wb_check(sys_bpf(BPF_MAP_LOOKUP_ELEM, &a) == 0, "BPF_MAP_LOOKUP_ELEM");
	return c;
}

static void map_clear(int map)
{
	struct counts c = { 0 };
	uint32_t key = 0;
	union bpf_attr a = {
		.map_fd = map,
		.key = (uintptr_t)&key,
		.value = (uintptr_t)&c,
		.flags = BPF_ANY,
	};

	wb_check(sys_bpf(BPF_MAP_UPDATE_ELEM, &a) == 0, "BPF_MAP_UPDATE_ELEM");
}

/*
 * Load a program: its fd, or -errno.  A program named by @what must
 * load: its refusal fails the test, with the verifier's log.
 */
static int prog_load(enum bpf_prog_type type, const struct bpf_insn *insns,
		     unsigned int n, const char *what)
{
	static char log[65536];
	union bpf_attr a = {
		.prog_type = type,
		.insns = (uintptr_t)insns,
		.insn_cnt = n,
		.license = (uintptr_t)"GPL",
	};
	int fd = sys_bpf(BPF_PROG_LOAD, &a), err = errno;

	if (fd >= 0 || !what)
		return fd >= 0 ? fd : -err;
	a.log_buf = (uintptr_t)log;
	a.log_size = sizeof(log);
	a.log_level = 1;
	sys_bpf(BPF_PROG_LOAD, &a);
	wb_fail("loading %s: %s; the verifier says:\n%s", what, strerror(err), log);
	return -err;
}

/* The program's JIT-compiled length: 0 when it runs in the interpreter. */
static uint32_t jited_len(int prog)
{
	struct bpf_prog_info info = { 0 };
	union bpf_attr a = {
		.info.bpf_fd = prog,
		.info.info_len = sizeof(info),
		.info.info = (uintptr_t)&info,
	};

	wb_check(sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) == 0, "BPF_OBJ_GET_INFO_BY_FD");
	return info.jited_prog_len;
}

static int perf_open(struct perf_event_attr *attr)
{
	/* Every task on CPU 0 would miss calls on the others: this one, anywhere. */
	return syscall(__NR_perf_event_open, attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static void attach(int event, int prog)
{
	wb_check(ioctl(event, PERF_EVENT_IOC_SET_BPF, prog) == 0, "PERF_EVENT_IOC_SET_BPF");
	wb_check(ioctl(event, PERF_EVENT_IOC_ENABLE, 0) == 0, "PERF_EVENT_IOC_ENABLE");
}

static void getppid_n(int n)
{
	for (int i = 0; i < n; i++)
		syscall(SYS_getppid);
}

static int read_int(const char *path)
{
	char *text = slurp(path);
	int v = atoi(text);

	free(text);
	return v;
}

/*
 * The start both programs share: for this process only (others go to
 * COUNT_END), R7 = what @load reads from the context (R1, kept in R6),
 * R0 = the map's value; @body instructions follow, then COUNT_END.
 */
#define COUNT_START(load, map, body)					\
	MOV64_REG(BPF_REG_6, BPF_REG_1),				\
	CALL(BPF_FUNC_get_current_pid_tgid),				\
	ALU64_IMM(BPF_RSH, BPF_REG_0, 32),				\
	JMP_IMM(BPF_JNE, BPF_REG_0, getpid(), 8 + (body)),		\
	load,								\
	ST(BPF_W, BPF_REG_10, -4, 0),					\
	MOV64_REG(BPF_REG_2, BPF_REG_10),				\
	ALU64_IMM(BPF_ADD, BPF_REG_2, -4),				\
	LD_MAP_FD(BPF_REG_1, map),					\
	CALL(BPF_FUNC_map_lookup_elem),					\
	JMP_IMM(BPF_JEQ, BPF_REG_0, 0, body)
#define COUNT_END	MOV64_IMM(BPF_REG_0, 0), EXIT()

/*
 * The tracepoint program.  R1 is the event's record: the common fields
 * (8 bytes), then the system call's number as an int.
 */
static int load_tracepoint_prog(int map)
{
	const struct bpf_insn p[] = {
		COUNT_START(LDX(BPF_W, BPF_REG_7, BPF_REG_6, 8), map, 5),
		MOV64_IMM(BPF_REG_1, 1),
		ATOMIC64(BPF_ADD, BPF_REG_0, BPF_REG_1, offsetof(struct counts, hits)),
		STX(BPF_DW, BPF_REG_0, BPF_REG_7, offsetof(struct counts, seen)),
		ATOMIC64(BPF_ADD | BPF_FETCH, BPF_REG_0, BPF_REG_1,
			 offsetof(struct counts, tickets)),
		STX(BPF_DW, BPF_REG_0, BPF_REG_1, offsetof(struct counts, last)),
		COUNT_END,
	};
	return prog_load(BPF_PROG_TYPE_TRACEPOINT, p, ARRAY_LEN(p),
			 "the tracepoint program");
}

/* The kprobe program: R1 is the probed function's pt_regs. */
static int load_kprobe_prog(int map)
{
	const struct bpf_insn p[] = {
		COUNT_START(LDX(BPF_DW, BPF_REG_7, BPF_REG_6, REGS_PC_OFFSET), map, 3),
		MOV64_IMM(BPF_REG_1, 1),
		ATOMIC64(BPF_ADD, BPF_REG_0, BPF_REG_1, offsetof(struct counts, hits)),
		STX(BPF_DW, BPF_REG_0, BPF_REG_7, offsetof(struct counts, seen)),
		COUNT_END,
	};
	return prog_load(BPF_PROG_TYPE_KPROBE, p, ARRAY_LEN(p), "the kprobe program");
}

static int tracepoint_event(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = read_int(T "events/syscalls/sys_enter_getppid/id"),
		.sample_period = 1,
		.disabled = 1,
	};
	int fd = perf_open(&attr);

	wb_check(fd >= 0, "perf_event_open(syscalls:sys_enter_getppid)");
	return fd;
}

static void test_tracepoint(int map)
{
	int prog = load_tracepoint_prog(map), event = tracepoint_event();
	struct counts c;

	wb_check(jited_len(prog) > 0, "the tracepoint program was not JIT-compiled");
	map_clear(map);
	attach(event, prog);
	getppid_n(1000);
	c = map_read(map);
	wb_eq(c.hits, 1000);
	wb_eq(c.seen, SYS_getppid);
	wb_eq(c.tickets, 1000);
	wb_eq(c.last, 999);
	wb_pass("tracepoint program (JIT, %u bytes): 1000 getppid() calls, number %d",
		jited_len(prog), SYS_getppid);

	close(event);
	getppid_n(100);
	wb_eq(map_read(map).hits, 1000);
	wb_pass("tracepoint program detached: 100 more calls not counted");
	close(prog);
}

static void test_kprobe(int map)
{
	const char *name;
	unsigned long long fn = wb_getppid_address(&name);
	struct perf_event_attr attr = {
		.type = read_int("/sys/bus/event_source/devices/kprobe/type"),
		.size = sizeof(attr),
		.config1 = (uintptr_t)name,	/* kprobe_func */
		.config2 = 0,			/* probe_offset */
		.sample_period = 1,
		.disabled = 1,
	};
	int prog = load_kprobe_prog(map), event = perf_open(&attr);
	struct counts c;

	wb_check(event >= 0, "perf_event_open(kprobe on %s)", name);
	wb_check(jited_len(prog) > 0, "the kprobe program was not JIT-compiled");
	map_clear(map);
	attach(event, prog);
	getppid_n(500);
	c = map_read(map);
	close(event);
	wb_eq(c.hits, 500);
	wb_check(c.seen >= fn && c.seen < fn + 16,
		 "the program saw pc 0x%llx, %s is at 0x%llx",
		 (unsigned long long)c.seen, name, fn);
	wb_pass("kprobe program (JIT) on %s: 500 calls, pc %s+%llu",
		name, name, (unsigned long long)(c.seen - fn));
	close(prog);
}

static void test_refused(void)
{
	const struct bpf_insn undefined[] = {
		MOV64_IMM(BPF_REG_0, 0),
		I(BPF_ALU64 | 0xe0 | BPF_K, BPF_REG_0, 0, 0, 1),
		EXIT(),
	};
	const struct bpf_insn ret0[] = { MOV64_IMM(BPF_REG_0, 0), EXIT() };
	int prog, event;

	wb_eq(prog_load(BPF_PROG_TYPE_TRACEPOINT, undefined, ARRAY_LEN(undefined), NULL),
	      -EINVAL);
	wb_pass("an undefined ALU opcode: EINVAL");

	prog = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, ret0, ARRAY_LEN(ret0),
			 "a socket filter");
	event = tracepoint_event();
	wb_check(ioctl(event, PERF_EVENT_IOC_SET_BPF, prog) < 0 && errno == EINVAL,
		 "a socket filter attached to a tracepoint");
	close(event);
	close(prog);
	wb_pass("a socket filter on a tracepoint: EINVAL");
}

int main(void)
{
	int map;

	tracefs_need("events/syscalls/sys_enter_getppid/id");
	map = map_create();
	test_tracepoint(map);
	test_kprobe(map);
	test_refused();
	close(map);
	return 0;
}
