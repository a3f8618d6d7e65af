// SPDX-License-Identifier: GPL-2.0-only
/*
 * Generated code: instructions written at run time and executed.
 *  - W^X flow: write into an RW page, mprotect it to RX, clean/invalidate
 *    with __builtin___clear_cache, call; then RW again, rewrite, RX, call:
 *    the new instructions run (the kernel's mprotect and the user cache
 *    maintenance, DC CVAU/IC IVAU, which EL0 may execute on Linux because
 *    SCTLR_EL1.UCI is set);
 *  - an RWX page rewritten in place many times, and a memfd mapped twice
 *    (RW view and RX view) rewritten through the RW view;
 *  - executing a page without PROT_EXEC is SIGSEGV/SEGV_ACCERR, executing
 *    nothing is SIGSEGV/SEGV_MAPERR, both with si_addr = the target, and a
 *    misaligned PC is SIGBUS/BUS_ADRALN (arm64's SP/PC alignment abort).
 *
 * Encodings (Arm ARM, A64): MOVZ Xd, #imm, LSL #16*hw = 0xd2800000 |
 * hw << 21 | imm << 5 | d; MOVK = 0xf2800000 | ...; ADD Xd, Xn, Xm =
 * 0x8b000000 | m << 16 | n << 5 | d; RET = 0xd65f03c0.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include "wb.h"
#include "wb_fault.h"

#define RET 0xd65f03c0u

typedef uint64_t (*fn_t)(uint64_t, uint64_t);

static long pg;

static uint32_t movz(int d, uint32_t imm, int hw)
{
	return 0xd2800000u | hw << 21 | (imm & 0xffff) << 5 | d;
}

static uint32_t movk(int d, uint32_t imm, int hw)
{
	return 0xf2800000u | hw << 21 | (imm & 0xffff) << 5 | d;
}

static uint32_t add(int d, int n, int m)
{
	return 0x8b000000u | m << 16 | n << 5 | d;
}

/* x0 = val (movz + 3 movk); ret.  Returns the number of words. */
static int emit_const(uint32_t *code, uint64_t val)
{
	code[0] = movz(0, val, 0);
	code[1] = movk(0, val >> 16, 1);
	code[2] = movk(0, val >> 32, 2);
	code[3] = movk(0, val >> 48, 3);
	code[4] = RET;
	return 5;
}

static void sync_code(void *p, size_t len)
{
	__builtin___clear_cache((char *)p, (char *)p + len);
}

/* ---- catching a fault ---- */

/* Call target; it must fault with (sig, code) and si_addr = addr. */
static void expect_fault_at(const char *what, uintptr_t target, uintptr_t addr,
			    int sig, int code)
{
	fn_t fn = (fn_t)target;

	if (sigsetjmp(wb_fault_jmp, 1) == 0) {
		fn(0, 0);
		wb_fail("%s: calling 0x%lx returned", what, (unsigned long)target);
	}
	wb_fault_check(what, sig, code, addr);
}

/* The common case: the fault is at the called address itself. */
static void expect_exec_fault(const char *what, uintptr_t target, int sig, int code)
{
	expect_fault_at(what, target, target, sig, code);
}

/* ---- tests ---- */

static void test_wx(void)
{
	uint32_t *code = mmap(NULL, pg, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fn_t fn = (fn_t)code;
	int n;

	wb_check(code != MAP_FAILED, "mmap");
	/* movz x0, #1234; ret */
	code[0] = movz(0, 1234, 0);
	code[1] = RET;
	wb_eq(code[0], 0xd2809a40u);	/* the encoding as the assembler gives it */
	wb_eq(mprotect(code, pg, PROT_READ | PROT_EXEC), 0);
	sync_code(code, 8);
	wb_eq(fn(0, 0), 1234);

	/* Rewrite in the RW state with a 64-bit constant. */
	wb_eq(mprotect(code, pg, PROT_READ | PROT_WRITE), 0);
	n = emit_const(code, 0x123456789abcdef0ull);
	wb_eq(mprotect(code, pg, PROT_READ | PROT_EXEC), 0);
	sync_code(code, 4 * n);
	wb_eq(fn(0, 0), 0x123456789abcdef0ull);

	/* Code that uses its arguments: add x0, x0, x1; ret, at the end
	 * of the page. */
	wb_eq(mprotect(code, pg, PROT_READ | PROT_WRITE), 0);
	code[pg / 4 - 2] = add(0, 0, 1);
	code[pg / 4 - 1] = RET;
	wb_eq(code[pg / 4 - 2], 0x8b010000u);
	wb_eq(mprotect(code, pg, PROT_READ | PROT_EXEC), 0);
	sync_code(code + pg / 4 - 2, 8);
	wb_eq(((fn_t)(code + pg / 4 - 2))(40000000000ull, 2), 40000000002ull);

	munmap(code, pg);
	wb_pass("W^X: write, mprotect RX, clear_cache, call; rewrite and call again");
}

static void test_rwx_rewrite(void)
{
	uint32_t *code = mmap(NULL, pg, PROT_READ | PROT_WRITE | PROT_EXEC,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fn_t fn = (fn_t)code;

	wb_check(code != MAP_FAILED, "mmap rwx");
	for (uint64_t i = 0; i < 500; i++) {
		uint64_t val = i * 0x0001000100010001ull + 7;

		emit_const(code, val);
		sync_code(code, 20);
		if (fn(0, 0) != val)
			wb_fail("rewrite %llu in place: got 0x%llx, expected 0x%llx",
				(unsigned long long)i,
				(unsigned long long)fn(0, 0),
				(unsigned long long)val);
	}
	munmap(code, pg);
	wb_pass("RWX page rewritten in place 500 times, each version runs");
}

static void test_dual_map(void)
{
	int fd = memfd_create("wb-jit", 0);
	uint32_t *rw, *rx;

	wb_check(fd >= 0, "memfd_create");
	wb_eq(ftruncate(fd, pg), 0);
	rw = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	rx = mmap(NULL, pg, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
	wb_check(rw != MAP_FAILED && rx != MAP_FAILED, "mmap views");
	for (uint64_t i = 0; i < 100; i++) {
		uint64_t val = 0xfeed000000000000ull | i << 20 | i;

		emit_const(rw + 16, val);
		/* Clean the data by the written alias, invalidate the
		 * instruction cache by the executed one. */
		sync_code(rw + 16, 20);
		sync_code(rx + 16, 20);
		if (((fn_t)(rx + 16))(0, 0) != val)
			wb_fail("dual map version %llu did not run",
				(unsigned long long)i);
	}
	munmap(rw, pg);
	munmap(rx, pg);
	close(fd);
	wb_pass("memfd RW and RX views: writes through one run through the other");
}

static void test_exec_faults(void)
{
	uint32_t *code = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE | PROT_EXEC,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	wb_check(code != MAP_FAILED, "mmap");
	wb_catch_faults();

	/* Valid code on a page that lost PROT_EXEC. */
	emit_const(code + 8, 99);
	sync_code(code + 8, 20);
	wb_eq(((fn_t)(code + 8))(0, 0), 99);
	wb_eq(mprotect(code, pg, PROT_READ | PROT_WRITE), 0);
	expect_exec_fault("exec PROT_READ|PROT_WRITE page", (uintptr_t)(code + 8),
			  SIGSEGV, SEGV_ACCERR);
	wb_eq(mprotect(code, pg, PROT_READ), 0);
	expect_exec_fault("exec PROT_READ page", (uintptr_t)code, SIGSEGV, SEGV_ACCERR);

	/* Running off the end of an executable page into a non-executable
	 * one faults at the first instruction of the second page. */
	wb_eq(mprotect(code, 2 * pg, PROT_READ | PROT_WRITE), 0);
	code[pg / 4 - 1] = 0xd503201fu;		/* NOP */
	code[pg / 4] = RET;
	wb_eq(mprotect(code, pg, PROT_READ | PROT_EXEC), 0);
	sync_code(code, 2 * pg);
	expect_fault_at("fall into NX page", (uintptr_t)(code + pg / 4 - 1),
			(uintptr_t)(code + pg / 4), SIGSEGV, SEGV_ACCERR);

	/* Nothing mapped there. */
	wb_eq(munmap(code, 2 * pg), 0);
	expect_exec_fault("exec unmapped", (uintptr_t)code + 64, SIGSEGV, SEGV_MAPERR);

	/* A PC that is not a multiple of 4 (BLR does not check; the fetch
	 * raises the PC alignment fault). */
	code = mmap(NULL, pg, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	wb_check(code != MAP_FAILED, "mmap");
	emit_const(code, 1);
	sync_code(code, 20);
	expect_exec_fault("misaligned pc", (uintptr_t)code + 2, SIGBUS, BUS_ADRALN);
	munmap(code, pg);
	wb_pass("exec faults: NX page SEGV_ACCERR, unmapped SEGV_MAPERR, odd pc BUS_ADRALN, exact si_addr");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	pg = sysconf(_SC_PAGESIZE);
	test_wx();
	test_rwx_rewrite();
	test_dual_map();
	test_exec_faults();
	return 0;
}
