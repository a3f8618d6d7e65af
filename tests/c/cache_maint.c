// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cache maintenance by VA from EL0: DC CVAU, DC CVAC, DC CIVAC and
 * IC IVAU, each written out by inline asm (not __builtin___clear_cache),
 * and ARM's errata workaround that traps and emulates them.
 *
 * Linux lets EL0 run these instructions (SCTLR_EL1.UCI=1) so that JITs
 * can make the code they write visible to instruction fetch: DC CVAU on
 * every data cache line (CTR_EL0.DminLine, read here with MRS), DSB, IC
 * IVAU on every instruction cache line (CTR_EL0.IminLine), DSB, ISB.
 * ARM's "Cortex-A53 MPCore Software Developers Errata Notice" lists
 * errata 826319, 827319, 824069 (r0p0-r0p2) and 819472 (r0p0-r0p1),
 * whose workaround turns data cache clean by VA into clean and
 * invalidate.  arm64 (CONFIG_ARM64_ERRATUM_826319 and the others,
 * capability ARM64_WORKAROUND_CLEAN_CACHE, boot log "CPU features:
 * detected: ARM errata 826319, 827319, 824069, or 819472") then clears
 * SCTLR_EL1.UCI, so that each of these instructions from EL0 traps
 * (ESR_ELx.EC 0x18), and emulates it (arch/arm64/kernel/traps.c,
 * user_cache_maint_handler(): DC CVAU, DC CVAC and DC CIVAC as DC CIVAC,
 * IC IVAU as itself, at EL1 on the user address with a fault fixup)
 * before it skips the instruction.  The emulation must be invisible to
 * the program:
 *  - each instruction, on lines of a freshly written JIT buffer (at
 *    addresses inside the line, not only at its start), leaves its
 *    address register unchanged and resumes at the next instruction
 *    (an add after it runs exactly once); the code then runs and
 *    returns the sum it was written to compute; with DC CVAU, DC CVAC
 *    and DC CIVAC in turn, in fresh RWX buffers and in a buffer written
 *    RW and made RX by mprotect;
 *  - DC CVAU on a PROT_READ page, untouched (no page yet) and touched,
 *    raises no signal: a data cache clean by VA from EL0 needs read
 *    permission only (the Arm Architecture Reference Manual for A-profile
 *    gives it a permission fault only where EL0 may not read; a fault
 *    the CPU reports for it has ESR_ELx.CM=1 and WnR=1, which arm64
 *    takes for a read);
 *  - DC CVAU and DC CIVAC on an unmapped (munmap'ed) page raise
 *    SIGSEGV/SEGV_MAPERR with si_addr in that page, whether the CPU
 *    executes them (a translation fault) or the kernel emulates them
 *    (the fixup, then arm64_notify_segfault()).  But QEMU's TCG treats
 *    DC CVAU, DC CVAC and DC CIVAC as no-ops that do not even translate
 *    the address (target/arm/helper.c, ARM_CP_NOP), at EL0 and at EL1
 *    alike, so on QEMU (device tree "linux,dummy-virt") neither the CPU
 *    nor the kernel's emulation faults there: no signal is accepted
 *    there, any other signal or report fails.  DC CVAP (FEAT_DPB, hwcap
 *    dcpop), which QEMU does translate, must raise SIGSEGV/SEGV_MAPERR
 *    with si_addr in the page on QEMU too.
 *  - Whether the instructions trap at all is measured: a trapped cache
 *    maintenance instruction costs an exception, like the MRS of an ID
 *    register (emulated by both kernels, HWCAP_CPUID), an untrapped one
 *    far less.  One is taken for trapped when its best time is over a
 *    quarter of the MRS's.  They must trap exactly when a CPU in
 *    /proc/cpuinfo is a Cortex-A53 r0p0-r0p2 (implementer 0x41, part
 *    0xd03, variant 0, revision <= 2), as on arm64: the a53 machine of
 *    tests/machines is an r0p0, QEMU's default cortex-a53 an r0p4.
 *    (Seen on the baseline under QEMU: the MRS 1.2-2 us, a trapped
 *    cache maintenance instruction 1.5 us, an untrapped one 7-12 ns.)
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "wb.h"

#ifndef HWCAP_DCPOP
#define HWCAP_DCPOP	(1 << 16)
#endif

#define RET	0xd65f03c0u

static long pg;
static unsigned long dline, iline;

/* ADD Xd, Xn, #imm12 (64-bit). */
static uint32_t add_imm(int d, int n, uint32_t imm)
{
	return 0x91000000u | (imm & 0xfff) << 10 | n << 5 | d;
}

/*
 * One cache maintenance instruction on address p, followed by an add
 * that must run exactly once; the address register must come back
 * unchanged.
 */
#define CMO(insn, p) do {						\
	uintptr_t __a = (uintptr_t)(p), __b = __a;			\
	unsigned long __n = 0;						\
	asm volatile(insn ", %[a]\n\tadd %[n], %[n], #1"		\
		     : [a] "+r" (__a), [n] "+r" (__n) : : "memory");	\
	if (__a != __b)							\
		wb_fail("%s 0x%lx changed its register to 0x%lx", insn,	\
			(unsigned long)__b, (unsigned long)__a);	\
	if (__n != 1)							\
		wb_fail("%s 0x%lx: the next instruction ran %lu times",	\
			insn, (unsigned long)__b, __n);			\
} while (0)

enum dc_op { DC_CVAU, DC_CVAC, DC_CIVAC, DC_CVAP };
static const char *const dc_name[] = { "dc cvau", "dc cvac", "dc civac", "dc cvap" };

static void dc(enum dc_op op, uintptr_t p)
{
	switch (op) {
	case DC_CVAU:
		CMO("dc cvau", p);
		break;
	case DC_CVAC:
		CMO("dc cvac", p);
		break;
	case DC_CIVAC:
		CMO("dc civac", p);
		break;
	case DC_CVAP:
		/* DC CVAP = SYS #3, C7, C12, #1 (the assembler wants +dcpop) */
		CMO("sys #3, c7, c12, #1", p);
		break;
	}
}

/*
 * Make [p, p + len) visible to instruction fetch with op: by lines, at
 * an address inside each line (offset varied), as the Arm ARM's
 * sequence for self-modifying code does.
 */
static void sync_code(enum dc_op op, void *p, size_t len)
{
	uintptr_t start = (uintptr_t)p, end = start + len, a;
	unsigned int k = 0;

	for (a = start & ~(dline - 1); a < end; a += dline, k++)
		dc(op, a + (k * 12) % dline);
	asm volatile("dsb ish" ::: "memory");
	for (a = start & ~(iline - 1), k = 0; a < end; a += iline, k++)
		CMO("ic ivau", a + (k * 20) % iline);
	asm volatile("dsb ish\n\tisb" ::: "memory");
}

/* x0 += each constant; ret.  Returns the sum the code adds. */
static uint64_t emit(uint32_t *code, size_t words, unsigned int seed)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < words - 1; i++) {
		uint32_t k = (seed * 2654435761u + i * 40503u) >> 20 & 0xfff;

		code[i] = add_imm(0, 0, k);
		sum += k;
	}
	code[words - 1] = RET;
	return sum;
}

static void test_jit(void)
{
	/* Three pages and a bit: many lines, across page boundaries. */
	size_t len = 3 * pg + 256, words = len / 4;
	size_t maplen = 4 * pg;

	for (unsigned int round = 0; round < 9; round++) {
		enum dc_op op = round % 3;
		int wx = round >= 6;	/* the last rounds: RW, then RX */
		uint32_t *code = mmap(NULL, maplen,
				      PROT_READ | PROT_WRITE | (wx ? 0 : PROT_EXEC),
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		uint64_t (*fn)(uint64_t) = (uint64_t (*)(uint64_t))code;
		uint64_t sum, got;

		wb_check(code != MAP_FAILED, "mmap");
		sum = emit(code, words, round + 1);
		sync_code(op, code, len);
		if (wx)
			wb_eq(mprotect(code, maplen, PROT_READ | PROT_EXEC), 0);
		got = fn(1000 + round);
		if (got != 1000 + round + sum)
			wb_fail("round %u (%s%s): the code returned %llu, expected %llu",
				round, dc_name[op], wx ? ", then mprotect RX" : "",
				(unsigned long long)got,
				(unsigned long long)(1000 + round + sum));
		munmap(code, maplen);
	}
	wb_pass("JIT buffers of %zu bytes synced by DC CVAU/CVAC/CIVAC on every %lu-byte line and IC IVAU on every %lu-byte line run as written",
		len, dline, iline);
}

/* ---- faults ---- */

static sigjmp_buf fault_jmp;
static volatile int f_sig, f_code, f_expected;
static volatile uintptr_t f_addr;

/* A signal inside try_dc() is its result; anywhere else it fails the test. */
static void on_fault(int sig, siginfo_t *si, void *uc)
{
	f_sig = sig;
	f_code = si->si_code;
	f_addr = (uintptr_t)si->si_addr;
	if (f_expected)
		siglongjmp(fault_jmp, 1);
	wb_fail("signal %d (code %d, si_addr 0x%lx) from a cache maintenance instruction",
		sig, f_code, (unsigned long)f_addr);
}

/* Run op on addr; returns the signal it raised, 0 for none. */
static int try_dc(enum dc_op op, uintptr_t addr)
{
	f_sig = 0;
	if (sigsetjmp(fault_jmp, 1) == 0) {
		f_expected = 1;
		dc(op, addr);
	}
	f_expected = 0;
	return f_sig;
}

static void test_readonly(void)
{
	char *ro = mmap(NULL, 2 * pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile char c;
	int sig;

	wb_check(ro != MAP_FAILED, "mmap PROT_READ");
	/* The first page untouched (no page table entry yet), the second read. */
	c = ro[pg];
	(void)c;
	for (int i = 0; i < 2; i++) {
		sig = try_dc(DC_CVAU, (uintptr_t)ro + i * pg + 64);
		if (sig)
			wb_fail("dc cvau on a %s PROT_READ page raised signal %d code %d addr 0x%lx: EL0 may clean by VA what it may read",
				i ? "read" : "untouched", sig, f_code,
				(unsigned long)f_addr);
	}
	munmap(ro, 2 * pg);
	wb_pass("dc cvau on PROT_READ pages, untouched and read: no signal");
}

static void expect_segv(enum dc_op op, uintptr_t page, uintptr_t addr, int qemu_nop)
{
	int sig = try_dc(op, addr);

	if (!sig && qemu_nop) {
		printf("note: %s on unmapped 0x%lx: no fault (QEMU treats it as a no-op)\n",
		       dc_name[op], (unsigned long)addr);
		return;
	}
	if (sig != SIGSEGV || f_code != SEGV_MAPERR ||
	    f_addr < page || f_addr >= page + pg)
		wb_fail("%s on unmapped 0x%lx: signal %d code %d si_addr 0x%lx, expected SIGSEGV (%d) SEGV_MAPERR (%d) in the page 0x%lx",
			dc_name[op], (unsigned long)addr, sig, f_code,
			(unsigned long)f_addr, SIGSEGV, SEGV_MAPERR,
			(unsigned long)page);
	printf("%s on unmapped 0x%lx: SIGSEGV, SEGV_MAPERR, si_addr 0x%lx\n",
	       dc_name[op], (unsigned long)addr, (unsigned long)f_addr);
}

static void test_unmapped(int qemu)
{
	uintptr_t p = (uintptr_t)mmap(NULL, pg, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	wb_check(p != (uintptr_t)MAP_FAILED, "mmap");
	*(volatile char *)p = 1;
	wb_eq(munmap((void *)p, pg), 0);
	expect_segv(DC_CVAU, p, p + 0x123, qemu);
	expect_segv(DC_CIVAC, p, p + pg - 8, qemu);
	if (getauxval(AT_HWCAP) & HWCAP_DCPOP)
		expect_segv(DC_CVAP, p, p + 0x240, 0);
	wb_pass("DC by VA on an unmapped page: SIGSEGV in that page%s",
		qemu ? " (or, for the ops QEMU does not translate, nothing)" : "");
}

/* ---- do they trap? ---- */

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

#define BATCH 200

/* Best time per instruction, in ns, over several batches. */
#define TIME(stmt) ({							\
	double __best = 1e9;						\
	for (int __r = 0; __r < 15; __r++) {				\
		double __t0 = now();					\
		for (int __i = 0; __i < BATCH; __i++) {			\
			stmt;						\
		}							\
		double __t = (now() - __t0) / BATCH * 1e9;		\
		if (__t < __best)					\
			__best = __t;					\
	}								\
	__best;								\
})

/* Cortex-A53 r0p0-r0p2 among the CPUs: arm64 traps EL0 cache maintenance. */
static int clean_cache_erratum(void)
{
	char line[256];
	unsigned int imp = 0, part = 0, var = 0, rev = 0;
	int affected = 0, cpus = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	wb_check(f, "open /proc/cpuinfo");
	while (fgets(line, sizeof(line), f)) {
		sscanf(line, "CPU implementer : %x", &imp);
		sscanf(line, "CPU variant : %x", &var);
		sscanf(line, "CPU part : %x", &part);
		if (sscanf(line, "CPU revision : %u", &rev) == 1) {
			printf("cpu%d: implementer 0x%02x part 0x%03x r%up%u\n",
			       cpus++, imp, part, var, rev);
			if (imp == 0x41 && part == 0xd03 && var == 0 && rev <= 2)
				affected = 1;
		}
	}
	fclose(f);
	wb_check(cpus > 0, "no 'CPU revision' line in /proc/cpuinfo");
	return affected;
}

static void test_trapped(void)
{
	static char buf[256] __attribute__((aligned(256)));
	uintptr_t a = (uintptr_t)buf;
	int want = clean_cache_erratum();
	double t_mrs, t[5];
	static const char *const name[] = { "dc cvau", "dc cvac", "dc civac", "ic ivau", "nop" };
	int trapped[4];

	buf[0] = 1;
	t_mrs = TIME(({ uint64_t v; asm volatile("mrs %0, id_aa64isar0_el1" : "=r"(v)); }));
	t[0] = TIME(asm volatile("dc cvau, %0" : : "r"(a) : "memory"));
	t[1] = TIME(asm volatile("dc cvac, %0" : : "r"(a) : "memory"));
	t[2] = TIME(asm volatile("dc civac, %0" : : "r"(a) : "memory"));
	t[3] = TIME(asm volatile("ic ivau, %0" : : "r"(a) : "memory"));
	t[4] = TIME(asm volatile("nop"));
	printf("best ns per instruction: mrs id_aa64isar0_el1 (emulated) %.0f", t_mrs);
	for (int i = 0; i < 5; i++)
		printf(", %s %.0f", name[i], t[i]);
	printf("\n");
	if (t_mrs < 8 * t[4])
		wb_fail("the emulated MRS (%.0f ns) is not clearly slower than a nop (%.0f ns): cannot tell a trap",
			t_mrs, t[4]);
	for (int i = 0; i < 4; i++) {
		trapped[i] = t[i] * 4 > t_mrs;
		if (trapped[i] != want)
			wb_fail("%s %s (%.0f ns against %.0f ns for a trapped MRS), but arm64 %s on these CPUs",
				name[i], trapped[i] ? "traps" : "does not trap",
				t[i], t_mrs,
				want ? "traps it (Cortex-A53 r0p0-r0p2: errata 826319, 827319, 824069, 819472; SCTLR_EL1.UCI=0)"
				     : "lets EL0 run it (SCTLR_EL1.UCI=1)");
	}
	wb_pass("EL0 cache maintenance %s, as arm64 does on these CPUs",
		want ? "traps and is emulated (Cortex-A53 r0p0-r0p2)" : "runs without trapping");
}

int main(void)
{
	struct sigaction sa;
	uint64_t ctr;
	int qemu = wb_on_qemu();

	setvbuf(stdout, NULL, _IOLBF, 0);
	pg = sysconf(_SC_PAGESIZE);
	asm volatile("mrs %0, ctr_el0" : "=r"(ctr));
	dline = 4ul << (ctr >> 16 & 0xf);
	iline = 4ul << (ctr & 0xf);
	printf("CTR_EL0 0x%llx: D-cache line %lu bytes, I-cache line %lu bytes%s\n",
	       (unsigned long long)ctr, dline, iline, qemu ? "; on QEMU" : "");

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);

	test_trapped();
	test_jit();
	test_readonly();
	test_unmapped(qemu);
	return 0;
}
