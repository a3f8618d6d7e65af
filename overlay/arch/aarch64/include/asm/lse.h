/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The choice between the Large System Extensions' atomic instructions
 * (FEAT_LSE, ARMv8.1: LDADD, SWP, CAS, ...) and load/store-exclusive
 * loops, made once at boot.
 *
 * <asm/atomic.h> and <asm/cmpxchg.h> compile each operation both ways,
 * behind lse_atomics_in_use(): one instruction, assembled as a B to the
 * exclusive loop and listed in section .lse_sites.  Where the boot CPU
 * implements FEAT_LSE, kernel/lse.c rewrites every listed B into a NOP
 * before the secondary CPUs start, and in each module before its init
 * runs; the LSE instruction then falls through.  Until then, and for
 * good on ARMv8.0 CPUs, the loop runs.  It is correct on every AArch64
 * CPU, and the two forms are atomic against each other: the write of
 * an LSE atomic is, like any write by another observer to a location a
 * Load-Exclusive marked, one that makes the Store-Exclusive fail (DDI
 * 0487 L.a, the global Exclusives monitor), so a loop it interleaves
 * with retries.  CPUs may therefore run different forms for a while,
 * and the switch needs no quiescence.
 *
 * A static key would express the same choice, but <linux/jump_label.h>
 * is built on atomic_t and cannot be included here.
 */
#ifndef __ASM_AARCH64_LSE_H
#define __ASM_AARCH64_LSE_H

#include <linux/compiler.h>
#include <linux/types.h>

#ifdef CONFIG_AARCH64_LSE_ATOMICS

/* The assembler accepts LSE instructions after this, whatever -march. */
#define __LSE_PREAMBLE	".arch_extension lse\n"

static __always_inline bool lse_atomics_in_use(void)
{
	asm goto(
	"1:	b	%l[llsc]\n"
	"	.pushsection	.lse_sites, \"a\"\n"
	"	.balign		4\n"
	"	.long		1b - .\n"
	"	.popsection\n"
	: : : : llsc);
	return true;
llsc:
	return false;
}

#else

#define __LSE_PREAMBLE

static __always_inline bool lse_atomics_in_use(void)
{
	return false;
}

#endif /* CONFIG_AARCH64_LSE_ATOMICS */

struct module;

/* kernel/lse.c; a module's sites are only rewritten with the option. */
int lse_atomics_apply_module(struct module *mod, const s32 *start,
			     const s32 *end);

#ifdef CONFIG_AARCH64_LSE_ATOMICS
void lse_atomics_init_boot(void);
bool lse_atomics_fit_this_cpu(void);
#else
static inline void lse_atomics_init_boot(void) { }
static inline bool lse_atomics_fit_this_cpu(void) { return true; }
#endif

#endif /* __ASM_AARCH64_LSE_H */
