// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dynamic ftrace: turning functions' call sites on and off.
 *
 * Each traceable function begins with the NOPs the compiler placed
 * (asm/ftrace.h).  ftrace_init_nop() makes the one before the call site
 * MOV X9, X30 once, before the function can run: at boot, before other
 * CPUs are up, or for a module before its code runs.  From then on only
 * the call site changes, between NOP and BL: both are among the
 * instructions the architecture lets one CPU rewrite while another
 * executes them, which then runs either the old or the new one until
 * its next context synchronisation event (DDI 0487 L.a, "Concurrent
 * modification and execution of instructions").  So the sites are
 * patched without stopping the machine, as on arm64.
 *
 * With DYNAMIC_FTRACE_WITH_CALL_OPS, each call site also has the
 * ftrace_ops to call in the 64-bit literal the compiler's two NOPs
 * before the function form (the function is 8-byte aligned), read as
 * data by ftrace_caller.  A site is switched off by pointing the
 * literal at ftrace_nop_ops before the BL becomes a NOP, and on by
 * setting the literal before the NOP becomes a BL, so a CPU still
 * running the old instruction calls the ops the site has now, which
 * does nothing for a site that is off.  Without it (the compiler
 * cannot align functions, or -Os), every site calls the one tracer
 * that the BL at ftrace_call in ftrace_caller names, and a CPU that
 * runs a BL a moment after it was switched off traces one more call.
 * QEMU shows it: its multi-threaded TCG has been seen to run a BL for
 * over 100 ms after another CPU switched it off.
 *
 * The design follows arch/arm64/kernel/ftrace.c for
 * DYNAMIC_FTRACE_WITH_ARGS.
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/uaccess.h>
#include <asm/ftrace.h>
#include <asm/insn.h>
#include <asm/patching.h>

/* x9: the register the first NOP saves the return address in. */
#define FTRACE_LR_SAVE_REG	9

static const struct {
	const char *name;
	int offset;
} fregs_offsets[] = {
#define FREG(n, field) { n, offsetof(struct __arch_ftrace_regs, field) }
	FREG("x0", regs[0]), FREG("x1", regs[1]), FREG("x2", regs[2]),
	FREG("x3", regs[3]), FREG("x4", regs[4]), FREG("x5", regs[5]),
	FREG("x6", regs[6]), FREG("x7", regs[7]), FREG("x8", regs[8]),
	FREG("x29", fp), FREG("x30", lr), FREG("lr", lr),
	FREG("sp", sp), FREG("pc", pc),
#undef FREG
};

/* For fprobe and BPF: where a named register is in the ftrace_regs. */
int ftrace_regs_query_register_offset(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(fregs_offsets); i++)
		if (!strcmp(fregs_offsets[i].name, name))
			return fregs_offsets[i].offset;
	return -EINVAL;
}

/*
 * Replace the instruction at @pc by @new, after checking that it is
 * @old: a site that holds something else was not laid out by the
 * compiler as ftrace expects, or was changed by someone else, and is
 * left alone (ftrace reports it and stops tracing).
 */
static int ftrace_modify_code(unsigned long pc, u32 old, u32 new,
			      bool validate)
{
	if (validate) {
		__le32 cur;

		if (copy_from_kernel_nofault(&cur, (void *)pc, sizeof(cur)))
			return -EFAULT;
		if (le32_to_cpu(cur) != old)
			return -EINVAL;
	}
	if (aarch64_patch_text_nosync((void *)pc, new))
		return -EPERM;
	return 0;
}

/*
 * The compiler's NOPs start at @addr: where is the call site?  The
 * MOV X9, X30 comes first, so the BL is the second NOP after the
 * function's entry; with CALL_OPS two more NOPs, the ops literal,
 * precede the entry.
 */
unsigned long ftrace_call_adjust(unsigned long addr)
{
	if (!IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS))
		return addr + AARCH64_INSN_SIZE;

	if (!IS_ALIGNED(addr, sizeof(u64))) {
		WARN_RATELIMIT(1, "ftrace: misaligned patch site %pS\n",
			       (void *)(addr + 2 * AARCH64_INSN_SIZE));
		return 0;
	}
	return addr + 3 * AARCH64_INSN_SIZE;
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/* The literal of @rec's function: the 8 bytes before its entry. */
static void *ftrace_rec_literal(struct dyn_ftrace *rec)
{
	return (void *)(rec->ip - AARCH64_INSN_SIZE - sizeof(u64));
}

static int ftrace_rec_set_ops(struct dyn_ftrace *rec,
			      const struct ftrace_ops *ops)
{
	return aarch64_patch_literal64(ftrace_rec_literal(rec),
				       (unsigned long)ops);
}

/* The one ops tracing this site if there is one, else the list walker. */
static int ftrace_rec_update_ops(struct dyn_ftrace *rec)
{
	const struct ftrace_ops *ops = NULL;

	if (rec->flags & FTRACE_FL_CALL_OPS_EN) {
		ops = ftrace_find_unique_ops(rec);
		WARN_ON_ONCE(!ops);
	}
	return ftrace_rec_set_ops(rec, ops ?: &ftrace_list_ops);
}

static int ftrace_rec_set_nop_ops(struct dyn_ftrace *rec)
{
	return ftrace_rec_set_ops(rec, &ftrace_nop_ops);
}

/* ftrace_caller calls each site's ops itself: there is no ftrace_call. */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	return 0;
}
#else
static int ftrace_rec_update_ops(struct dyn_ftrace *rec)
{
	return 0;
}

static int ftrace_rec_set_nop_ops(struct dyn_ftrace *rec)
{
	return 0;
}

/* Point the BL at ftrace_call in ftrace_caller to the tracer @func. */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long pc = (unsigned long)ftrace_call;
	u32 bl = aarch64_insn_branch(pc, (unsigned long)func, true);

	if (bl == AARCH64_INSN_BAD)
		return -EINVAL;
	return ftrace_modify_code(pc, 0, bl, false);
}
#endif

/*
 * What the BL at @rec's site must call to reach @addr: @addr itself
 * when in reach, else, for ftrace_caller from a module out of BL range,
 * the module's veneer to it (kernel/module_plts.c).  0 if neither.
 */
static unsigned long ftrace_call_target(struct dyn_ftrace *rec,
					struct module *mod, unsigned long addr)
{
	unsigned long pc = rec->ip;
	long offset = (long)addr - (long)pc;

	if (offset >= -SZ_128M && offset < SZ_128M)
		return addr;
	if (!IS_ENABLED(CONFIG_MODULES) || addr != FTRACE_ADDR)
		return 0;

#ifdef CONFIG_MODULES
	if (!mod) {
		preempt_disable();
		mod = __module_text_address(pc);
		preempt_enable();
	}
	if (!mod)
		return 0;
	if (within_module_mem_type(pc, mod, MOD_INIT_TEXT))
		return (unsigned long)mod->arch.init.ftrace;
	if (within_module_mem_type(pc, mod, MOD_TEXT))
		return (unsigned long)mod->arch.core.ftrace;
#endif
	return 0;
}

static u32 ftrace_call_insn(struct dyn_ftrace *rec, struct module *mod,
			    unsigned long addr)
{
	unsigned long target = ftrace_call_target(rec, mod, addr);

	if (!target) {
		pr_err("ftrace: %ps cannot reach %ps\n", (void *)rec->ip,
		       (void *)addr);
		return AARCH64_INSN_BAD;
	}
	return aarch64_insn_branch(rec->ip, target, true);
}

int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned long pc = rec->ip - AARCH64_INSN_SIZE;
	int ret = ftrace_rec_set_nop_ops(rec);

	if (ret)
		return ret;
	return ftrace_modify_code(pc, AARCH64_INSN_NOP,
				  aarch64_insn_mov_reg(FTRACE_LR_SAVE_REG,
						       AARCH64_REG_LR),
				  true);
}

/* The ops first: a CPU that already sees the BL calls the right ones. */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	u32 bl = ftrace_call_insn(rec, NULL, addr);
	int ret;

	if (bl == AARCH64_INSN_BAD)
		return -EINVAL;
	ret = ftrace_rec_update_ops(rec);
	if (ret)
		return ret;
	return ftrace_modify_code(rec->ip, AARCH64_INSN_NOP, bl, true);
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/* Another set of ops for a site that stays on: only the literal changes. */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	u32 old = ftrace_call_insn(rec, NULL, old_addr);
	u32 bl = ftrace_call_insn(rec, NULL, addr);
	int ret;

	if (old == AARCH64_INSN_BAD || bl == AARCH64_INSN_BAD)
		return -EINVAL;
	ret = ftrace_rec_update_ops(rec);
	if (ret)
		return ret;
	return ftrace_modify_code(rec->ip, old, bl, true);
}
#endif

/* The nop ops first: a CPU that still runs the BL then does nothing. */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	u32 bl = ftrace_call_insn(rec, mod, addr);
	int ret;

	if (bl == AARCH64_INSN_BAD)
		return -EINVAL;
	ret = ftrace_rec_set_nop_ops(rec);
	if (ret)
		return ret;
	return ftrace_modify_code(rec->ip, bl, AARCH64_INSN_NOP, true);
}

/*
 * No stop_machine() (see the top of the file); patching all of the
 * kernel's sites takes a while, so let ftrace reschedule between them.
 */
void arch_ftrace_update_code(int command)
{
	command |= FTRACE_MAY_SLEEP;
	ftrace_modify_all_code(command);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The graph tracer's entry hook: if the function's entry is recorded,
 * make it return to return_to_handler, which records its exit and then
 * returns where it should have.  ftrace_caller restores x30 from the
 * frame's lr, so the function saves (and, with the shadow call stack,
 * pushes) the hooked address itself.
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct __arch_ftrace_regs *afr = arch_ftrace_regs(fregs);

	if (unlikely(atomic_read(&current->tracing_graph_pause)))
		return;
	/* The caller's frame record identifies this call on return. */
	if (!function_graph_enter(afr->lr, ip, afr->fp, (void *)afr->fp))
		afr->lr = (unsigned long)return_to_handler;
}
#endif
