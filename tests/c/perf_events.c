// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf events on the CPU's PMUv3 (drivers/perf/arm_pmuv3.c), through
 * perf_event_open() as the perf tool uses it.  wb-config: normal
 *
 *  - the PMU is registered: an "armv8_*" entry in
 *    /sys/bus/event_source/devices with its perf type;
 *  - counting: CPU cycles of this task, user only, grow over a spin
 *    loop, stand still while the event is disabled, and kernel-only
 *    cycles grow over system calls (the exception level filters of
 *    PMCCFILTR_EL0/PMEVTYPER<n>_EL0);
 *  - user sampling: cycles sampled every 100000 with the IP, the call
 *    chain, the user registers PC, SP, x29 and LR and 512 bytes of user
 *    stack: the spinning function gets samples, each with a call chain
 *    that returns through its callers in order (frame records walked
 *    in user memory from the PMU interrupt), user registers whose PC is
 *    the sample's IP and whose SP is on this thread's stack, and a
 *    stack copy that holds the return address into its caller's caller;
 *  - kernel sampling: kernel-only cycles sampled over reads of
 *    /dev/zero: every kernel sample's call chain starts with
 *    PERF_CONTEXT_KERNEL and the sample's IP and goes on into user
 *    space, some run through vfs_read() (named through /proc/kallsyms)
 *    and return into the reading function; the samples the interrupt
 *    delivered after the return to user space (QEMU's max CPU notices
 *    most overflows only there) are user ones;
 *  - software events: the context switches of twenty sleeps sampled in
 *    the kernel with chains through hrtimer_nanosleep() and on into
 *    user space; 64 first touches of anonymous pages count 64 minor
 *    faults (at most a few more), and as many page faults;
 *  - instructions: under QEMU's -icount, a loop of a known length
 *    counted to within the instructions around it; elsewhere the event
 *    refused, as QEMU does not implement it;
 *  - bad input: a generic hardware event past PERF_COUNT_HW_MAX and a
 *    sampled user register that does not exist are refused.
 * QEMU's cycle counter runs at 1 GHz of virtual time, so the figures
 * vary from run to run; only their signs and the shapes of the samples
 * are checked.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <asm/perf_regs.h>
#include "wb.h"

#pragma GCC optimize("no-omit-frame-pointer")

/* Each function the call chains are checked against starts a 256-byte
 * block of its own and is shorter, so "returns into F" is a range. */
#define WINDOW		256
#define CHAINED		__attribute__((noinline, aligned(WINDOW)))

static volatile unsigned long sink;

static int in_fn(uint64_t pc, void *fn)
{
	return pc - (uintptr_t)fn < WINDOW;
}

static int perf_open(struct perf_event_attr *attr)
{
	attr->size = sizeof(*attr);
	return syscall(__NR_perf_event_open, attr, 0, -1, -1, 0);
}

static uint64_t read_count(int fd)
{
	uint64_t v;

	wb_check(read(fd, &v, sizeof(v)) == sizeof(v), "read of a counter");
	return v;
}

CHAINED static void spin(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}

CHAINED static void middle(long n)
{
	spin(n);
	sink++;
}

CHAINED static void outer(long n)
{
	middle(n);
	sink++;
}

CHAINED static void sampled(long n)
{
	outer(n);
	sink++;
}

/* Reads 64KB of /dev/zero n times. */
CHAINED static void reader(int fd, char *buf, int n)
{
	for (int i = 0; i < n; i++)
		wb_check(read(fd, buf, 65536) == 65536, "read /dev/zero");
	sink++;
}

/* A ring buffer of 16 data pages after the control page. */
#define DATA_PAGES	16

struct ring {
	struct perf_event_mmap_page *meta;
	char *data;
	size_t size;
};

static void ring_map(struct ring *r, int fd)
{
	long page = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, (DATA_PAGES + 1) * page, PROT_READ | PROT_WRITE,
		       MAP_SHARED, fd, 0);

	wb_check(p != MAP_FAILED, "mmap of the perf ring buffer");
	r->meta = p;
	r->data = (char *)p + page;
	r->size = DATA_PAGES * page;
}

/*
 * Call fn on each PERF_RECORD_SAMPLE in the buffer, which is read once,
 * after the event is disabled: a full buffer drops the newer records.
 */
static int ring_samples(struct ring *r,
			void (*fn)(unsigned int misc, const uint64_t *, void *),
			void *arg)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->meta->data_tail;
	int n = 0;

	wb_check(head - tail <= r->size, "ring buffer head %llu",
		 (unsigned long long)head);
	while (tail < head) {
		char rec[4096];
		struct perf_event_header *h = (void *)rec;
		size_t off = tail % r->size, first;

		/*
		 * Records are multiples of 8 bytes, so the 8-byte header is
		 * never split by the end of the buffer; the rest may be.
		 */
		memcpy(h, r->data + off, sizeof(*h));
		wb_check(h->size >= sizeof(*h) && h->size <= sizeof(rec),
			 "record size %u", h->size);
		first = r->size - off < h->size ? r->size - off : h->size;
		memcpy(rec, r->data + off, first);
		memcpy(rec + first, r->data, h->size - first);
		if (h->type == PERF_RECORD_SAMPLE) {
			fn(h->misc, (const uint64_t *)(h + 1), arg);
			n++;
		}
		tail += h->size;
	}
	__atomic_store_n(&r->meta->data_tail, tail, __ATOMIC_RELEASE);
	return n;
}

static void check_pmu(void)
{
	DIR *d = opendir("/sys/bus/event_source/devices");
	struct dirent *e;
	char path[512], type[32] = "";
	int found = 0;

	wb_check(d, "opendir /sys/bus/event_source/devices");
	while ((e = readdir(d))) {
		FILE *f;

		if (strncmp(e->d_name, "armv8_", 6))
			continue;
		snprintf(path, sizeof(path),
			 "/sys/bus/event_source/devices/%s/type", e->d_name);
		f = fopen(path, "r");
		wb_check(f, "open %s", path);
		wb_check(fgets(type, sizeof(type), f), "read %s", path);
		fclose(f);
		type[strcspn(type, "\n")] = 0;
		printf("PMU %s, perf type %s\n", e->d_name, type);
		found++;
	}
	closedir(d);
	wb_check(found == 1, "one armv8_* PMU in /sys/bus/event_source/devices, found %d",
		 found);
	wb_pass("the PMUv3 is registered");
}

static void check_counting(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.disabled = 1,
		.exclude_kernel = 1,
		.exclude_hv = 1,
	};
	uint64_t c1, c2, c3, k;
	int fd = perf_open(&a), kfd;

	wb_check(fd >= 0, "perf_event_open(cycles, user only)");
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	wb_check(ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) == 0, "enable");
	spin(2000000);
	wb_check(ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) == 0, "disable");
	c1 = read_count(fd);
	spin(2000000);
	c2 = read_count(fd);
	wb_check(ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) == 0, "enable");
	spin(2000000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	c3 = read_count(fd);
	close(fd);
	printf("user cycles: %llu, %llu while disabled, %llu\n",
	       (unsigned long long)c1, (unsigned long long)c2,
	       (unsigned long long)c3);
	wb_check(c1 > 0, "user cycles counted over a spin loop");
	wb_eq(c2, c1);
	wb_check(c3 > c2, "user cycles grow again once re-enabled");

	a.exclude_kernel = 0;
	a.exclude_user = 1;
	kfd = perf_open(&a);
	wb_check(kfd >= 0, "perf_event_open(cycles, kernel only)");
	ioctl(kfd, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < 20000; i++)
		syscall(__NR_getppid);
	ioctl(kfd, PERF_EVENT_IOC_DISABLE, 0);
	k = read_count(kfd);
	close(kfd);
	printf("kernel cycles over 20000 getppid(): %llu\n",
	       (unsigned long long)k);
	wb_check(k > 0, "kernel cycles counted over system calls");
	wb_pass("counting: user and kernel cycles, enable and disable");
}

struct user_samples {
	int n, spin, chained, regs_ok, stack_ok;
	uintptr_t stack;
};

/* Bytes of user stack each sample copies. */
#define STACK_DUMP	512

/*
 * A sample of IP | CALLCHAIN | REGS_USER | STACK_USER with the
 * registers x29, LR, SP and PC: ip, nr, ips[nr], abi, the registers in
 * the order of their numbers, then the stack.
 */
static void user_sample(unsigned int misc, const uint64_t *p, void *arg)
{
	struct user_samples *s = arg;
	uint64_t ip = p[0], nr = p[1];
	const uint64_t *ips = p + 2, *regs = ips + nr + 1;
	int outer_at = 0, sampled_at = 0;

	s->n++;
	if ((misc & PERF_RECORD_MISC_CPUMODE_MASK) != PERF_RECORD_MISC_USER ||
	    !in_fn(ip, spin))
		return;
	s->spin++;
	/*
	 * PERF_CONTEXT_USER, the IP, then the return addresses: into
	 * middle (when spin has a frame record of its own), into outer,
	 * into sampled, in this order.
	 */
	for (uint64_t i = 2; i < nr; i++) {
		if (!outer_at && in_fn(ips[i], outer))
			outer_at = i;
		if (outer_at && !sampled_at && in_fn(ips[i], sampled))
			sampled_at = i;
	}
	if (nr >= 4 && ips[0] == PERF_CONTEXT_USER && ips[1] == ip &&
	    sampled_at > outer_at && outer_at)
		s->chained++;
	else if (s->spin - s->chained <= 3)
		printf("sample at 0x%llx: %llu entries, outer at %d, sampled at %d\n",
		       (unsigned long long)ip, (unsigned long long)nr,
		       outer_at, sampled_at);
	/* The interrupted PC is the IP; SP and x29 are on this stack. */
	if (ips[nr] == PERF_SAMPLE_REGS_ABI_64 && regs[3] == ip &&
	    regs[2] - (s->stack - (1 << 20)) < (2 << 20) &&
	    regs[0] >= regs[2] && regs[0] - regs[2] < (1 << 20))
		s->regs_ok++;
	/*
	 * The user stack from SP up: size, the bytes, then how many of
	 * them were copied.  The frame records above spin's SP hold the
	 * return address into outer.
	 */
	if (regs[4] == STACK_DUMP) {
		const uint64_t *stack = regs + 5;
		uint64_t dyn = stack[STACK_DUMP / 8];

		for (uint64_t i = 0; i < dyn / 8 && dyn <= STACK_DUMP; i++)
			if (in_fn(stack[i], outer)) {
				s->stack_ok++;
				break;
			}
	}
}

static void check_user_sampling(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.sample_period = 100000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN |
			       PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER,
		.sample_stack_user = STACK_DUMP,
		.sample_regs_user = 1ULL << PERF_REG_ARM64_X29 |
				    1ULL << PERF_REG_ARM64_LR |
				    1ULL << PERF_REG_ARM64_SP |
				    1ULL << PERF_REG_ARM64_PC,
		.disabled = 1,
		.exclude_kernel = 1,
		.exclude_hv = 1,
		.exclude_callchain_kernel = 1,
	};
	struct user_samples s = { .stack = (uintptr_t)&a };
	struct ring r;
	int fd = perf_open(&a);

	wb_check(fd >= 0, "perf_event_open(cycles, sampling)");
	ring_map(&r, fd);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	sampled(20000000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ring_samples(&r, user_sample, &s);
	close(fd);
	printf("user samples: %d, %d in spin(), %d with its callers, %d with its registers, %d with its stack\n",
	       s.n, s.spin, s.chained, s.regs_ok, s.stack_ok);
	wb_check(s.spin >= 10, "at least 10 samples in spin(), got %d", s.spin);
	wb_eq(s.chained, s.spin);
	wb_eq(s.regs_ok, s.spin);
	wb_eq(s.stack_ok, s.spin);
	wb_pass("user sampling: IPs, call chains, registers and stacks");
}

/* The kernel symbol at or below an address, from /proc/kallsyms. */
struct ksym {
	uint64_t addr;
	char name[64];
};

static struct ksym *ksyms;
static size_t nksyms;

static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void load_kallsyms(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[256], type;
	size_t cap = 0;

	wb_check(f, "open /proc/kallsyms");
	while (fgets(line, sizeof(line), f)) {
		struct ksym k;

		if (sscanf(line, "%llx %c %63s", (unsigned long long *)&k.addr,
			   &type, k.name) != 3 || !k.addr)
			continue;
		if (type != 't' && type != 'T')
			continue;
		if (nksyms == cap) {
			cap = cap ? 2 * cap : 16384;
			ksyms = realloc(ksyms, cap * sizeof(*ksyms));
			wb_check(ksyms, "realloc");
		}
		ksyms[nksyms++] = k;
	}
	fclose(f);
	wb_check(nksyms > 1000, "kernel text symbols in /proc/kallsyms (as root): %zu",
		 nksyms);
	qsort(ksyms, nksyms, sizeof(*ksyms), ksym_cmp);
}

static const char *ksym_name(uint64_t addr)
{
	size_t lo = 0, hi = nksyms;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (ksyms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return ksyms[lo].addr <= addr ? ksyms[lo].name : "?";
}

/* A kernel call chain by symbol, user addresses as "?". */
static void print_chain(const char *what, const uint64_t *ips, uint64_t nr)
{
	printf("%s", what);
	for (uint64_t i = 1; i < nr && i < 24; i++)
		printf(" %s", ips[i] == PERF_CONTEXT_USER ? "|user|" :
		       ksym_name(ips[i]));
	printf("\n");
}

struct kernel_samples {
	int n, skid, shaped, user_part, vfs_read, user_reader;
};

/*
 * IP | CALLCHAIN: ip, nr, ips[nr].  A counter that overflows late in
 * a system call may interrupt only once the CPU is back in user space
 * (the return path runs with interrupts masked, and QEMU may notice the
 * overflow only at the exception return): a user sample, whose chain
 * is user space's alone.
 */
static void kernel_sample(unsigned int misc, const uint64_t *p, void *arg)
{
	struct kernel_samples *s = arg;
	uint64_t ip = p[0], nr = p[1];
	const uint64_t *ips = p + 2;
	int user = 0, vfs = 0, rd = 0;

	if ((misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_USER &&
	    nr >= 2 && ips[0] == PERF_CONTEXT_USER && ips[1] == ip) {
		s->skid++;
		return;
	}
	s->n++;
	if ((misc & PERF_RECORD_MISC_CPUMODE_MASK) != PERF_RECORD_MISC_KERNEL ||
	    nr < 2 || ips[0] != PERF_CONTEXT_KERNEL || ips[1] != ip ||
	    !strcmp(ksym_name(ip), "?")) {
		if (s->n - s->shaped <= 3)
			printf("sample at 0x%llx (%s): %llu entries, first 0x%llx\n",
			       (unsigned long long)ip, ksym_name(ip),
			       (unsigned long long)nr,
			       nr ? (unsigned long long)ips[0] : 0ULL);
		return;
	}
	s->shaped++;
	for (uint64_t i = 1; i < nr; i++) {
		if (ips[i] == PERF_CONTEXT_USER)
			user = i;
		else if (!user && !strcmp(ksym_name(ips[i]), "vfs_read"))
			vfs = 1;
		else if (user && in_fn(ips[i], reader))
			rd = 1;
	}
	/* Every sample is of this task in a system call: a user part. */
	if (user && user + 1 < (int)nr && ips[user + 1] < (1ULL << 56))
		s->user_part++;
	s->vfs_read += vfs;
	s->user_reader += rd;
	if (!vfs && s->shaped - s->vfs_read <= 3)
		print_chain("kernel sample without vfs_read:", ips, nr);
}

static void check_kernel_sampling(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.sample_period = 50000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN,
		.disabled = 1,
		.exclude_user = 1,
		.exclude_hv = 1,
	};
	struct kernel_samples s = { 0 };
	static char buf[65536];
	struct ring r;
	int fd, zero = open("/dev/zero", O_RDONLY);

	wb_check(zero >= 0, "open /dev/zero");
	load_kallsyms();
	fd = perf_open(&a);
	wb_check(fd >= 0, "perf_event_open(cycles, kernel sampling)");
	ring_map(&r, fd);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	reader(zero, buf, 4000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ring_samples(&r, kernel_sample, &s);
	close(fd);
	close(zero);
	printf("kernel samples: %d, %d shaped, %d with a user part, %d through vfs_read, %d returning into reader(); %d taken in user space\n",
	       s.n, s.shaped, s.user_part, s.vfs_read, s.user_reader, s.skid);
	wb_check(s.n >= 10, "at least 10 kernel samples, got %d", s.n);
	wb_eq(s.shaped, s.n);
	wb_eq(s.user_part, s.n);
	/*
	 * How the samples spread over the system call depends on the
	 * CPU model's speed under TCG and on when the host runs the
	 * vCPU (a sample due while interrupts are masked is taken where
	 * they are unmasked), so only a few are asked for.
	 */
	wb_check(s.vfs_read >= 5, "kernel samples through vfs_read: %d of %d",
		 s.vfs_read, s.n);
	wb_check(s.user_reader >= 5,
		 "kernel samples whose user chains return into reader(): %d of %d",
		 s.user_reader, s.n);
	wb_pass("kernel sampling: kernel and user call chains");
}

CHAINED static void sleeper(int n)
{
	struct timespec ts = { 0, 5000000 };

	for (int i = 0; i < n; i++)
		nanosleep(&ts, NULL);
	sink++;
}

struct switch_samples {
	int n, kernel, nanosleep, user_part;
};

static void switch_sample(unsigned int misc, const uint64_t *p, void *arg)
{
	struct switch_samples *s = arg;
	uint64_t ip = p[0], nr = p[1];
	const uint64_t *ips = p + 2;
	int user = 0, ns = 0;

	s->n++;
	if ((misc & PERF_RECORD_MISC_CPUMODE_MASK) != PERF_RECORD_MISC_KERNEL ||
	    nr < 2 || ips[0] != PERF_CONTEXT_KERNEL || ips[1] != ip)
		return;
	s->kernel++;
	for (uint64_t i = 1; i < nr; i++) {
		if (ips[i] == PERF_CONTEXT_USER)
			user = i;
		else if (!user && !strcmp(ksym_name(ips[i]), "hrtimer_nanosleep"))
			ns = 1;
	}
	s->nanosleep += ns;
	if (ns && user && user + 1 < (int)nr)
		s->user_part++;
	else if (s->kernel - s->user_part <= 3)
		print_chain("context switch sample:", ips, nr);
}

/*
 * A software event raised in the kernel: each context switch away from
 * this task, sampled with its call chain, which starts where the
 * scheduler raised it (perf_arch_fetch_caller_regs()).  Each of twenty
 * 5 ms sleeps switches away once through hrtimer_nanosleep(), unless
 * its timer expired before the task got to schedule() (a host that
 * descheduled the vCPU that long): 15 of them at least.
 */
static void check_context_switches(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_CONTEXT_SWITCHES,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN,
		.disabled = 1,
	};
	struct switch_samples s = { 0 };
	struct ring r;
	int fd = perf_open(&a);

	wb_check(fd >= 0, "perf_event_open(context switches)");
	ring_map(&r, fd);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	sleeper(20);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ring_samples(&r, switch_sample, &s);
	close(fd);
	printf("context switches: %d samples, %d in the kernel, %d through hrtimer_nanosleep, %d of them with a user part\n",
	       s.n, s.kernel, s.nanosleep, s.user_part);
	wb_eq(s.kernel, s.n);
	wb_check(s.nanosleep >= 15, "20 sleeps, %d samples through hrtimer_nanosleep",
		 s.nanosleep);
	wb_eq(s.user_part, s.nanosleep);
	wb_pass("software events: context switch call chains");
}

static void check_software(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_PAGE_FAULTS_MIN,
		.disabled = 1,
		.exclude_kernel = 1,
	};
	struct perf_event_attr b = a;
	long page = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 64 * page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int min, all;
	uint64_t vmin, vall;

	wb_check(m != MAP_FAILED, "mmap of 64 pages");
	b.config = PERF_COUNT_SW_PAGE_FAULTS;
	min = perf_open(&a);
	all = perf_open(&b);
	wb_check(min >= 0 && all >= 0, "perf_event_open(page faults)");
	ioctl(min, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(all, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < 64; i++)
		m[i * page] = 1;
	ioctl(all, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(min, PERF_EVENT_IOC_DISABLE, 0);
	vmin = read_count(min);
	vall = read_count(all);
	close(min);
	close(all);
	munmap(m, 64 * page);
	printf("64 first touches: %llu minor faults, %llu page faults\n",
	       (unsigned long long)vmin, (unsigned long long)vall);
	wb_check(vmin >= 64 && vmin <= 72, "minor faults %llu for 64 touches",
		 (unsigned long long)vmin);
	wb_check(vall >= 64 && vall <= 72, "page faults %llu for 64 touches",
		 (unsigned long long)vall);
	wb_pass("software events: page faults");
}

/* 2n + 1 instructions: a MOV, then n SUBS and n B.NE. */
static void insn_loop(long n)
{
	asm volatile("mov	x9, %0\n"
		     "1:	subs	x9, x9, #1\n"
		     "	b.ne	1b\n" : : "r" (n) : "x9", "cc");
}

static uint64_t count_insns(int fd, long n)
{
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	insn_loop(n);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	return read_count(fd);
}

/*
 * Instructions retired (INST_RETIRED, event 0x08), which QEMU counts
 * only under -icount (the harness then says wb_icount=1): a loop of a
 * known length, counted in user space, must come out at its length
 * plus the few instructions between the two ioctl()s around it, and
 * twice the loop must count exactly twice its extra instructions.
 * Without -icount QEMU's PMCEID0_EL0 does not list the event, and the
 * driver must refuse it.
 */
static void check_instructions(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_INSTRUCTIONS,
		.disabled = 1,
		.exclude_kernel = 1,
		.exclude_hv = 1,
	};
	const long n = 1000000;
	uint64_t c1, c2;
	int fd;

	errno = 0;
	fd = perf_open(&a);
	if (!getenv("wb_icount")) {
		printf("instructions without -icount: fd %d, errno %d (%s)\n",
		       fd, errno, strerror(errno));
		wb_check(fd < 0 && errno == ENOENT,
			 "the instructions event refused without -icount");
		wb_pass("instructions: refused where QEMU does not count them");
		return;
	}
	wb_check(fd >= 0, "perf_event_open(instructions, user only)");
	c1 = count_insns(fd, n);
	c2 = count_insns(fd, 2 * n);
	close(fd);
	printf("instructions: %llu for a loop of %ld, %llu for one of %ld\n",
	       (unsigned long long)c1, 2 * n + 1, (unsigned long long)c2,
	       4 * n + 1);
	wb_check(c1 >= 2 * n + 1 && c1 - (2 * n + 1) < 200,
		 "%llu instructions counted for a loop of %ld",
		 (unsigned long long)c1, 2 * n + 1);
	wb_eq(c2 - c1, 2 * n);
	wb_pass("instructions: a known loop counted exactly");
}

static void check_bad_input(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_MAX,
		.disabled = 1,
	};
	int fd;

	errno = 0;
	fd = perf_open(&a);
	wb_check(fd < 0 && (errno == EINVAL || errno == ENOENT),
		 "a hardware event past PERF_COUNT_HW_MAX refused");
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.sample_period = 100000;
	a.sample_type = PERF_SAMPLE_REGS_USER;
	a.sample_regs_user = 1ULL << 40;
	errno = 0;
	fd = perf_open(&a);
	wb_check(fd < 0 && errno == EINVAL,
		 "sampling user register 40, which does not exist, refused");
	wb_pass("bad input refused");
}

/* A sysctl's value, read into buf (the trailing newline dropped). */
static void sysctl_read(const char *name, char *buf, size_t len)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	f = fopen(path, "r");
	wb_check(f && fgets(buf, len, f), "read %s", path);
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
}

static void sysctl_write(const char *name, const char *val)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	f = fopen(path, "w");
	wb_check(f, "open %s", path);
	wb_check(fputs(val, f) >= 0 && fclose(f) == 0, "write %s to %s", val, path);
}

static char old_rate[32], old_percent[32];

static void restore_throttling(void)
{
	sysctl_write("perf_cpu_time_max_percent", old_percent);
}

/*
 * Under TCG the host deschedules a vCPU in the middle of its PMU
 * interrupts, which perf measures as interrupts that took too long and
 * answers by lowering kernel.perf_event_max_sample_rate, seen down to
 * one sample a tick.  A software event sampled at every context switch
 * then loses the samples that follow a sleep without ticks (the count
 * of a tick's samples is reset only by a tick).  So this test runs with
 * the sample rate back at perf's default and the time limit off
 * (perf_cpu_time_max_percent = 0, which the kernel accepts only after
 * the rate is set), and puts the limit back when it exits.
 */
static void no_throttling(void)
{
	sysctl_read("perf_event_max_sample_rate", old_rate, sizeof(old_rate));
	sysctl_read("perf_cpu_time_max_percent", old_percent, sizeof(old_percent));
	printf("perf_event_max_sample_rate %s, perf_cpu_time_max_percent %s\n",
	       old_rate, old_percent);
	sysctl_write("perf_event_max_sample_rate", "100000");
	sysctl_write("perf_cpu_time_max_percent", "0");
	atexit(restore_throttling);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	no_throttling();
	check_pmu();
	check_counting();
	check_user_sampling();
	check_kernel_sampling();
	check_context_switches();
	check_software();
	check_instructions();
	check_bad_input();
	return 0;
}
