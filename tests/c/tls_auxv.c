// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a process is told about itself, and its thread pointer:
 *  - TPIDR_EL0 is the thread pointer glibc uses (__builtin_thread_pointer),
 *    distinct per thread, set from clone's tls argument (x3 on arm64) with
 *    CLONE_SETTLS, inherited by fork, and kept per thread across context
 *    switches; TPIDRRO_EL0 reads 0 for a native task;
 *  - the auxiliary vector: AT_PAGESZ, AT_HWCAP (FP, ASIMD, CPUID, and the
 *    crypto/CRC/atomics bits matching the ID registers as EL0 reads them
 *    through the kernel's MRS emulation; no SVE/PAC/BTI/MTE/SME, which this
 *    project's kernels leave out), AT_PLATFORM "aarch64", AT_RANDOM,
 *    AT_MINSIGSTKSZ (arm64: the largest signal frame, see below),
 *    AT_SYSINFO_EHDR (the vDSO's ELF header), AT_CLKTCK, AT_PHDR/PHENT/
 *    PHNUM, AT_ENTRY, AT_EXECFN, ids and AT_SECURE;
 *  - uname's machine "aarch64"; /proc/cpuinfo's arm64 format, Features
 *    naming exactly the AT_HWCAP/AT_HWCAP2 bits set, CPU
 *    implementer/variant/part/revision being MIDR_EL1's fields (0x41 =
 *    Arm for QEMU's Cortex models, 0x00 for its "max");
 *  - ASLR: stack, mmap base, brk, vDSO and AT_RANDOM differ between two
 *    exec'd children (randomize_va_space = 2).
 */
#define _GNU_SOURCE
#include <asm/hwcap.h>
#include <elf.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

static uint64_t read_tpidr(void)
{
	uint64_t v;

	asm volatile("mrs %0, tpidr_el0" : "=r"(v));
	return v;
}

static uint64_t read_tpidrro(void)
{
	uint64_t v;

	asm volatile("mrs %0, tpidrro_el0" : "=r"(v));
	return v;
}

/*
 * tp_hold(val, iters, nr, a0): set TPIDR_EL0 = val, make system call
 * nr(a0) iters times, read TPIDR_EL0 back, restore the original, return
 * what was read.  No libc in between: TLS is unusable meanwhile.
 */
uint64_t tp_hold(uint64_t val, long iters, long nr, long a0);

asm(
"	.text\n"
"	.globl	tp_hold\n"
"	.type	tp_hold, %function\n"
"	.p2align 2\n"
"tp_hold:\n"
"	mrs	x9, tpidr_el0\n"
"	msr	tpidr_el0, x0\n"
"	mov	x10, x1\n"
"	mov	x11, x3\n"
"	mov	x8, x2\n"
"1:	cbz	x10, 2f\n"
"	mov	x0, x11\n"
"	svc	#0\n"
"	sub	x10, x10, #1\n"
"	b	1b\n"
"2:	mrs	x0, tpidr_el0\n"
"	msr	tpidr_el0, x9\n"
"	ret\n"
"	.size	tp_hold, . - tp_hold\n"
);

/* ---- TPIDR_EL0 ---- */

#define NTHREADS 4

static __thread int tls_var;
static uint64_t thread_tp[NTHREADS];
static struct timespec nap = { 0, 100 * 1000 };

struct hold {
	uint64_t val, got;
	long nr, a0;
	pthread_t t;
};

static void pin0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	wb_check(sched_setaffinity(0, sizeof(set), &set) == 0, "pin to cpu 0");
}

static void *hold_thread(void *arg)
{
	struct hold *h = arg;

	pin0();
	h->got = tp_hold(h->val, 2000, h->nr, h->a0);
	return NULL;
}

static void *tp_thread(void *arg)
{
	int i = (int)(uintptr_t)arg;
	uint64_t tp = read_tpidr();

	thread_tp[i] = tp;
	/* The thread pointer glibc uses, and __thread just above it (TLS
	 * variant 1: a 16-byte TCB at tp, then the TLS blocks). */
	if (tp != (uint64_t)__builtin_thread_pointer())
		return (void *)1;
	if ((uintptr_t)&tls_var < tp + 16 || (uintptr_t)&tls_var >= tp + 4096)
		return (void *)2;
	return NULL;
}

static void test_tpidr(void)
{
	pthread_t t[NTHREADS];
	struct hold h[3];
	uint64_t main_tp = read_tpidr();
	int p[2], status;
	pid_t pid;

	wb_eq(main_tp, (uintptr_t)__builtin_thread_pointer());
	wb_eq(read_tpidrro(), 0);

	for (int i = 0; i < NTHREADS; i++)
		wb_eq(pthread_create(&t[i], NULL, tp_thread, (void *)(uintptr_t)i), 0);
	for (int i = 0; i < NTHREADS; i++) {
		void *ret;

		wb_eq(pthread_join(t[i], &ret), 0);
		if (ret)
			wb_fail("thread %d: %s", i, ret == (void *)1 ?
				"TPIDR_EL0 is not glibc's thread pointer" :
				"__thread not just above TPIDR_EL0");
		wb_check(thread_tp[i] != main_tp, "thread %d shares main's TPIDR_EL0", i);
		for (int j = 0; j < i; j++)
			wb_check(thread_tp[i] != thread_tp[j],
				 "threads %d and %d: same TPIDR_EL0 0x%llx", i, j,
				 (unsigned long long)thread_tp[i]);
	}

	/* Three threads on one CPU, each with its own TPIDR_EL0, yielding
	 * or sleeping 2000 times. */
	h[0] = (struct hold){ .val = 0x1111222233334444ull, .nr = SYS_sched_yield };
	h[1] = (struct hold){ .val = 0x5555666677778888ull, .nr = SYS_sched_yield };
	h[2] = (struct hold){ .val = 0x99990000aaaabbbbull, .nr = SYS_nanosleep,
			      .a0 = (long)&nap };
	for (int i = 0; i < 3; i++)
		wb_eq(pthread_create(&h[i].t, NULL, hold_thread, &h[i]), 0);
	for (int i = 0; i < 3; i++) {
		wb_eq(pthread_join(h[i].t, NULL), 0);
		if (h[i].got != h[i].val)
			wb_fail("TPIDR_EL0 0x%llx after switches, expected 0x%llx",
				(unsigned long long)h[i].got,
				(unsigned long long)h[i].val);
	}

	/* fork: the child runs on the same thread pointer. */
	wb_check(pipe(p) == 0, "pipe");
	pid = fork();
	if (pid == 0) {
		uint64_t tp = read_tpidr();

		_exit(write(p[1], &tp, 8) == 8 ? 0 : 1);
	}
	{
		uint64_t child_tp = 0;

		wb_eq(read(p[0], &child_tp, 8), 8);
		wb_eq(child_tp, main_tp);
	}
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_eq(status, 0);
	close(p[0]);
	close(p[1]);

	/* clone(CLONE_VM | CLONE_VFORK | CLONE_SETTLS, tls in x3): the child
	 * reports its TPIDR_EL0 through x9 and exits, all in asm. */
	{
		static volatile uint64_t seen;
		register uint64_t x0 asm("x0") = CLONE_VM | CLONE_VFORK | CLONE_SETTLS | SIGCHLD;
		register uint64_t x1 asm("x1") = 0;
		register uint64_t x2 asm("x2") = 0;
		register uint64_t x3 asm("x3") = 0x0123456789abcdefull;
		register uint64_t x4 asm("x4") = 0;
		register uint64_t x9 asm("x9") = (uintptr_t)&seen;

		asm volatile(
			"	mov	x8, #220\n"
			"	svc	#0\n"
			"	cbnz	x0, 1f\n"
			"	mrs	x10, tpidr_el0\n"
			"	str	x10, [x9]\n"
			"	mov	x0, #0\n"
			"	mov	x8, #93\n"
			"	svc	#0\n"
			"1:\n"
			: "+r"(x0)
			: "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x9)
			: "x8", "x10", "memory");
		wb_check((int64_t)x0 > 0, "clone returned %lld", (long long)x0);
		wb_eq(waitpid((pid_t)x0, &status, 0), (pid_t)x0);
		wb_eq(status, 0);
		wb_eq(seen, 0x0123456789abcdefull);
		/* Ours is untouched. */
		wb_eq(read_tpidr(), main_tp);
	}
	wb_pass("TPIDR_EL0: glibc's tp, per thread, kept across switches, fork, CLONE_SETTLS; TPIDRRO_EL0 = 0");
}

/* ---- auxv ---- */

/* An ID register as EL0 sees it, through the kernel's MRS emulation. */
#define read_id(reg) ({ uint64_t __v; asm volatile("mrs %0, " #reg : "=r"(__v)); __v; })

extern char _start[];

static void test_auxv(const char *argv0)
{
	unsigned long pagesz = getauxval(AT_PAGESZ);
	unsigned long hwcap = getauxval(AT_HWCAP), hwcap2 = getauxval(AT_HWCAP2);
	const char *plat = (const char *)getauxval(AT_PLATFORM);
	const unsigned char *rnd = (const unsigned char *)getauxval(AT_RANDOM);
	const Elf64_Ehdr *vdso = (const Elf64_Ehdr *)getauxval(AT_SYSINFO_EHDR);
	const Elf64_Phdr *phdr = (const Elf64_Phdr *)getauxval(AT_PHDR);
	uint64_t isar0 = read_id(ID_AA64ISAR0_EL1), pfr0 = read_id(ID_AA64PFR0_EL1);
	int nonzero = 0, has_load = 0;

	wb_eq(pagesz, (unsigned long)sysconf(_SC_PAGESIZE));
	wb_eq(pagesz, (unsigned long)getpagesize());
	wb_check(pagesz == 4096 || pagesz == 16384 || pagesz == 65536,
		 "AT_PAGESZ %lu is not an arm64 page size", pagesz);

	/* AT_HWCAP bits (uapi/asm/hwcap.h) against the ID registers. */
	wb_eq(hwcap & HWCAP_FP, HWCAP_FP);
	wb_eq(hwcap & HWCAP_ASIMD, HWCAP_ASIMD);
	wb_eq(hwcap & HWCAP_CPUID, HWCAP_CPUID);
	wb_check((pfr0 >> 16 & 0xf) != 0xf && (pfr0 >> 20 & 0xf) != 0xf,
		 "ID_AA64PFR0_EL1 0x%llx says no FP/AdvSIMD", (unsigned long long)pfr0);
	wb_eq(!!(hwcap & HWCAP_AES), (isar0 >> 4 & 0xf) >= 1);
	wb_eq(!!(hwcap & HWCAP_PMULL), (isar0 >> 4 & 0xf) >= 2);
	wb_eq(!!(hwcap & HWCAP_SHA1), (isar0 >> 8 & 0xf) >= 1);
	wb_eq(!!(hwcap & HWCAP_SHA2), (isar0 >> 12 & 0xf) >= 1);
	wb_eq(!!(hwcap & HWCAP_CRC32), (isar0 >> 16 & 0xf) >= 1);
	wb_eq(!!(hwcap & HWCAP_ATOMICS), (isar0 >> 20 & 0xf) >= 2);
	/* Left out of this project's kernels: never advertised. */
	wb_eq(hwcap & (HWCAP_SVE | HWCAP_PACA | HWCAP_PACG), 0);
	wb_eq(hwcap2 & (HWCAP2_SVE2 | HWCAP2_BTI | HWCAP2_MTE | HWCAP2_SME), 0);

	wb_check(plat && strcmp(plat, "aarch64") == 0, "AT_PLATFORM '%s'", plat ? plat : "(null)");

	wb_check(rnd != NULL, "no AT_RANDOM");
	for (int i = 0; i < 16; i++)
		nonzero |= rnd[i];
	wb_check(nonzero, "AT_RANDOM's 16 bytes are all zero");

	/*
	 * AT_MINSIGSTKSZ: arm64 gives the size of the largest signal frame
	 * it may build, plus a frame record and alignment slack:
	 * sizeof(struct rt_sigframe) = siginfo 128 + ucontext 4560 (176 of
	 * flags, link, stack, 1024-bit mask; sigcontext 288 + __reserved
	 * 4096) = 4688, + 16 (frame record) + 16 = 4720.  Records that do
	 * not fit in __reserved (SVE/SME/ZA) would add to it; this kernel
	 * has none.
	 */
	wb_eq(getauxval(AT_MINSIGSTKSZ), 4720);
	/* ... which fits the uapi's fixed MINSIGSTKSZ (5120) on arm64. */
	wb_check(getauxval(AT_MINSIGSTKSZ) <= 5120, "AT_MINSIGSTKSZ %lu above 5120",
		 getauxval(AT_MINSIGSTKSZ));

	wb_check(vdso != NULL, "no AT_SYSINFO_EHDR");
	wb_check(memcmp(vdso->e_ident, ELFMAG, SELFMAG) == 0, "vDSO has no ELF magic");
	wb_eq(vdso->e_ident[EI_CLASS], ELFCLASS64);
	wb_eq(vdso->e_ident[EI_DATA], ELFDATA2LSB);
	wb_eq(vdso->e_type, ET_DYN);
	wb_eq(vdso->e_machine, EM_AARCH64);
	wb_eq((uintptr_t)vdso % pagesz, 0);

	/* USER_HZ is 100 on arm64. */
	wb_eq(getauxval(AT_CLKTCK), 100);
	wb_eq(getauxval(AT_PHENT), sizeof(Elf64_Phdr));
	for (unsigned long i = 0; i < getauxval(AT_PHNUM); i++)
		has_load |= phdr[i].p_type == PT_LOAD;
	wb_check(has_load, "AT_PHDR has no PT_LOAD");
	wb_eq(getauxval(AT_ENTRY), (uintptr_t)_start);
	wb_check(strcmp((const char *)getauxval(AT_EXECFN), argv0) == 0,
		 "AT_EXECFN '%s', argv[0] '%s'", (const char *)getauxval(AT_EXECFN), argv0);
	wb_eq(getauxval(AT_UID), getuid());
	wb_eq(getauxval(AT_EUID), geteuid());
	wb_eq(getauxval(AT_GID), getgid());
	wb_eq(getauxval(AT_EGID), getegid());
	wb_eq(getauxval(AT_SECURE), 0);
	wb_pass("auxv: AT_PAGESZ %lu, AT_HWCAP 0x%lx matches ID regs, platform, random, MINSIGSTKSZ, vDSO",
		pagesz, hwcap);
}

/* ---- uname, /proc/cpuinfo ---- */

static int has_word(const char *line, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = line; (p = strstr(p, word)); p += n)
		if ((p == line || p[-1] == ' ' || p[-1] == ':' || p[-1] == '\t') &&
		    (p[n] == ' ' || p[n] == '\n' || p[n] == '\0'))
			return 1;
	return 0;
}

/*
 * The names /proc/cpuinfo gives the AT_HWCAP bits 0-31 and AT_HWCAP2 bits
 * 0-23, in bit order (uapi/asm/hwcap.h; arch/arm64/kernel/cpuinfo.c).
 */
static const char *const hwcap_names[32] = {
	"fp", "asimd", "evtstrm", "aes", "pmull", "sha1", "sha2", "crc32",
	"atomics", "fphp", "asimdhp", "cpuid", "asimdrdm", "jscvt", "fcma",
	"lrcpc", "dcpop", "sha3", "sm3", "sm4", "asimddp", "sha512", "sve",
	"asimdfhm", "dit", "uscat", "ilrcpc", "flagm", "ssbs", "sb", "paca",
	"pacg",
};
static const char *const hwcap2_names[24] = {
	"dcpodp", "sve2", "sveaes", "svepmull", "svebitperm", "svesha3",
	"svesm4", "flagm2", "frint", "svei8mm", "svef32mm", "svef64mm",
	"svebf16", "i8mm", "bf16", "dgh", "rng", "bti", "mte", "ecv", "afp",
	"rpres", "mte3", "sme",
};

/* Each name is in the Features line exactly when its bit is set. */
static void check_features(const char *line, unsigned long hwcap, unsigned long hwcap2)
{
	for (int i = 0; i < 32; i++)
		if (has_word(line, hwcap_names[i]) != !!(hwcap & 1ul << i))
			wb_fail("Features %s '%s' but AT_HWCAP bit %d is %s: %s",
				has_word(line, hwcap_names[i]) ? "has" : "lacks",
				hwcap_names[i], i, hwcap & 1ul << i ? "set" : "clear", line);
	for (int i = 0; i < 24; i++)
		if (has_word(line, hwcap2_names[i]) != !!(hwcap2 & 1ul << i))
			wb_fail("Features %s '%s' but AT_HWCAP2 bit %d is %s: %s",
				has_word(line, hwcap2_names[i]) ? "has" : "lacks",
				hwcap2_names[i], i, hwcap2 & 1ul << i ? "set" : "clear", line);
}

static void test_uname_cpuinfo(void)
{
	unsigned long hwcap = getauxval(AT_HWCAP);
	/* QEMU's CPUs are all alike: any CPU's MIDR describes each. */
	uint64_t midr = read_id(MIDR_EL1);
	struct utsname u;
	char line[1024];
	int procs = 0, bogo = 0, feats = 0, impl = 0, arch = 0, midr_lines = 0;
	FILE *f;

	wb_eq(uname(&u), 0);
	wb_check(strcmp(u.machine, "aarch64") == 0, "uname machine '%s'", u.machine);
	wb_check(strcmp(u.sysname, "Linux") == 0, "uname sysname '%s'", u.sysname);

	f = fopen("/proc/cpuinfo", "r");
	wb_check(f != NULL, "open /proc/cpuinfo");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "processor\t: ", 12) == 0) {
			wb_eq(atoi(line + 12), procs);
			procs++;
		} else if (strncmp(line, "BogoMIPS\t: ", 11) == 0) {
			bogo++;
		} else if (strncmp(line, "Features\t: ", 11) == 0) {
			feats++;
			wb_check(has_word(line, "fp") && has_word(line, "asimd") &&
				 has_word(line, "cpuid"), "Features line: %s", line);
			check_features(line, hwcap, getauxval(AT_HWCAP2));
		} else if (strncmp(line, "CPU implementer\t: ", 18) == 0) {
			impl++;
			wb_eq(strtoul(line + 18, NULL, 0), midr >> 24 & 0xff);
		} else if (strncmp(line, "CPU variant\t: ", 14) == 0) {
			midr_lines++;
			wb_eq(strtoul(line + 14, NULL, 0), midr >> 20 & 0xf);
		} else if (strncmp(line, "CPU part\t: ", 11) == 0) {
			midr_lines++;
			wb_eq(strtoul(line + 11, NULL, 0), midr >> 4 & 0xfff);
		} else if (strncmp(line, "CPU revision\t: ", 15) == 0) {
			midr_lines++;
			wb_eq(strtoul(line + 15, NULL, 0), midr & 0xf);
		} else if (strncmp(line, "CPU architecture: ", 18) == 0) {
			arch++;
			wb_check(strcmp(line + 18, "8\n") == 0, "architecture: %s", line);
		}
	}
	fclose(f);
	wb_eq(procs, sysconf(_SC_NPROCESSORS_ONLN));
	wb_eq(bogo, procs);
	wb_eq(feats, procs);
	wb_eq(impl, procs);
	wb_eq(arch, procs);
	wb_eq(midr_lines, 3 * procs);
	wb_pass("uname aarch64; /proc/cpuinfo: %d processors with BogoMIPS, Features = hwcaps, MIDR 0x%llx, architecture 8",
		procs, (unsigned long long)midr);
}

/* ---- ASLR ---- */

struct layout {
	uint64_t stack, mmap, brk, vdso;
	unsigned char random[16];
};

static int report_layout(void)
{
	struct layout l;
	int local;
	void *m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(&l, 0, sizeof(l));
	l.stack = (uintptr_t)&local;
	l.mmap = (uintptr_t)m;
	l.brk = syscall(SYS_brk, 0);
	l.vdso = getauxval(AT_SYSINFO_EHDR);
	memcpy(l.random, (void *)getauxval(AT_RANDOM), 16);
	return write(1, &l, sizeof(l)) == sizeof(l) ? 0 : 1;
}

static void run_child(struct layout *l)
{
	char *const argv[] = { "tls_auxv", "--layout", NULL };
	int p[2], status;
	pid_t pid;

	wb_check(pipe(p) == 0, "pipe");
	pid = fork();
	if (pid == 0) {
		dup2(p[1], 1);
		execv("/proc/self/exe", argv);
		_exit(99);
	}
	close(p[1]);
	wb_eq(read(p[0], l, sizeof(*l)), sizeof(*l));
	close(p[0]);
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_eq(status, 0);
}

static void test_aslr(void)
{
	struct layout a, b;
	FILE *f = fopen("/proc/sys/kernel/randomize_va_space", "r");
	int level = -1;

	wb_check(f && fscanf(f, "%d", &level) == 1, "read randomize_va_space");
	fclose(f);
	/* The kernel's default; our guests do not change it. */
	wb_eq(level, 2);
	run_child(&a);
	run_child(&b);
	wb_check(a.stack != b.stack, "stack at 0x%llx both times", (unsigned long long)a.stack);
	wb_check(a.mmap != b.mmap, "mmap at 0x%llx both times", (unsigned long long)a.mmap);
	wb_check(a.brk != b.brk, "brk at 0x%llx both times", (unsigned long long)a.brk);
	wb_check(a.vdso != b.vdso, "vDSO at 0x%llx both times", (unsigned long long)a.vdso);
	wb_check(memcmp(a.random, b.random, 16) != 0, "AT_RANDOM the same both times");
	/* All below the 39- or 48-bit user limit, stack above mmap above brk. */
	wb_check(a.stack < (1ull << 48) && a.stack > a.mmap && a.mmap > a.brk,
		 "layout stack 0x%llx mmap 0x%llx brk 0x%llx",
		 (unsigned long long)a.stack, (unsigned long long)a.mmap,
		 (unsigned long long)a.brk);
	wb_pass("ASLR: stack, mmap, brk, vDSO, AT_RANDOM differ between two execs");
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--layout") == 0)
		return report_layout();

	setvbuf(stdout, NULL, _IOLBF, 0);
	test_tpidr();
	test_auxv(argv[0]);
	test_uname_cpuinfo();
	test_aslr();
	return 0;
}
