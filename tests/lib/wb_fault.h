/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Catching the fault of one access or call in a C test (tests/c/) and
 * checking its signal, si_code and si_addr (FAR_EL1 for a data abort).
 *
 *	wb_catch_faults();
 *	if (sigsetjmp(wb_fault_jmp, 1) == 0) {
 *		... the access that must fault ...
 *		wb_fail("... did not fault");
 *	}
 *	wb_fault_check(what, SIGSEGV, SEGV_ACCERR, addr);
 *
 * or wb_expect_fault() for a load or store of one byte.
 */
#ifndef WB_FAULT_H
#define WB_FAULT_H

#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include "wb.h"

static sigjmp_buf wb_fault_jmp;
static volatile int wb_fault_sig, wb_fault_code;
static volatile uintptr_t wb_fault_addr;

static void wb_on_fault(int sig, siginfo_t *si, void *uc)
{
	wb_fault_sig = sig;
	wb_fault_code = si->si_code;
	wb_fault_addr = (uintptr_t)si->si_addr;
	siglongjmp(wb_fault_jmp, 1);
}

/* SIGSEGV and SIGBUS return to the last sigsetjmp(wb_fault_jmp). */
static inline void wb_catch_faults(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = wb_on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

/* The fault just caught must be (sig, code) at addr. */
static inline void wb_fault_check(const char *what, int sig, int code, uintptr_t addr)
{
	if (wb_fault_sig != sig || wb_fault_code != code || wb_fault_addr != addr)
		wb_fail("%s: got signal %d code %d addr 0x%lx, expected signal %d code %d addr 0x%lx",
			what, wb_fault_sig, wb_fault_code, (unsigned long)wb_fault_addr,
			sig, code, (unsigned long)addr);
}

/* A store (write) or load of the byte at addr must fault with (sig, code). */
static inline void wb_expect_fault(const char *what, volatile char *addr, int write,
				   int sig, int code)
{
	if (sigsetjmp(wb_fault_jmp, 1) == 0) {
		if (write)
			*addr = 0x5a;
		else
			(void)*addr;
		wb_fail("%s: access to %p did not fault", what, addr);
	}
	wb_fault_check(what, sig, code, (uintptr_t)addr);
}

#endif /* WB_FAULT_H */
