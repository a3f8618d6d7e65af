// SPDX-License-Identifier: GPL-2.0-only
/*
 * Synchronous exceptions from EL0 and the signals arm64 turns them into.
 * Each faulting instruction is the first of a small asm function, so its
 * address is the function's; the handler checks the report, then moves
 * the PC in the ucontext past the instruction and returns.
 *  - UDF #0 (0x00000000): SIGILL, ILL_ILLOPC, si_addr = pc; no esr_context
 *    (arm64 writes one only when thread.fault_code is set, and
 *    force_signal_inject() sets it to 0);
 *  - MRS of an EL1 register (SCTLR_EL1): SIGILL, ILL_ILLOPC;
 *  - MRS MIDR_EL1 is emulated (HWCAP_CPUID): no signal, and a real MIDR
 *    comes back (Architecture field, bits 19:16, is 0xf on ARMv8);
 *  - BRK #0x123: SIGTRAP, TRAP_BRKPT, si_addr = pc;
 *  - LDXR from an odd address: SIGBUS, BUS_ADRALN, si_addr = the address,
 *    esr_context with EC 0x24 (data abort from EL0) and DFSC 0x21; a plain
 *    LDR from the same address just works (SCTLR_EL1.A is clear);
 *  - NULL load/store: SIGSEGV, SEGV_MAPERR, si_addr 0, esr_context with
 *    EC 0x24, translation fault DFSC, WnR telling load from store;
 *  - load/store at kernel addresses: SIGSEGV, SEGV_MAPERR, si_addr exact,
 *    and the ESR sanitised as arm64's set_thread_esr() does for addresses
 *    outside TTBR0: only EC, IL, CM, WnR kept, FSC forced to 0x04.
 */
#define _GNU_SOURCE
#include <asm/sigcontext.h>
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>
#include <unistd.h>
#include "wb.h"

uint64_t f_udf(void);
uint64_t f_mrs_sctlr(void);
uint64_t f_mrs_midr(void);
uint64_t f_brk(void);
uint64_t f_ldxr(uintptr_t addr);
uint64_t f_load(uintptr_t addr);
uint64_t f_store(uintptr_t addr, uint64_t val);

asm(
"	.text\n"
"	.p2align 2\n"
"	.globl f_udf\n"
"f_udf:	.inst	0x00000000\n"
"	ret\n"
"	.globl f_mrs_sctlr\n"
"f_mrs_sctlr:\n"
"	mrs	x0, sctlr_el1\n"
"	ret\n"
"	.globl f_mrs_midr\n"
"f_mrs_midr:\n"
"	mrs	x0, midr_el1\n"
"	ret\n"
"	.globl f_brk\n"
"f_brk:	brk	#0x123\n"
"	ret\n"
"	.globl f_ldxr\n"
"f_ldxr:	ldxr	x0, [x0]\n"
"	ret\n"
"	.globl f_load\n"
"f_load:	ldr	x0, [x0]\n"
"	ret\n"
"	.globl f_store\n"
"f_store: str	x1, [x0]\n"
"	ret\n"
);

#define EC_DABT_LOW	0x24u
#define ESR_IL		(1u << 25)
#define ESR_WNR		(1u << 6)
#define FSC_ALIGN	0x21u

/* What the last handler saw. */
static volatile int h_sig, h_code, h_count;
static volatile uintptr_t h_addr, h_pc;
static volatile int h_has_esr;
static volatile uint64_t h_esr;

static void on_signal(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	char *res = (char *)uc->uc_mcontext.__reserved;
	struct _aarch64_ctx *h;

	h_sig = sig;
	h_code = si->si_code;
	h_addr = (uintptr_t)si->si_addr;
	h_pc = uc->uc_mcontext.pc;
	h_has_esr = 0;
	for (size_t off = 0; off < sizeof(uc->uc_mcontext.__reserved); off += h->size) {
		h = (void *)(res + off);
		if (h->magic == 0 || h->size == 0)
			break;
		if (h->magic == ESR_MAGIC && h->size == sizeof(struct esr_context)) {
			h_has_esr = 1;
			h_esr = ((struct esr_context *)h)->esr;
		}
	}
	h_count++;
	/* Every faulting instruction here is 4 bytes, followed by ret. */
	uc->uc_mcontext.pc += 4;
}

/* Check the last report; the PC in the frame was the faulting insn. */
static void expect(const char *what, int sig, int code, uintptr_t addr, void *pc)
{
	if (h_count != 1)
		wb_fail("%s: %d signals, expected 1", what, h_count);
	if (h_sig != sig || h_code != code || h_addr != addr)
		wb_fail("%s: signal %d code %d si_addr 0x%lx, expected %d %d 0x%lx",
			what, h_sig, h_code, (unsigned long)h_addr, sig, code,
			(unsigned long)addr);
	if (h_pc != (uintptr_t)pc)
		wb_fail("%s: frame pc 0x%lx, expected 0x%lx", what,
			(unsigned long)h_pc, (unsigned long)pc);
	h_count = 0;
}

static void expect_esr(const char *what, int is_write)
{
	uint32_t ec, wnr;

	if (!h_has_esr)
		wb_fail("%s: no esr_context (magic 0x%x) in the frame", what, ESR_MAGIC);
	ec = h_esr >> 26;
	wnr = !!(h_esr & ESR_WNR);
	if (ec != EC_DABT_LOW || wnr != (uint32_t)is_write)
		wb_fail("%s: esr 0x%llx: EC 0x%x WnR %u, expected EC 0x%x WnR %d",
			what, (unsigned long long)h_esr, ec, wnr, EC_DABT_LOW, is_write);
}

static void test_illegal(void)
{
	uint64_t midr;

	f_udf();
	expect("udf #0", SIGILL, ILL_ILLOPC, (uintptr_t)f_udf, f_udf);
	if (h_has_esr)
		wb_fail("udf #0: esr_context 0x%llx present, arm64 gives none for SIGILL",
			(unsigned long long)h_esr);

	f_mrs_sctlr();
	expect("mrs sctlr_el1", SIGILL, ILL_ILLOPC, (uintptr_t)f_mrs_sctlr, f_mrs_sctlr);

	midr = f_mrs_midr();
	if (h_count != 0)
		wb_fail("mrs midr_el1 raised signal %d; HWCAP_CPUID promises emulation", h_sig);
	wb_eq(midr >> 16 & 0xf, 0xf);
	wb_pass("UDF and MRS SCTLR_EL1: SIGILL ILL_ILLOPC at pc; MRS MIDR_EL1 emulated (0x%llx)",
		(unsigned long long)midr);
}

static void test_brk(void)
{
	f_brk();
	expect("brk #0x123", SIGTRAP, TRAP_BRKPT, (uintptr_t)f_brk, f_brk);
	/* Twice: the handler's PC fix-up is the only way past it. */
	f_brk();
	expect("brk #0x123 again", SIGTRAP, TRAP_BRKPT, (uintptr_t)f_brk, f_brk);
	wb_pass("BRK: SIGTRAP TRAP_BRKPT with si_addr and frame pc at the brk");
}

static void test_alignment(void)
{
	static uint64_t words[4] __attribute__((aligned(16))) = {
		0x0807060504030201ull, 0x100f0e0d0c0b0a09ull,
	};
	uintptr_t odd = (uintptr_t)words + 1;

	/* Plain loads may be misaligned on Linux/arm64. */
	wb_eq(f_load(odd), 0x0908070605040302ull);
	wb_eq(h_count, 0);

	/* Exclusives may not. */
	f_ldxr(odd);
	expect("ldxr from odd address", SIGBUS, BUS_ADRALN, odd, f_ldxr);
	expect_esr("ldxr from odd address", 0);
	if ((h_esr & 0x3f) != FSC_ALIGN)
		wb_fail("ldxr from odd address: DFSC 0x%llx, expected 0x%x (alignment fault)",
			(unsigned long long)(h_esr & 0x3f), FSC_ALIGN);
	/* Aligned, it works. */
	wb_eq(f_ldxr((uintptr_t)words), 0x0807060504030201ull);
	wb_eq(h_count, 0);
	wb_pass("LDXR misaligned: SIGBUS BUS_ADRALN, esr alignment fault; LDR misaligned fine");
}

static void test_null(void)
{
	f_load(0);
	expect("load from NULL", SIGSEGV, SEGV_MAPERR, 0, f_load);
	expect_esr("load from NULL", 0);
	/* Translation fault, level 0-3: DFSC 0b0001LL. */
	if ((h_esr & 0x3c) != 0x04)
		wb_fail("load from NULL: DFSC 0x%llx, expected a translation fault 0x04-0x07",
			(unsigned long long)(h_esr & 0x3f));

	f_store(8, 1);
	expect("store to 8", SIGSEGV, SEGV_MAPERR, 8, f_store);
	expect_esr("store to 8", 1);
	wb_pass("NULL load/store: SIGSEGV SEGV_MAPERR, si_addr exact, esr EC/WnR/DFSC");
}

static void test_kernel_addresses(void)
{
	static const uintptr_t addrs[] = {
		0xffff000000000000ull, 0xffff800010000000ull, 0xffffffffffff0000ull,
	};

	for (unsigned int i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++) {
		char what[64];

		snprintf(what, sizeof(what), "store to 0x%lx", (unsigned long)addrs[i]);
		f_store(addrs[i], 0x1234);
		expect(what, SIGSEGV, SEGV_MAPERR, addrs[i], f_store);
		expect_esr(what, 1);
		wb_eq(h_esr, (EC_DABT_LOW << 26) | ESR_IL | ESR_WNR | 0x04);

		snprintf(what, sizeof(what), "load from 0x%lx", (unsigned long)addrs[i]);
		f_load(addrs[i] + 8);
		expect(what, SIGSEGV, SEGV_MAPERR, addrs[i] + 8, f_load);
		expect_esr(what, 0);
		wb_eq(h_esr, (EC_DABT_LOW << 26) | ESR_IL | 0x04);
	}
	wb_pass("kernel addresses: SIGSEGV SEGV_MAPERR, exact si_addr, sanitised ESR");
}

int main(void)
{
	struct sigaction sa;

	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	sigaction(SIGTRAP, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);

	test_illegal();
	test_brk();
	test_alignment();
	test_null();
	test_kernel_addresses();
	return 0;
}
