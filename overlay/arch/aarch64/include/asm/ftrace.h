/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The function tracer's hooks (kernel/ftrace.c, kernel/entry-ftrace.S).
 *
 * Every traceable function starts with one NOP, placed there by the
 * compiler with two more just before the function's entry
 * (-fpatchable-function-entry, see the Makefile).  The NOP at the entry
 * is the call site (rec->ip): it becomes B to the two before it when
 * the function is traced, and those hold MOV X9, X30, keeping the
 * caller's return address, and BL ftrace_caller (or a BL to the
 * module's ftrace veneer when the trampoline is out of reach).  An
 * untraced function so runs one NOP, not the two of arm64's layout,
 * whose MOV is at the entry.  ftrace_caller saves the argument
 * registers in a struct __arch_ftrace_regs, calls the tracer and
 * returns to the instruction after the entry with x30 restored from
 * x9.  With DYNAMIC_FTRACE_WITH_CALL_OPS two more NOPs, 8-byte aligned
 * before those, hold the ftrace_ops of the call site (kernel/ftrace.c).
 * The saved registers follow arm64's DYNAMIC_FTRACE_WITH_ARGS
 * (arch/arm64/include/asm/ftrace.h), so that BPF and probe code written
 * for it reads the same registers.
 */
#ifndef __ASM_AARCH64_FTRACE_H
#define __ASM_AARCH64_FTRACE_H

#include <asm/insn.h>

/* ftrace_ops are passed to the tracer (op in x2 at ftrace_call). */
#define ARCH_SUPPORTS_FTRACE_OPS	1

/* The NOP or B at rec->ip. */
#define MCOUNT_INSN_SIZE		AARCH64_INSN_SIZE

/*
 * The graph tracer compares the frame pointer at a traced function's
 * return with the one at its entry, to catch a return it did not see
 * the call of.
 */
#define HAVE_FUNCTION_GRAPH_FP_TEST

/*
 * GCC saves x29/x30 at the bottom of a function's frame, below its
 * locals, so the stack tracer finds a function's return address after
 * the frame it belongs to.
 */
#define ARCH_FTRACE_SHIFT_STACK_TRACER	1

#ifndef __ASSEMBLY__
#include <linux/compiler.h>
#include <linux/string.h>
#include <asm/ptrace.h>

struct dyn_arch_ftrace {
};

struct dyn_ftrace;
struct ftrace_ops;
struct ftrace_regs;
struct module;

/* Where the patchable NOPs starting at @addr put the call site. */
unsigned long ftrace_call_adjust(unsigned long addr);

void ftrace_caller(void);
void return_to_handler(void);

#define HAVE_ARCH_FTRACE_REGS

/*
 * What ftrace_caller saves: the argument and indirect-result registers,
 * the callee's FP, LR (the caller's return address, from x9) and SP at
 * entry, and the PC it returns to.  A multiple of 16 bytes, so that SP
 * stays aligned (AAPCS64).
 */
struct __arch_ftrace_regs {
	unsigned long regs[9];	/* x0-x8 */
	unsigned long __pad;
	unsigned long fp;
	unsigned long lr;
	unsigned long sp;
	unsigned long pc;
};

#define arch_ftrace_regs(fregs)	((struct __arch_ftrace_regs *)(fregs))

/* Only ftrace_regs, never a full pt_regs: no DYNAMIC_FTRACE_WITH_REGS. */
static __always_inline struct pt_regs *
arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	return NULL;
}

static __always_inline unsigned long
ftrace_regs_get_instruction_pointer(const struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->pc;
}

static __always_inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs,
				    unsigned long pc)
{
	arch_ftrace_regs(fregs)->pc = pc;
}

static __always_inline unsigned long
ftrace_regs_get_stack_pointer(const struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->sp;
}

static __always_inline unsigned long
ftrace_regs_get_frame_pointer(const struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->fp;
}

/* AAPCS64 passes the first eight integer arguments in x0-x7. */
static __always_inline unsigned long
ftrace_regs_get_argument(struct ftrace_regs *fregs, unsigned int n)
{
	return n < 8 ? arch_ftrace_regs(fregs)->regs[n] : 0;
}

static __always_inline unsigned long
ftrace_regs_get_return_value(const struct ftrace_regs *fregs)
{
	return arch_ftrace_regs(fregs)->regs[0];
}

static __always_inline void
ftrace_regs_set_return_value(struct ftrace_regs *fregs, unsigned long ret)
{
	arch_ftrace_regs(fregs)->regs[0] = ret;
}

/* Return to the caller without running the function's body. */
static __always_inline void
ftrace_override_function_with_return(struct ftrace_regs *fregs)
{
	arch_ftrace_regs(fregs)->pc = arch_ftrace_regs(fregs)->lr;
}

static __always_inline struct pt_regs *
ftrace_partial_regs(const struct ftrace_regs *fregs, struct pt_regs *regs)
{
	const struct __arch_ftrace_regs *afr = arch_ftrace_regs(fregs);

	memcpy(regs->regs, afr->regs, sizeof(afr->regs));
	regs->regs[29] = afr->fp;
	regs->regs[30] = afr->lr;
	regs->sp = afr->sp;
	regs->pc = afr->pc;
	regs->pstate = PSR_MODE_EL1h;
	return regs;
}

#define arch_ftrace_fill_perf_regs(fregs, _regs) do {			\
	(_regs)->pc = arch_ftrace_regs(fregs)->pc;			\
	(_regs)->regs[29] = arch_ftrace_regs(fregs)->fp;		\
	(_regs)->sp = arch_ftrace_regs(fregs)->sp;			\
	(_regs)->pstate = PSR_MODE_EL1h;				\
} while (0)

int ftrace_regs_query_register_offset(const char *name);

int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec);
#define ftrace_init_nop ftrace_init_nop

void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs);
#define ftrace_graph_func ftrace_graph_func

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_FTRACE_H */
