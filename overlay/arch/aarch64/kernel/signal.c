// SPDX-License-Identifier: GPL-2.0-only
/*
 * Signal delivery and return, with the arm64 signal frame:
 *
 *	[struct rt_sigframe: siginfo, ucontext]  <- SP of the handler
 *	[struct frame_record: fp, lr]             <- x29 of the handler
 *	(the interrupted SP)
 *
 * ucontext.uc_mcontext (struct sigcontext) holds x0-x30, SP, PC,
 * PSTATE and, in __reserved[], a list of records each starting with
 * struct _aarch64_ctx {magic, size}: the FP/SIMD state, an ESR for
 * faults, and a {0, 0} terminator (<uapi/asm/sigcontext.h>).
 */
#include <linux/entry-common.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/resume_user_mode.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>
#include <asm/elf.h>
#include <asm/fpsimd.h>
#include <asm/sigcontext.h>
#include <asm/stacktrace.h>
#include <asm/traps.h>
#include <asm/ucontext.h>
#include <asm/unistd.h>
#include <asm/vdso.h>

struct rt_sigframe {
	struct siginfo info;
	struct ucontext uc;
};

/* The vDSO's unwind information (asm-offsets.c) assumes this layout. */
static_assert(offsetof(struct rt_sigframe, uc.uc_mcontext) ==
	      sizeof(struct siginfo) + offsetof(struct ucontext, uc_mcontext));

/*
 * x0-x30, SP, PC and PSTATE sit in struct sigcontext as in struct
 * user_pt_regs, so they go to and from the frame as one block: a 272-byte
 * user copy takes about half the instructions of 34 single accesses.
 */
#define SC_USER_REGS(sc)	((struct user_pt_regs __user *)(sc)->regs)
static_assert(offsetof(struct sigcontext, sp) - offsetof(struct sigcontext, regs) ==
	      offsetof(struct user_pt_regs, sp));
static_assert(offsetof(struct sigcontext, pc) - offsetof(struct sigcontext, regs) ==
	      offsetof(struct user_pt_regs, pc));
static_assert(offsetof(struct sigcontext, pstate) - offsetof(struct sigcontext, regs) ==
	      offsetof(struct user_pt_regs, pstate));
static_assert(sizeof(struct user_pt_regs) == offsetof(struct user_pt_regs, pstate) + 8);

/*
 * The record is staged in a local first: reading the frame may fault
 * and sleep, and a context switch meanwhile would save the handler's
 * live registers over a half-copied thread.fpsimd_state.  The local is
 * either wholly written from the frame or not used, so it is left out
 * of INIT_STACK_ALL_ZERO's clearing (__uninitialized: 528 bytes on
 * every sigreturn).
 */
static int restore_fpsimd(struct fpsimd_context __user *ctx)
{
	struct user_fpsimd_state state __uninitialized;
	int err;

	err = __copy_from_user(state.vregs, ctx->vregs, sizeof(state.vregs));
	err |= __get_user(state.fpsr, &ctx->fpsr);
	err |= __get_user(state.fpcr, &ctx->fpcr);
	if (err)
		return -EFAULT;
	fpsimd_update_current_state(&state);
	return 0;
}

/*
 * Walk the records of __reserved[]: the FP/SIMD record is required,
 * an ESR record is accepted and ignored, anything else is an error.
 */
static int restore_records(struct sigcontext __user *sc)
{
	char __user *base = (char __user *)sc->__reserved;
	size_t offset = 0, limit = sizeof(sc->__reserved);
	bool have_fpsimd = false;

	while (offset + sizeof(struct _aarch64_ctx) <= limit) {
		struct _aarch64_ctx __user *head = (void __user *)(base + offset);
		u32 magic, size;

		if (__get_user(magic, &head->magic) ||
		    __get_user(size, &head->size))
			return -EFAULT;

		if (!magic)
			return size == 0 && have_fpsimd ? 0 : -EINVAL;
		if (size < sizeof(*head) || size % 16 ||
		    size > limit - offset)
			return -EINVAL;

		switch (magic) {
		case FPSIMD_MAGIC:
			if (have_fpsimd ||
			    size != sizeof(struct fpsimd_context))
				return -EINVAL;
			if (restore_fpsimd((void __user *)head))
				return -EFAULT;
			have_fpsimd = true;
			break;
		case ESR_MAGIC:
			break;
		default:
			return -EINVAL;
		}
		offset += size;
	}
	return -EINVAL;
}

static int restore_sigframe(struct pt_regs *regs,
			    struct rt_sigframe __user *frame)
{
	struct sigcontext __user *sc = &frame->uc.uc_mcontext;
	/* Wholly copied from the frame before use, as in restore_fpsimd(). */
	struct user_pt_regs uregs __uninitialized;
	sigset_t set;
	int err;

	err = __copy_from_user(&set, &frame->uc.uc_sigmask, sizeof(set));
	if (err)
		return -EFAULT;
	set_current_blocked(&set);

	if (__copy_from_user(&uregs, SC_USER_REGS(sc), sizeof(uregs)))
		return -EFAULT;

	if (!valid_user_regs(&uregs, current))
		return -EINVAL;
	regs->user_regs = uregs;
	/* A returned-from handler never restarts the interrupted call. */
	forget_syscall(regs);

	return restore_records(sc);
}

/*
 * A frame rt_sigreturn refuses raises SIGSEGV at the frame's address
 * with arm64's si_code: SEGV_ACCERR when the address is mapped (its
 * contents were wrong), SEGV_MAPERR when it is not.
 */
static void bad_sigreturn(unsigned long sp)
{
	struct mm_struct *mm = current->mm;
	int code = SEGV_MAPERR;

	mmap_read_lock(mm);
	if (vma_lookup(mm, sp))
		code = SEGV_ACCERR;
	mmap_read_unlock(mm);
	force_signal_inject(SIGSEGV, code, sp, 0);
}

SYSCALL_DEFINE0(rt_sigreturn)
{
	struct pt_regs *regs = current_pt_regs();
	struct rt_sigframe __user *frame;

	current->restart_block.fn = do_no_restart_syscall;

	/* setup_rt_frame() left SP 16-byte aligned at the frame. */
	if (regs->sp & 15)
		goto badframe;
	frame = (struct rt_sigframe __user *)regs->sp;
	if (!access_ok(frame, sizeof(*frame)))
		goto badframe;
	if (restore_sigframe(regs, frame))
		goto badframe;
	if (restore_altstack(&frame->uc.uc_stack))
		goto badframe;

	return regs->regs[0];

badframe:
	bad_sigreturn(regs->sp);
	return 0;
}

static int save_records(struct sigcontext __user *sc, int signo)
{
	struct fpsimd_context __user *fp = (void __user *)sc->__reserved;
	struct user_fpsimd_state *state = &current->thread.fpsimd_state;
	struct _aarch64_ctx __user *next;
	int err = 0;

	fpsimd_save_state(state);
	err |= __put_user(FPSIMD_MAGIC, &fp->head.magic);
	err |= __put_user(sizeof(*fp), &fp->head.size);
	err |= __put_user(state->fpsr, &fp->fpsr);
	err |= __put_user(state->fpcr, &fp->fpcr);
	err |= __copy_to_user(fp->vregs, state->vregs, sizeof(state->vregs));
	next = (void __user *)(fp + 1);

	/* Faults tell the handler what the hardware reported. */
	if (current->thread.fault_code &&
	    (signo == SIGSEGV || signo == SIGBUS || signo == SIGILL ||
	     signo == SIGTRAP)) {
		struct esr_context __user *esr = (void __user *)next;

		err |= __put_user(ESR_MAGIC, &esr->head.magic);
		err |= __put_user(sizeof(*esr), &esr->head.size);
		err |= __put_user(current->thread.fault_code, &esr->esr);
		next = (void __user *)(esr + 1);
	}

	err |= __put_user(0, &next->magic);
	err |= __put_user(0, &next->size);
	return err;
}

/*
 * AT_MINSIGSTKSZ: the most setup_rt_frame() takes below the interrupted
 * SP, the frame and its frame record, each 16-byte aligned.  Every
 * record fits in __reserved[], so the size is fixed.
 */
unsigned long signal_minsigstksz(void)
{
	return sizeof(struct rt_sigframe) + sizeof(struct frame_record) + 16;
}

static int setup_rt_frame(struct ksignal *ksig, sigset_t *set,
			  struct pt_regs *regs)
{
	struct rt_sigframe __user *frame;
	struct frame_record __user *record;
	struct sigcontext __user *sc;
	unsigned long sp, restorer;
	int err = 0;

	/* The handler returns to SA_RESTORER's code, or the vDSO's. */
	if (ksig->ka.sa.sa_flags & SA_RESTORER)
		restorer = (unsigned long)ksig->ka.sa.sa_restorer;
	else
		restorer = vdso_sigreturn_addr(current->mm);
	if (!restorer)
		return -EFAULT;

	sp = sigsp(regs->sp, ksig);
	sp = round_down(sp - sizeof(*record), 16);
	record = (struct frame_record __user *)sp;
	sp = round_down(sp - sizeof(*frame), 16);
	frame = (struct rt_sigframe __user *)sp;

	if (!access_ok(frame, (unsigned long)(record + 1) - sp))
		return -EFAULT;

	sc = &frame->uc.uc_mcontext;
	err |= __put_user(0, &frame->uc.uc_flags);
	err |= __put_user(NULL, &frame->uc.uc_link);
	err |= __save_altstack(&frame->uc.uc_stack, regs->sp);
	err |= __copy_to_user(&frame->uc.uc_sigmask, set, sizeof(*set));

	if (__copy_to_user(SC_USER_REGS(sc), &regs->user_regs,
			   sizeof(regs->user_regs)))
		err = -EFAULT;
	err |= __put_user(current->thread.fault_address, &sc->fault_address);
	err |= save_records(sc, ksig->sig);

	err |= __put_user(regs->regs[29], &record->fp);
	err |= __put_user(regs->regs[30], &record->lr);

	if (ksig->ka.sa.sa_flags & SA_SIGINFO)
		err |= copy_siginfo_to_user(&frame->info, &ksig->info);
	if (err)
		return -EFAULT;

	regs->regs[0] = ksig->sig;
	regs->regs[1] = (unsigned long)&frame->info;
	regs->regs[2] = (unsigned long)&frame->uc;
	regs->regs[29] = (unsigned long)&record->fp;
	regs->regs[30] = restorer;
	regs->sp = sp;
	regs->pc = (unsigned long)ksig->ka.sa.sa_handler;

	current->thread.fault_code = 0;
	return 0;
}

static void handle_signal(struct ksignal *ksig, struct pt_regs *regs)
{
	sigset_t *oldset = sigmask_to_save();
	int ret;

	rseq_signal_deliver(ksig, regs);
	ret = setup_rt_frame(ksig, oldset, regs);
	signal_setup_done(ret, ksig, test_thread_flag(TIF_SINGLESTEP));
}

/* The -ERESTART* codes: the system call may be issued again. */
static bool syscall_restartable(long ret)
{
	return ret == -ERESTARTSYS || ret == -ERESTARTNOINTR ||
	       ret == -ERESTARTNOHAND || ret == -ERESTART_RESTARTBLOCK;
}

/*
 * With a handler about to run, -ERESTARTNOINTR always restarts,
 * -ERESTARTSYS only for SA_RESTART handlers, the others never.
 */
static bool restart_despite_handler(long ret, const struct k_sigaction *ka)
{
	if (ret == -ERESTARTNOINTR)
		return true;
	return ret == -ERESTARTSYS && (ka->sa.sa_flags & SA_RESTART);
}

/*
 * Called by the generic exit-to-user work when a signal is pending.  A
 * system call that the signal interrupted returned -ERESTART*: it is
 * either issued again (PC back on the SVC, x0 = its first argument
 * again) or fails with -EINTR, depending on the handler.
 *
 * The registers are set for the restart before get_signal(), because a
 * tracer sees and may change them there, at the signal-delivery stop:
 * a debugger that moves the PC (gdb's "call", or "jump") decides where
 * the task goes on.  So, as on arm64, the restart is undone for a
 * handler, or turned into restart_syscall(), only when the PC is still
 * on the SVC the kernel put it on.
 */
void arch_do_signal_or_restart(struct pt_regs *regs)
{
	unsigned long continue_pc = 0, restart_pc = 0;
	bool restart = false;
	struct ksignal ksig;
	long ret = 0;

	if (in_syscall(regs)) {
		ret = regs->regs[0];
		restart = syscall_restartable(ret);
		continue_pc = regs->pc;
		/* The PC is past the SVC: the restart steps back onto it. */
		restart_pc = continue_pc - AARCH64_INSN_SIZE;
		forget_syscall(regs);
		if (restart) {
			regs->regs[0] = regs->orig_x0;
			regs->pc = restart_pc;
		}
	}

	if (get_signal(&ksig)) {
		if (restart && regs->pc == restart_pc &&
		    !restart_despite_handler(ret, &ksig.ka)) {
			regs->regs[0] = -EINTR;
			regs->pc = continue_pc;
		}
		handle_signal(&ksig, regs);
		return;
	}

	/* restart_syscall() continues the interrupted call. */
	if (restart && regs->pc == restart_pc &&
	    ret == -ERESTART_RESTARTBLOCK)
		regs->regs[8] = __NR_restart_syscall;

	restore_saved_sigmask();
}
