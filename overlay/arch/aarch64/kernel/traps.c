// SPDX-License-Identifier: GPL-2.0-only
/*
 * Synchronous exceptions that are not memory aborts or system calls:
 * breakpoints (including BUG/WARN sites), undefined instructions,
 * misalignment; and the oops path for the kernel's own faults.
 */
#include <linux/bug.h>
#include <linux/cpu.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/kexec.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/sched/debug.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/ubsan.h>
#include <asm/bug.h>
#include <asm/exception.h>
#include <asm/stacktrace.h>
#include <asm/sysreg.h>
#include <asm/traps.h>
#include <asm/uprobes.h>

static const char *const exception_class_names[64] = {
	[ESR_ELx_EC_UNKNOWN]		= "unknown/undefined",
	[ESR_ELx_EC_WFx]		= "WFI/WFE",
	[ESR_ELx_EC_FP_ASIMD]		= "FP/SIMD access",
	[ESR_ELx_EC_ILL]		= "illegal execution state",
	[ESR_ELx_EC_SVC64]		= "SVC (AArch64)",
	[ESR_ELx_EC_SYS64]		= "MSR/MRS/system instruction",
	[ESR_ELx_EC_SVE]		= "SVE access",
	[ESR_ELx_EC_IABT_LOW]		= "instruction abort (lower EL)",
	[ESR_ELx_EC_IABT_CUR]		= "instruction abort (current EL)",
	[ESR_ELx_EC_PC_ALIGN]		= "PC alignment",
	[ESR_ELx_EC_DABT_LOW]		= "data abort (lower EL)",
	[ESR_ELx_EC_DABT_CUR]		= "data abort (current EL)",
	[ESR_ELx_EC_SP_ALIGN]		= "SP alignment",
	[ESR_ELx_EC_FP_EXC64]		= "FP exception (AArch64)",
	[ESR_ELx_EC_SERROR]		= "SError",
	[ESR_ELx_EC_BREAKPT_LOW]	= "breakpoint (lower EL)",
	[ESR_ELx_EC_BREAKPT_CUR]	= "breakpoint (current EL)",
	[ESR_ELx_EC_SOFTSTP_LOW]	= "software step (lower EL)",
	[ESR_ELx_EC_SOFTSTP_CUR]	= "software step (current EL)",
	[ESR_ELx_EC_WATCHPT_LOW]	= "watchpoint (lower EL)",
	[ESR_ELx_EC_WATCHPT_CUR]	= "watchpoint (current EL)",
	[ESR_ELx_EC_BRK64]		= "BRK (AArch64)",
};

const char *esr_class_name(unsigned long esr)
{
	const char *name = exception_class_names[ESR_ELx_EC(esr)];

	return name ? name : "reserved";
}

/* Log user tasks killed by a fault or an undefined instruction. */
int show_unhandled_signals = 1;

static DEFINE_RAW_SPINLOCK(die_lock);

/*
 * The kernel hit something it cannot handle: print the registers and
 * the call chain, then kill the current task (or panic in interrupt
 * context and for the idle/init tasks).
 */
void die(const char *msg, struct pt_regs *regs, unsigned long err)
{
	static int die_counter;
	unsigned long flags;
	int ret;

	oops_enter();
	raw_spin_lock_irqsave(&die_lock, flags);
	console_verbose();
	bust_spinlocks(1);

	pr_emerg("Internal error: %s: %016lx [#%d]%s\n", msg, err,
		 ++die_counter, IS_ENABLED(CONFIG_SMP) ? " SMP" : "");
	ret = notify_die(DIE_OOPS, msg, regs, err, 0, SIGSEGV);
	print_modules();
	pr_emerg("ESR_EL1 %016lx (%s)\n", err, esr_class_name(err));
	show_regs(regs);

	bust_spinlocks(0);
	add_taint(TAINT_DIE, LOCKDEP_NOW_UNRELIABLE);
	raw_spin_unlock_irqrestore(&die_lock, flags);
	oops_exit();

	if (in_interrupt())
		panic("%s: fatal exception in interrupt", msg);
	if (panic_on_oops)
		panic("%s: fatal exception", msg);
	if (ret != NOTIFY_STOP)
		make_task_dead(SIGSEGV);
}

void __noreturn die_bad_exception(struct pt_regs *regs, const char *what,
				  unsigned long esr)
{
	die(what, regs, esr);
	panic("%s", what);
}

/*
 * An SError (entry-common.c): report the context it interrupted and
 * stop.  The ESR's ISS says little without FEAT_RAS; it is printed for
 * whoever reads the report against the core's manual.
 */
void __noreturn do_serror(struct pt_regs *regs, unsigned long esr)
{
	console_verbose();
	if (user_mode(regs))
		pr_emerg("SError on CPU%d at EL0 in %s[%d], ESR %016lx (%s)\n",
			 smp_processor_id(), current->comm,
			 task_pid_nr(current), esr, esr_class_name(esr));
	else
		pr_emerg("SError on CPU%d at EL1, ESR %016lx (%s)\n",
			 smp_processor_id(), esr, esr_class_name(esr));
	__show_regs(regs);
	nmi_panic(regs, "asynchronous SError interrupt");
	unreachable();
}

/* See OVERFLOW_STACK_SIZE; 16-byte aligned as SP must be. */
DEFINE_PER_CPU(unsigned long [OVERFLOW_STACK_SIZE / sizeof(long)],
	       overflow_stack) __aligned(16);

/*
 * An exception found SP off the bottom of its stack (entry.S), with
 * VMAP_STACK: a recursion or a huge frame ran the task or IRQ stack
 * into its guard page.  We are on this CPU's overflow stack; regs are
 * the registers at the exception, regs->sp the SP that overflowed.
 * The stack below is gone, so the kernel stops.
 */
asmlinkage void noinstr __noreturn handle_bad_stack(struct pt_regs *regs)
{
	struct stack_range irq = stack_range_irq(), ovf = stack_range_overflow();
	unsigned long task = (unsigned long)current->stack;
	unsigned long far = read_sysreg(far_el1);
	unsigned long esr = regs->esr;

	instrumentation_begin();
	console_verbose();
	pr_emerg("Kernel stack overflow on CPU%d in %s[%d]: SP %016llx\n",
		 smp_processor_id(), current->comm, task_pid_nr(current),
		 regs->sp);
	pr_emerg("ESR: 0x%016lx -- %s\n", esr, esr_class_name(esr));
	pr_emerg("FAR: 0x%016lx\n", far);
	pr_emerg("Task stack:     [0x%016lx..0x%016lx]\n", task,
		 task + THREAD_SIZE);
	pr_emerg("IRQ stack:      [0x%016lx..0x%016lx]\n", irq.low, irq.high);
	pr_emerg("Overflow stack: [0x%016lx..0x%016lx]\n", ovf.low, ovf.high);
	__show_regs(regs);
	nmi_panic(NULL, "kernel stack overflow");
	instrumentation_end();
	unreachable();
}

/*
 * An exception vector that should never be taken (reason: 0 = EL1
 * using SP_EL0, 1 = FIQ at EL1, 2 = FIQ or AArch32 from EL0).
 */
asmlinkage void bad_mode(struct pt_regs *regs, int reason, unsigned long esr)
{
	static const char *const reasons[] = {
		"exception from EL1t", "unhandled exception at EL1",
		"unhandled exception from EL0",
	};

	if (reason == 2 && user_mode(regs)) {
		pr_info("%s[%d]: %s, ESR %016lx (%s)\n", current->comm,
			task_pid_nr(current), reasons[reason], esr,
			esr_class_name(esr));
		force_sig(SIGKILL);
		return;
	}
	die_bad_exception(regs, reasons[reason], esr);
}

void force_signal_inject(int signal, int code, unsigned long address,
			 unsigned long esr)
{
	current->thread.fault_address = address;
	current->thread.fault_code = esr;
	force_sig_fault(signal, code, (void __user *)address);
}

/* Needed by report_bug(): a BUG site is any kernel text address. */
int is_valid_bugaddr(unsigned long addr)
{
	return 1;
}

/* ESR_ELx.ISS of a BRK holds its 16-bit immediate. */
#define BRK_IMM(esr)	((esr) & 0xffff)

/*
 * BRKs the compiler plants for UBSAN_TRAP: Clang encodes the failed
 * check in the low byte of 0x55xx (the same immediates as arm64, for
 * tools that decode them); GCC's __builtin_trap() is BRK #0x3e8 and
 * does not say which check failed.
 */
#define UBSAN_BRK_IMM		0x5500
#define UBSAN_BRK_MASK		0x00ff
#define GCC_TRAP_BRK_IMM	0x3e8

void do_el1_brk(struct pt_regs *regs, unsigned long esr)
{
	unsigned int imm = BRK_IMM(esr);

	if (kprobe_brk_handler(regs, imm))
		return;

	if (IS_ENABLED(CONFIG_UBSAN_TRAP) &&
	    (imm & ~UBSAN_BRK_MASK) == UBSAN_BRK_IMM) {
		die(report_ubsan_failure(regs, imm & UBSAN_BRK_MASK), regs, esr);
		return;
	}
	if (imm == GCC_TRAP_BRK_IMM) {
		die("Oops - compiler trap (__builtin_trap)", regs, esr);
		return;
	}
	if (imm == BUG_BRK_IMM) {
		switch (report_bug(regs->pc, regs)) {
		case BUG_TRAP_TYPE_WARN:
			/* Continue after the BRK. */
			regs->pc += AARCH64_INSN_SIZE;
			return;
		case BUG_TRAP_TYPE_BUG:
			die("Oops - BUG", regs, esr);
			return;
		default:
			break;
		}
	}
	die("Oops - BRK", regs, esr);
}
/* A kprobe in the code that handles kprobes' BRKs would recurse. */
NOKPROBE_SYMBOL(do_el1_brk);

/*
 * An esr_context record describes a memory access (arm64 ABI): BRK and
 * undefined instructions deliver none, their instruction is at the pc.
 */
void do_el0_brk(struct pt_regs *regs, unsigned long esr)
{
	if (uprobe_brk_handler(regs, BRK_IMM(esr)))
		return;
	force_signal_inject(SIGTRAP, TRAP_BRKPT, regs->pc, 0);
}

void do_el0_undef(struct pt_regs *regs, unsigned long esr)
{
	/* EL0 reads of the ID registers are emulated (kernel/id_regs.c). */
	if (ESR_ELx_EC(esr) == ESR_ELx_EC_UNKNOWN && try_emulate_id_mrs(regs))
		return;
	if (show_unhandled_signals && unhandled_signal(current, SIGILL))
		pr_info_ratelimited("%s[%d]: undefined instruction at pc %016llx, ESR %016lx (%s)\n",
				    current->comm, task_pid_nr(current),
				    regs->pc, esr, esr_class_name(esr));
	force_signal_inject(SIGILL, ILL_ILLOPC, regs->pc, 0);
}

void do_el0_alignment(struct pt_regs *regs, unsigned long esr,
		      unsigned long far)
{
	force_signal_inject(SIGBUS, BUS_ADRALN, far, esr);
}

void __init trap_init(void)
{
	/* VBAR_EL1 was set by head.S (and by each secondary's entry). */
}
