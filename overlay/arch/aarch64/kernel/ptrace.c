// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptrace and core dump register sets, in the arm64 ABI's layouts:
 * NT_PRSTATUS (struct user_pt_regs), NT_PRFPREG (struct
 * user_fpsimd_state), NT_ARM_TLS (TPIDR_EL0) and, with hardware
 * breakpoints, NT_ARM_HW_BREAK and NT_ARM_HW_WATCH.
 */
#include <linux/bitfield.h>
#include <linux/elf.h>
#include <linux/hw_breakpoint.h>
#include <linux/kernel.h>
#include <linux/nospec.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>
#include <linux/regset.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/stddef.h>
#include <linux/uaccess.h>
#include <asm/fpsimd.h>
#include <asm/ptrace.h>

/*
 * PSTATE bits a 64-bit task can change itself (NZCV, and DIT and SSBS
 * with MSR): rt_sigreturn and ptrace may set them.
 */
#define PSR_USER_WRITABLE	(PSR_N_BIT | PSR_Z_BIT | PSR_C_BIT | \
				 PSR_V_BIT | PSR_DIT_BIT | PSR_SSBS_BIT)

/* Bits whose presence makes a PSTATE unacceptable for a 64-bit task. */
#define PSR_USER_FORBIDDEN	(PSR_MODE_MASK | PSR_MODE32_BIT | PSR_D_BIT | \
				 PSR_A_BIT | PSR_I_BIT | PSR_F_BIT)

/*
 * Check a PSTATE that rt_sigreturn or ptrace is about to restore.  A
 * mode other than AArch64 EL0t, or any of D, A, I, F set, is refused
 * (0: rt_sigreturn raises SIGSEGV, ptrace fails with EINVAL); either
 * way the value is forced to EL0t with exceptions unmasked, so a
 * caller that ignored the verdict still could not return to EL1.  The
 * kernel's own bits (IL, SS, PAN, ...) are dropped silently; SS then
 * follows the task's single-step state.
 */
int valid_user_regs(struct user_pt_regs *regs, struct task_struct *task)
{
	bool ok = !(regs->pstate & PSR_USER_FORBIDDEN);

	regs->pstate &= PSR_USER_WRITABLE;
	if (test_tsk_thread_flag(task, TIF_SINGLESTEP))
		regs->pstate |= PSR_SS_BIT;
	return ok;
}

/* The live FP/SIMD registers belong to current: save them first. */
static void fpsimd_sync_to_thread(struct task_struct *target)
{
	if (target == current)
		fpsimd_save_state(&target->thread.fpsimd_state);
}

static int gpr_get(struct task_struct *target,
		   const struct user_regset *regset, struct membuf to)
{
	return membuf_write(&to, &task_pt_regs(target)->user_regs,
			    sizeof(struct user_pt_regs));
}

static int gpr_set(struct task_struct *target,
		   const struct user_regset *regset, unsigned int pos,
		   unsigned int count, const void *kbuf, const void __user *ubuf)
{
	struct user_pt_regs newregs = task_pt_regs(target)->user_regs;
	int ret;

	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &newregs, 0, -1);
	if (ret)
		return ret;
	if (!valid_user_regs(&newregs, target))
		return -EINVAL;
	task_pt_regs(target)->user_regs = newregs;
	return 0;
}

static int fpr_get(struct task_struct *target,
		   const struct user_regset *regset, struct membuf to)
{
	fpsimd_sync_to_thread(target);
	return membuf_write(&to, &target->thread.fpsimd_state,
			    sizeof(struct user_fpsimd_state));
}

static int fpr_set(struct task_struct *target,
		   const struct user_regset *regset, unsigned int pos,
		   unsigned int count, const void *kbuf, const void __user *ubuf)
{
	struct user_fpsimd_state state;
	int ret;

	fpsimd_sync_to_thread(target);
	state = target->thread.fpsimd_state;
	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &state, 0, -1);
	if (ret)
		return ret;
	if (target == current)
		fpsimd_update_current_state(&state);
	else
		target->thread.fpsimd_state = state;
	return 0;
}

static int tls_get(struct task_struct *target,
		   const struct user_regset *regset, struct membuf to)
{
	unsigned long tls = target == current ? read_sysreg(tpidr_el0)
					      : target->thread.tp_value;

	return membuf_store(&to, tls);
}

static int tls_set(struct task_struct *target,
		   const struct user_regset *regset, unsigned int pos,
		   unsigned int count, const void *kbuf, const void __user *ubuf)
{
	unsigned long tls = target->thread.tp_value;
	int ret;

	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &tls, 0, -1);
	if (ret)
		return ret;
	target->thread.tp_value = tls;
	if (target == current)
		write_sysreg(tls, tpidr_el0);
	return 0;
}

/*
 * NT_ARM_SYSTEM_CALL: the number of the system call the task is in, as
 * an int.  A tracer changes it at the entry stop to run another call,
 * or sets -1 to skip the call (x0 is then the result it leaves).
 */
static int syscallno_get(struct task_struct *target,
			 const struct user_regset *regset, struct membuf to)
{
	return membuf_store(&to, (int)task_pt_regs(target)->syscallno);
}

static int syscallno_set(struct task_struct *target,
			 const struct user_regset *regset, unsigned int pos,
			 unsigned int count, const void *kbuf,
			 const void __user *ubuf)
{
	int nr = task_pt_regs(target)->syscallno;
	int ret;

	ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &nr, 0, -1);
	if (ret)
		return ret;
	task_pt_regs(target)->syscallno = nr;
	return 0;
}

#ifdef CONFIG_HAVE_HW_BREAKPOINT
/*
 * NT_ARM_HW_BREAK and NT_ARM_HW_WATCH (struct user_hwdebug_state): the
 * debug architecture version and the number of pairs, then an address
 * and a control word (DBG_CTRL_*) a pair.  Each pair the debugger uses
 * is a perf event of the tracee, created disabled at address 0 the
 * first time; a hit stops the tracee with SIGTRAP, TRAP_HWBKPT and the
 * address, and getting past it is the debugger's business.  Layouts and
 * meanings as on arm64 (arch/arm64/kernel/ptrace.c).
 */
static void ptrace_hbptriggered(struct perf_event *bp,
				struct perf_sample_data *data,
				struct pt_regs *regs)
{
	force_sig_fault(SIGTRAP, TRAP_HWBKPT,
			(void __user *)counter_arch_bp(bp)->trigger);
}

static struct perf_event **hbp_slot(struct task_struct *tsk,
				    unsigned int note, unsigned int idx)
{
	struct debug_info *d = &tsk->thread.debug;

	if (note == NT_ARM_HW_BREAK)
		return idx < AARCH64_MAX_BRP ?
		       &d->hbp_break[array_index_nospec(idx, AARCH64_MAX_BRP)] : NULL;
	return idx < AARCH64_MAX_WRP ?
	       &d->hbp_watch[array_index_nospec(idx, AARCH64_MAX_WRP)] : NULL;
}

/* At exec and exit: the debugger's pairs do not outlive the program. */
void flush_ptrace_hw_breakpoint(struct task_struct *tsk)
{
	struct debug_info *d = &tsk->thread.debug;
	int i;

	for (i = 0; i < AARCH64_MAX_BRP; i++) {
		if (d->hbp_break[i])
			unregister_hw_breakpoint(d->hbp_break[i]);
		d->hbp_break[i] = NULL;
	}
	for (i = 0; i < AARCH64_MAX_WRP; i++) {
		if (d->hbp_watch[i])
			unregister_hw_breakpoint(d->hbp_watch[i]);
		d->hbp_watch[i] = NULL;
	}
}

void ptrace_hw_copy_thread(struct task_struct *tsk)
{
	memset(&tsk->thread.debug, 0, sizeof(tsk->thread.debug));
}

static struct perf_event *hbp_get(struct task_struct *tsk,
				  unsigned int note, unsigned int idx)
{
	struct perf_event **slot = hbp_slot(tsk, note, idx), *bp;
	struct perf_event_attr attr;

	if (!slot)
		return ERR_PTR(-EINVAL);
	if (*slot)
		return *slot;
	ptrace_breakpoint_init(&attr);
	attr.bp_addr = 0;
	attr.bp_len = HW_BREAKPOINT_LEN_4;
	attr.bp_type = note == NT_ARM_HW_BREAK ? HW_BREAKPOINT_X :
						 HW_BREAKPOINT_RW;
	attr.disabled = 1;
	bp = register_user_hw_breakpoint(&attr, ptrace_hbptriggered, NULL, tsk);
	if (!IS_ERR(bp))
		*slot = bp;
	return bp;
}

/*
 * A control word into perf's terms.  With E clear the pair is disabled
 * and nothing else is looked at.  Otherwise LSC is the access type (0
 * for a breakpoint, loads and/or stores for a watchpoint) and BAS a run
 * of 1 to 8 bytes, starting that many bytes above the address.
 */
static int ctrl_to_attr(unsigned int note, u32 ctrl,
			struct perf_event_attr *attr)
{
	unsigned long bas = FIELD_GET(DBG_CTRL_BAS, ctrl);
	u32 lsc = FIELD_GET(DBG_CTRL_LSC, ctrl);
	unsigned int offset, len;

	attr->disabled = !(ctrl & DBG_CTRL_E);
	if (attr->disabled)
		return 0;
	if (!bas)
		return -EINVAL;
	offset = __ffs(bas);
	len = __fls(bas) - offset + 1;
	if (bas >> offset != GENMASK(len - 1, 0))
		return -EINVAL;
	if (note == NT_ARM_HW_BREAK) {
		if (lsc)
			return -EINVAL;
		attr->bp_type = HW_BREAKPOINT_X;
	} else {
		if (!lsc)
			return -EINVAL;
		attr->bp_type = (lsc & DBG_CTRL_LSC_LOAD ? HW_BREAKPOINT_R : 0) |
				(lsc & DBG_CTRL_LSC_STORE ? HW_BREAKPOINT_W : 0);
	}
	attr->bp_len = len;
	attr->bp_addr += offset;
	return 0;
}

/* A new address for pair idx, and its control word when given one. */
static int hbp_set(struct task_struct *tsk, unsigned int note,
		   unsigned int idx, u64 addr, const u32 *ctrl)
{
	struct perf_event *bp = hbp_get(tsk, note, idx);
	struct perf_event_attr attr;
	int err;

	if (IS_ERR(bp))
		return PTR_ERR(bp);
	attr = bp->attr;
	attr.bp_addr = addr;
	if (ctrl) {
		err = ctrl_to_attr(note, *ctrl, &attr);
		if (err)
			return err;
	}
	return modify_user_hw_breakpoint(bp, &attr);
}

static int hw_break_get(struct task_struct *target,
			const struct user_regset *regset, struct membuf to)
{
	unsigned int note = regset->core_note_type, idx;
	int type = note == NT_ARM_HW_BREAK ? TYPE_INST : TYPE_DATA;
	u32 info = debug_arch_version() << 8 | hw_breakpoint_slots(type);

	membuf_store(&to, info);
	membuf_zero(&to, sizeof(u32));
	for (idx = 0; to.left; idx++) {
		struct perf_event **slot = hbp_slot(target, note, idx);
		struct arch_hw_breakpoint *hw = NULL;

		if (slot && *slot)
			hw = counter_arch_bp(*slot);
		membuf_store(&to, (u64)(hw ? hw->address : 0));
		membuf_store(&to, (u32)(hw ? hw->ctrl : 0));
		membuf_zero(&to, sizeof(u32));
	}
	return 0;
}

static int hw_break_set(struct task_struct *target,
			const struct user_regset *regset, unsigned int pos,
			unsigned int count, const void *kbuf,
			const void __user *ubuf)
{
	const unsigned int start = offsetof(struct user_hwdebug_state, dbg_regs);
	const unsigned int pair = sizeof(((struct user_hwdebug_state *)0)->dbg_regs[0]);
	unsigned int note = regset->core_note_type, idx;
	int ret;

	/* dbg_info and its padding are the kernel's to say. */
	user_regset_copyin_ignore(&pos, &count, &kbuf, &ubuf, 0, start);
	for (idx = 0; count; idx++) {
		unsigned int off = start + idx * pair;
		u64 addr;
		u32 ctrl;

		if (count < sizeof(addr))
			return -EINVAL;
		ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &addr,
					 off, off + sizeof(addr));
		if (ret)
			return ret;
		if (!count)
			return hbp_set(target, note, idx, addr, NULL);
		off += sizeof(addr);
		ret = user_regset_copyin(&pos, &count, &kbuf, &ubuf, &ctrl,
					 off, off + sizeof(ctrl));
		if (ret)
			return ret;
		ret = hbp_set(target, note, idx, addr, &ctrl);
		if (ret)
			return ret;
		off += sizeof(ctrl);
		user_regset_copyin_ignore(&pos, &count, &kbuf, &ubuf,
					  off, off + sizeof(u32));
	}
	return 0;
}
#endif /* CONFIG_HAVE_HW_BREAKPOINT */

enum aarch64_regset {
	REGSET_GPR, REGSET_FPR, REGSET_TLS, REGSET_SYSCALL,
#ifdef CONFIG_HAVE_HW_BREAKPOINT
	REGSET_HW_BREAK, REGSET_HW_WATCH,
#endif
};

static const struct user_regset aarch64_regsets[] = {
	[REGSET_GPR] = {
		.core_note_type	= NT_PRSTATUS,
		.n		= sizeof(struct user_pt_regs) / sizeof(u64),
		.size		= sizeof(u64),
		.align		= sizeof(u64),
		.regset_get	= gpr_get,
		.set		= gpr_set,
	},
	[REGSET_FPR] = {
		.core_note_type	= NT_PRFPREG,
		.n		= sizeof(struct user_fpsimd_state) / sizeof(u32),
		/* FPSR and FPCR are 32 bits: count in words */
		.size		= sizeof(u32),
		.align		= sizeof(u32),
		.regset_get	= fpr_get,
		.set		= fpr_set,
	},
	[REGSET_TLS] = {
		.core_note_type	= NT_ARM_TLS,
		.n		= 1,
		.size		= sizeof(u64),
		.align		= sizeof(u64),
		.regset_get	= tls_get,
		.set		= tls_set,
	},
	[REGSET_SYSCALL] = {
		.core_note_type	= NT_ARM_SYSTEM_CALL,
		.n		= 1,
		.size		= sizeof(int),
		.align		= sizeof(int),
		.regset_get	= syscallno_get,
		.set		= syscallno_set,
	},
#ifdef CONFIG_HAVE_HW_BREAKPOINT
	[REGSET_HW_BREAK] = {
		.core_note_type	= NT_ARM_HW_BREAK,
		.n		= sizeof(struct user_hwdebug_state) / sizeof(u32),
		.size		= sizeof(u32),
		.align		= sizeof(u32),
		.regset_get	= hw_break_get,
		.set		= hw_break_set,
	},
	[REGSET_HW_WATCH] = {
		.core_note_type	= NT_ARM_HW_WATCH,
		.n		= sizeof(struct user_hwdebug_state) / sizeof(u32),
		.size		= sizeof(u32),
		.align		= sizeof(u32),
		.regset_get	= hw_break_get,
		.set		= hw_break_set,
	},
#endif
};

static const struct user_regset_view user_aarch64_view = {
	.name		= "aarch64",
	.e_machine	= EM_AARCH64,
	.regsets	= aarch64_regsets,
	.n		= ARRAY_SIZE(aarch64_regsets),
};

const struct user_regset_view *task_user_regset_view(struct task_struct *task)
{
	return &user_aarch64_view;
}

void ptrace_disable(struct task_struct *child)
{
	user_disable_single_step(child);
}

long arch_ptrace(struct task_struct *child, long request,
		 unsigned long addr, unsigned long data)
{
	return ptrace_request(child, request, addr, data);
}

/* HAVE_REGS_AND_STACK_ACCESS_API, for probes and rseq users. */

#define REG_OFFSET(r)	{ .name = #r, .offset = offsetof(struct pt_regs, r) }
#define GPR_OFFSET(n)	{ .name = "x" #n, \
			  .offset = offsetof(struct pt_regs, regs[n]) }

struct pt_regs_offset {
	const char *name;
	int offset;
};

static const struct pt_regs_offset regoffset_table[] = {
	GPR_OFFSET(0), GPR_OFFSET(1), GPR_OFFSET(2), GPR_OFFSET(3),
	GPR_OFFSET(4), GPR_OFFSET(5), GPR_OFFSET(6), GPR_OFFSET(7),
	GPR_OFFSET(8), GPR_OFFSET(9), GPR_OFFSET(10), GPR_OFFSET(11),
	GPR_OFFSET(12), GPR_OFFSET(13), GPR_OFFSET(14), GPR_OFFSET(15),
	GPR_OFFSET(16), GPR_OFFSET(17), GPR_OFFSET(18), GPR_OFFSET(19),
	GPR_OFFSET(20), GPR_OFFSET(21), GPR_OFFSET(22), GPR_OFFSET(23),
	GPR_OFFSET(24), GPR_OFFSET(25), GPR_OFFSET(26), GPR_OFFSET(27),
	GPR_OFFSET(28),
	{ .name = "fp", .offset = offsetof(struct pt_regs, regs[29]) },
	{ .name = "lr", .offset = offsetof(struct pt_regs, regs[30]) },
	REG_OFFSET(sp),
	REG_OFFSET(pc),
	REG_OFFSET(pstate),
	{ .name = NULL, .offset = 0 }
};

int regs_query_register_offset(const char *name)
{
	const struct pt_regs_offset *roff;

	for (roff = regoffset_table; roff->name; roff++)
		if (!strcmp(roff->name, name))
			return roff->offset;
	return -EINVAL;
}

static bool regs_within_kernel_stack(struct pt_regs *regs, unsigned long addr)
{
	unsigned long base = (unsigned long)task_stack_page(current);

	return addr >= base && addr < base + THREAD_SIZE;
}

unsigned long regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n)
{
	unsigned long *addr = (unsigned long *)kernel_stack_pointer(regs);

	addr += n;
	if (regs_within_kernel_stack(regs, (unsigned long)addr))
		return READ_ONCE_NOCHECK(*addr);
	return 0;
}
