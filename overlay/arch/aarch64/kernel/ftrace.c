// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dynamic ftrace: turning functions' call sites on and off.
 *
 * Each traceable function begins with one NOP at its entry, the call
 * site, and has two NOPs just before the entry (asm/ftrace.h).  Those
 * two become MOV X9, X30 and BL ftrace_caller once, before the entry
 * can branch to them: for a module when it is loaded, before its code
 * runs; for the kernel when a site is first enabled, after which
 * every CPU is made to synchronise its instruction stream (an IPI: the
 * exception is a context synchronisation event), since a CPU may run
 * instructions another one wrote only after it has synchronised (DDI
 * 0487 L.a, "Synchronization and coherency issues between data and
 * instruction accesses"), and one that took the new branch onto NOPs
 * it had fetched before would reach the entry's branch again.  Until
 * then the kernel's sites stay as the compiler wrote them: boot writes
 * nothing into about 18,000 functions.
 *
 * From then on only the entry changes, between NOP and B: both are
 * among the instructions the architecture lets one CPU rewrite while
 * another executes them, which then runs either the old or the new one
 * until its next context synchronisation event (DDI 0487 L.a,
 * "Concurrent modification and execution of instructions").  So the
 * sites are patched without stopping the machine, as on arm64, while
 * an untraced function runs one NOP rather than arm64's two (its MOV
 * X9, X30 is at the entry, and must be, as MOV may not be exchanged
 * under a running CPU).
 *
 * With DYNAMIC_FTRACE_WITH_CALL_OPS, each call site also has the
 * ftrace_ops to call in the 64-bit literal two more NOPs before the
 * MOV form (the function is 8-byte aligned), read as data by
 * ftrace_caller.  A site is switched off by pointing the literal at
 * ftrace_nop_ops before the entry's B becomes a NOP, and on by setting
 * the literal before the NOP becomes a B, so a CPU still running the
 * old instruction calls the ops the site has now, which does nothing
 * for a site that is off.  Without it (the compiler cannot align
 * functions, or -Os), every site calls the one tracer that the BL at
 * ftrace_call in ftrace_caller names, and a CPU that runs a B a moment
 * after it was switched off traces one more call.  QEMU shows it: its
 * multi-threaded TCG has been seen to run a BL for over 100 ms after
 * another CPU switched it off.
 *
 * The registers and the ops follow arch/arm64/kernel/ftrace.c for
 * DYNAMIC_FTRACE_WITH_ARGS; the call site's layout is the port's own.
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <asm/ftrace.h>
#include <asm/insn.h>
#include <asm/patching.h>

/* x9: the register the MOV saves the return address in. */
#define FTRACE_LR_SAVE_REG	9

/* The MOV and the BL before @rec's entry, which its B branches to. */
static unsigned long ftrace_rec_mov(struct dyn_ftrace *rec)
{
	return rec->ip - 2 * AARCH64_INSN_SIZE;
}

static unsigned long ftrace_rec_bl(struct dyn_ftrace *rec)
{
	return rec->ip - AARCH64_INSN_SIZE;
}

static u32 ftrace_mov_insn(void)
{
	return aarch64_insn_mov_reg(FTRACE_LR_SAVE_REG, AARCH64_REG_LR);
}

/* The B at the entry of a traced function. */
static u32 ftrace_entry_branch(struct dyn_ftrace *rec)
{
	return aarch64_insn_branch(rec->ip, ftrace_rec_mov(rec), false);
}

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
 * The compiler's NOPs start at @addr: where is the call site?  The MOV
 * and the BL come first, so the entry is the third NOP; with CALL_OPS
 * two more NOPs, the ops literal, precede them.
 */
unsigned long ftrace_call_adjust(unsigned long addr)
{
	if (!IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS))
		return addr + 2 * AARCH64_INSN_SIZE;

	if (!IS_ALIGNED(addr, sizeof(u64))) {
		WARN_RATELIMIT(1, "ftrace: misaligned patch site %pS\n",
			       (void *)(addr + 4 * AARCH64_INSN_SIZE));
		return 0;
	}
	return addr + 4 * AARCH64_INSN_SIZE;
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/* The literal of @rec's function: the 8 bytes before its MOV. */
static void *ftrace_rec_literal(struct dyn_ftrace *rec)
{
	return (void *)(ftrace_rec_mov(rec) - sizeof(u64));
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
	unsigned long pc = ftrace_rec_bl(rec);
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
	return aarch64_insn_branch(ftrace_rec_bl(rec), target, true);
}

/* Whether @rec's MOV and BL are written. */
static bool ftrace_rec_ready(struct dyn_ftrace *rec)
{
	__le32 mov;

	if (copy_from_kernel_nofault(&mov, (void *)ftrace_rec_mov(rec),
				     sizeof(mov)))
		return false;
	return le32_to_cpu(mov) == ftrace_mov_insn();
}

/*
 * Write @rec's ops literal (the nop ops), MOV and BL.  No CPU may branch
 * to them before it has synchronised its instruction stream after this
 * (see the top of the file).
 */
static int ftrace_rec_prepare(struct dyn_ftrace *rec, struct module *mod)
{
	u32 bl = ftrace_call_insn(rec, mod, FTRACE_ADDR);
	int ret;

	if (bl == AARCH64_INSN_BAD)
		return -EINVAL;
	ret = ftrace_rec_set_nop_ops(rec);
	if (!ret)
		ret = ftrace_modify_code(ftrace_rec_mov(rec), AARCH64_INSN_NOP,
					 ftrace_mov_insn(), true);
	if (!ret)
		ret = ftrace_modify_code(ftrace_rec_bl(rec), AARCH64_INSN_NOP,
					 bl, true);
	return ret;
}

/* A module's code has not run yet: its sites are readied now. */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	return mod ? ftrace_rec_prepare(rec, mod) : 0;
}

/*
 * The ops first: a CPU that already sees the B calls the right ones.
 * The BL always calls ftrace_caller (there are no direct calls).
 */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	int ret;

	if (addr != FTRACE_ADDR)
		return -EINVAL;
	if (!ftrace_rec_ready(rec)) {
		/* Not readied by arch_ftrace_update_code(): do it here. */
		ret = ftrace_rec_prepare(rec, NULL);
		if (ret)
			return ret;
		kick_all_cpus_sync();
	}
	ret = ftrace_rec_update_ops(rec);
	if (ret)
		return ret;
	return ftrace_modify_code(rec->ip, AARCH64_INSN_NOP,
				  ftrace_entry_branch(rec), true);
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/* Another set of ops for a site that stays on: only the literal changes. */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	if (old_addr != FTRACE_ADDR || addr != FTRACE_ADDR)
		return -EINVAL;
	return ftrace_rec_update_ops(rec);
}
#endif

/* The nop ops first: a CPU that still runs the B then does nothing. */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	int ret = ftrace_rec_set_nop_ops(rec);

	if (ret)
		return ret;
	return ftrace_modify_code(rec->ip, ftrace_entry_branch(rec),
				  AARCH64_INSN_NOP, true);
}

/*
 * Ready the MOV and BL of every site about to be switched on that does
 * not have them yet, then have every CPU synchronise once for all of
 * them.
 */
static int ftrace_prepare_sites(void)
{
	struct ftrace_rec_iter *iter;
	struct dyn_ftrace *rec;
	bool wrote = false;
	int ret;

	for_ftrace_rec_iter(iter) {
		rec = ftrace_rec_iter_record(iter);
		if (ftrace_test_record(rec, true) != FTRACE_UPDATE_MAKE_CALL ||
		    ftrace_rec_ready(rec))
			continue;
		ret = ftrace_rec_prepare(rec, NULL);
		if (ret) {
			ftrace_bug(ret, rec);
			return ret;
		}
		wrote = true;
		cond_resched();
	}
	if (wrote)
		kick_all_cpus_sync();
	return 0;
}

/*
 * No stop_machine() (see the top of the file); patching all of the
 * kernel's sites takes a while, so let ftrace reschedule between them.
 */
void arch_ftrace_update_code(int command)
{
	if ((command & FTRACE_UPDATE_CALLS) && ftrace_prepare_sites())
		return;
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
