// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware breakpoints and watchpoints, behind the generic breakpoint
 * layer (kernel/events/hw_breakpoint.c): perf's PERF_TYPE_BREAKPOINT
 * events, on user or kernel addresses, ptrace's NT_ARM_HW_BREAK/WATCH
 * sets and in-kernel users (register_wide_hw_breakpoint()).
 *
 * The slot bookkeeping and the step over a hit follow
 * arch/arm64/kernel/hw_breakpoint.c.  The rules (DDI 0487 L.a):
 *
 *  - Breakpoint and watchpoint exceptions are generated only while
 *    MDSCR_EL1.MDE is 1 and the OS Lock is clear (head.S clears it),
 *    and are taken from EL1 only while MDSCR_EL1.KDE is 1 and PSTATE.D
 *    is 0.  An event on a user address has PMC = EL0, one on a kernel
 *    address PMC = EL1; a CPU has KDE set while it holds an event of
 *    the second kind.  The kernel runs with PSTATE.D 0 outside the
 *    entry and exit windows of an exception (asm/daif.h), so a kernel
 *    breakpoint in those windows, or in a debug exception handler, does
 *    not fire.
 *
 *  - A breakpoint exception (ESR_ELx.EC 0x30, 0x31 from EL1) is taken
 *    before the instruction executes, a watchpoint exception (0x34,
 *    0x35) before the access is made, with the PC at the instruction
 *    either way.  To go on, the code must get past it without the
 *    event firing again.  A ptrace event leaves that to the debugger,
 *    which removes its breakpoint and steps.  A perf event is stepped
 *    over here: this CPU's breakpoints (or watchpoints) are disabled
 *    while the one instruction is single-stepped, and the software step
 *    exception that follows enables them again.  A step the debugger
 *    asked for meanwhile is reported once the instruction is done.
 *    Kernel code is stepped the same way (debug.c), with the CPU's EL1
 *    breakpoints and all its watchpoints off.
 *
 *  - An unprivileged load or store (LDTR, STTR), which the uaccess
 *    routines use, is checked against the watchpoints as an access
 *    from EL0.  While KDE is 1, the kernel's access to watched user
 *    bytes therefore fires a user watchpoint at EL1: it is stepped over
 *    without a report, so that a user watchpoint never reports the
 *    kernel's accesses, whether or not KDE happens to be set.
 *
 *  - The watchpoint exception puts in FAR_EL1 an address the
 *    instruction accessed, which need not be one of the watched bytes
 *    (an LDP or a DC ZVA that overlaps them: "Determining the memory
 *    location that caused a Watchpoint exception"): the watchpoint
 *    that holds it is reported, or failing that the nearest one.
 *
 * The value and control registers of a user event matter only at EL0:
 * the exception return to EL0 is the context synchronisation event
 * that makes them take effect.  Those of a kernel event are followed by
 * an ISB when installed, so that they are in force as soon as
 * perf_event_open() or register_wide_hw_breakpoint() returns.
 */
#include <linux/bitfield.h>
#include <linux/cpuhotplug.h>
#include <linux/hw_breakpoint.h>
#include <linux/kprobes.h>
#include <linux/uaccess.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <asm/cpuinfo.h>
#include <asm/hw_breakpoint.h>
#include <asm/sysreg.h>
#include <asm/traps.h>

/* ID_AA64DFR0_EL1: the debug architecture, breakpoint and watchpoint counts */
#define DFR0_DEBUGVER		GENMASK_ULL(3, 0)
#define DFR0_BRPS		GENMASK_ULL(15, 12)
#define DFR0_WRPS		GENMASK_ULL(23, 20)

/* The events installed in this CPU's register pairs, by pair number. */
static DEFINE_PER_CPU(struct perf_event *, bp_on_reg[AARCH64_MAX_BRP]);
static DEFINE_PER_CPU(struct perf_event *, wp_on_reg[AARCH64_MAX_WRP]);
/* How many of them watch kernel addresses: MDSCR_EL1.KDE is set while any. */
static DEFINE_PER_CPU(unsigned int, kernel_events);
/*
 * This CPU's step of kernel code over a hit: which kinds of pair are
 * off for it, the stepped instruction and, when interrupts were masked
 * for the step, the PSTATE.I and F it had.
 */
struct kernel_step {
	bool	active;
	bool	bps_off;
	bool	wps_off;
	bool	irqs_masked;
	u64	pc;
	u64	irq_bits;
};
static DEFINE_PER_CPU(struct kernel_step, kernel_step);

/*
 * The boot CPU's counts, which the generic layer takes at boot: a CPU
 * with fewer pairs is refused when it comes online.
 */
static int num_brps(void)
{
	return FIELD_GET(DFR0_BRPS, boot_id_regs[ID_REG_AA64DFR0]) + 1;
}

static int num_wrps(void)
{
	return FIELD_GET(DFR0_WRPS, boot_id_regs[ID_REG_AA64DFR0]) + 1;
}

/* Called on a secondary CPU coming online. */
bool hw_breakpoint_pairs_fit_this_cpu(unsigned int cpu)
{
	u64 dfr0 = read_sysreg(id_aa64dfr0_el1);

	if (FIELD_GET(DFR0_BRPS, dfr0) + 1 >= num_brps() &&
	    FIELD_GET(DFR0_WRPS, dfr0) + 1 >= num_wrps())
		return true;
	pr_crit("CPU%u: %llu breakpoint and %llu watchpoint register pairs, fewer than the boot CPU's %d and %d\n",
		cpu, FIELD_GET(DFR0_BRPS, dfr0) + 1,
		FIELD_GET(DFR0_WRPS, dfr0) + 1, num_brps(), num_wrps());
	return false;
}

unsigned int debug_arch_version(void)
{
	return FIELD_GET(DFR0_DEBUGVER, boot_id_regs[ID_REG_AA64DFR0]);
}

int hw_breakpoint_slots(int type)
{
	switch (type) {
	case TYPE_INST:
		return num_brps();
	case TYPE_DATA:
		return num_wrps();
	default:
		return 0;
	}
}

/*
 * The register names carry the pair number, so each pair is its own
 * MSR: one case a pair.
 */
#define WRITE_PAIR(n)							\
	case n:								\
		if (wp) {						\
			write_sysreg(addr, dbgwvr##n##_el1);		\
			write_sysreg(ctrl, dbgwcr##n##_el1);		\
		} else {						\
			write_sysreg(addr, dbgbvr##n##_el1);		\
			write_sysreg(ctrl, dbgbcr##n##_el1);		\
		}							\
		break

static void write_pair(bool wp, int n, u64 addr, u32 ctrl)
{
	switch (n) {
	WRITE_PAIR(0);
	WRITE_PAIR(1);
	WRITE_PAIR(2);
	WRITE_PAIR(3);
	WRITE_PAIR(4);
	WRITE_PAIR(5);
	WRITE_PAIR(6);
	WRITE_PAIR(7);
	WRITE_PAIR(8);
	WRITE_PAIR(9);
	WRITE_PAIR(10);
	WRITE_PAIR(11);
	WRITE_PAIR(12);
	WRITE_PAIR(13);
	WRITE_PAIR(14);
	WRITE_PAIR(15);
	default:
		WARN_ONCE(1, "no debug register pair %d\n", n);
	}
}

static bool is_watchpoint(struct perf_event *bp)
{
	return bp->attr.bp_type != HW_BREAKPOINT_X;
}

static struct perf_event **slots_of(bool wp, int *nr)
{
	*nr = wp ? num_wrps() : num_brps();
	return wp ? this_cpu_ptr(wp_on_reg) : this_cpu_ptr(bp_on_reg);
}

/* An event on kernel addresses (PMC = EL1), rather than on user ones. */
static bool is_kernel_event(struct perf_event *bp)
{
	return FIELD_GET(DBG_CTRL_PMC, counter_arch_bp(bp)->ctrl) == DBG_CTRL_PMC_EL1;
}

/*
 * Whether an installed event's pair is to be off now: while this CPU
 * steps kernel code over a kernel breakpoint, its kernel breakpoints;
 * over a watchpoint, all its watchpoints (the stepped access may be an
 * LDTR or STTR that a user watchpoint sees); while task d steps over a
 * user hit, that kind of user pair.
 */
static bool pair_suspended(bool wp, struct perf_event *bp,
			   const struct debug_info *d)
{
	const struct kernel_step *ks = this_cpu_ptr(&kernel_step);

	if (wp && ks->wps_off)
		return true;
	if (is_kernel_event(bp))
		return !wp && ks->bps_off;
	return wp ? d->wps_disabled : d->bps_disabled;
}

/*
 * Program pair n from its event.  An installed event is enabled (perf
 * installs only those), whatever attr.disabled said when it was made,
 * which is all that DBG_CTRL_E in its control word records (for
 * ptrace), unless the pair is suspended for a step over a hit.
 */
static void program_pair(bool wp, int n, struct perf_event *bp,
			 const struct debug_info *d)
{
	struct arch_hw_breakpoint *info = counter_arch_bp(bp);
	u32 ctrl = info->ctrl & ~DBG_CTRL_E;

	if (!pair_suspended(wp, bp, d))
		ctrl |= DBG_CTRL_E;
	write_pair(wp, n, info->address, ctrl);
}

/* Reprogram every installed pair of a kind, for task d's step state. */
static void refresh_pairs(bool wp, const struct debug_info *d)
{
	struct perf_event **slots;
	int i, nr;

	slots = slots_of(wp, &nr);
	for (i = 0; i < nr; i++)
		if (slots[i])
			program_pair(wp, i, slots[i], d);
}

/* Called by perf with interrupts masked, on the CPU to install on. */
int arch_install_hw_breakpoint(struct perf_event *bp)
{
	bool wp = is_watchpoint(bp);
	struct perf_event **slots;
	int i, nr;

	slots = slots_of(wp, &nr);
	for (i = 0; i < nr; i++) {
		if (slots[i])
			continue;
		slots[i] = bp;
		program_pair(wp, i, bp, &current->thread.debug);
		if (is_kernel_event(bp)) {
			if (this_cpu_inc_return(kernel_events) == 1)
				mdscr_modify(0, MDSCR_EL1_KDE);
			isb();
		}
		return 0;
	}
	/* The generic layer reserved a slot: there is one. */
	WARN_ONCE(1, "no free %s register\n", wp ? "watchpoint" : "breakpoint");
	return -ENOSPC;
}

void arch_uninstall_hw_breakpoint(struct perf_event *bp)
{
	bool wp = is_watchpoint(bp);
	struct perf_event **slots;
	int i, nr;

	slots = slots_of(wp, &nr);
	for (i = 0; i < nr; i++) {
		if (slots[i] != bp)
			continue;
		slots[i] = NULL;
		write_pair(wp, i, 0, 0);
		if (is_kernel_event(bp) &&
		    this_cpu_dec_return(kernel_events) == 0)
			mdscr_modify(MDSCR_EL1_KDE, 0);
		return;
	}
	WARN_ONCE(1, "%s event not installed\n", wp ? "watchpoint" : "breakpoint");
}

int arch_check_bp_in_kernelspace(struct arch_hw_breakpoint *hw)
{
	return hw->address >= TASK_SIZE_MAX;
}

/*
 * An event's attributes to register values.  A breakpoint covers one
 * A64 instruction: its address must be 4-byte aligned and BAS is
 * 0b1111 whatever length was asked (perf asks for sizeof(long));
 * arm64 takes a misaligned one and programs a BAS the architecture
 * leaves CONSTRAINED UNPREDICTABLE, here it is refused.  A watchpoint
 * covers 1 to 8 bytes within one aligned doubleword: DBGWVR holds the
 * doubleword, BAS the bytes.
 */
int hw_breakpoint_arch_parse(struct perf_event *bp,
			     const struct perf_event_attr *attr,
			     struct arch_hw_breakpoint *hw)
{
	u64 addr = attr->bp_addr;
	unsigned int len = attr->bp_len, offset;
	u32 lsc;

	if (len < HW_BREAKPOINT_LEN_1 || len > HW_BREAKPOINT_LEN_8)
		return -EINVAL;

	switch (attr->bp_type) {
	case HW_BREAKPOINT_X:
		if (addr & (AARCH64_INSN_SIZE - 1))
			return -EINVAL;
		hw->address = addr;
		hw->ctrl = FIELD_PREP(DBG_CTRL_BAS, 0xf);
		break;
	case HW_BREAKPOINT_R:
	case HW_BREAKPOINT_W:
	case HW_BREAKPOINT_RW:
		offset = addr & 7;
		if (offset + len > 8)
			return -EINVAL;
		lsc = (attr->bp_type & HW_BREAKPOINT_R ? DBG_CTRL_LSC_LOAD : 0) |
		      (attr->bp_type & HW_BREAKPOINT_W ? DBG_CTRL_LSC_STORE : 0);
		hw->address = addr & ~7ULL;
		hw->ctrl = FIELD_PREP(DBG_CTRL_BAS, GENMASK(offset + len - 1, offset)) |
			   FIELD_PREP(DBG_CTRL_LSC, lsc);
		break;
	default:
		return -EINVAL;
	}

	/*
	 * Bytes of user space, PMC = EL0; or of the kernel's half of the
	 * address space, PMC = EL1, which the generic layer then allows
	 * only to CAP_SYS_ADMIN and never with exclude_kernel (ptrace).
	 * Anything else (the hole between the two halves, or a range that
	 * runs out of user space) is refused: DBGBVR<n>_EL1 and
	 * DBGWVR<n>_EL1 bits 63:49 are RESS, a sign extension a kernel
	 * address is and a hole address is not.
	 */
	if (addr < TASK_SIZE_MAX) {
		if (addr + len - 1 >= TASK_SIZE_MAX)
			return -EINVAL;
		hw->ctrl |= FIELD_PREP(DBG_CTRL_PMC, DBG_CTRL_PMC_EL0);
	} else if (addr >= PAGE_OFFSET) {
		hw->ctrl |= FIELD_PREP(DBG_CTRL_PMC, DBG_CTRL_PMC_EL1);
	} else {
		return -EINVAL;
	}

	if (!attr->disabled)
		hw->ctrl |= DBG_CTRL_E;
	return 0;
}

/* Single-step current over the instruction that hit, with wp's kind off. */
static void step_over(bool wp)
{
	struct debug_info *d = &current->thread.debug;
	bool stepping = d->bps_disabled || d->wps_disabled;

	if (wp)
		d->wps_disabled = 1;
	else
		d->bps_disabled = 1;
	refresh_pairs(wp, d);
	if (stepping)
		return;
	if (test_thread_flag(TIF_SINGLESTEP))
		d->suspended_step = 1;
	else
		user_step_current(true);
}

/* MSR DAIFSet/DAIFClr, #imm and MSR DAIF, Xt: instructions that set PSTATE.I. */
static bool insn_writes_daif(u32 insn)
{
	return (insn & 0xfffff0dfU) == 0xd50340dfU ||
	       (insn & 0xffffffe0U) == 0xd51b4220U;
}

/*
 * Step the interrupted kernel code over the instruction that hit, with
 * the CPU's pairs of that kind off (pair_suspended()).  A second hit
 * before the step ends (a breakpoint and then a watchpoint on the same
 * instruction) turns the second kind off too, and the one step goes on.
 *
 * Interrupts are masked for the step unless the instruction sets
 * PSTATE.I itself: an interrupt taken before the stepped instruction
 * would end the step in its handler (the first place PSTATE.D is
 * unmasked), and the instruction, returned to with its breakpoint
 * armed again, would hit a second time.
 */
static void kernel_step_over(struct pt_regs *regs, bool wp)
{
	struct kernel_step *ks = this_cpu_ptr(&kernel_step);
	__le32 insn;

	if (!ks->active) {
		ks->active = true;
		ks->pc = instruction_pointer(regs);
		ks->irq_bits = regs->pstate & (PSR_I_BIT | PSR_F_BIT);
		ks->irqs_masked =
			!get_kernel_nofault(insn, (__le32 *)ks->pc) &&
			!insn_writes_daif(le32_to_cpu(insn));
		if (ks->irqs_masked)
			regs->pstate |= PSR_I_BIT | PSR_F_BIT;
	}
	if (wp && !ks->wps_off) {
		ks->wps_off = true;
		refresh_pairs(true, &current->thread.debug);
	} else if (!wp && !ks->bps_off) {
		ks->bps_off = true;
		refresh_pairs(false, &current->thread.debug);
	}
	kernel_step_arm(regs);
}
NOKPROBE_SYMBOL(kernel_step_over);

/* End this CPU's kernel step, with regs the state to return to. */
static void kernel_step_end(struct pt_regs *regs)
{
	struct kernel_step *ks = this_cpu_ptr(&kernel_step);
	struct debug_info *d = &current->thread.debug;

	if (ks->irqs_masked)
		regs->pstate = (regs->pstate & ~(PSR_I_BIT | PSR_F_BIT)) |
			       ks->irq_bits;
	ks->active = false;
	if (ks->bps_off) {
		ks->bps_off = false;
		refresh_pairs(false, d);
	}
	if (ks->wps_off) {
		ks->wps_off = false;
		refresh_pairs(true, d);
	}
}
NOKPROBE_SYMBOL(kernel_step_end);

/*
 * A software step exception from EL1: the end of this CPU's step over a
 * kernel hit, if it was stepping (debug.c clears the step itself).
 */
void hw_breakpoint_kernel_step_done(struct pt_regs *regs)
{
	if (this_cpu_read(kernel_step.active))
		kernel_step_end(regs);
}
NOKPROBE_SYMBOL(hw_breakpoint_kernel_step_done);

/*
 * Any other synchronous exception from EL1, before PSTATE.D is
 * unmasked.  If it was the stepped instruction's own (a translation
 * fault, a kprobe's BRK), the step ends here, with the masking of
 * interrupts undone in the state the handler inherits and returns to:
 * the instruction runs again after the handler, its breakpoint armed.
 */
void hw_breakpoint_el1_exception(struct pt_regs *regs)
{
	struct kernel_step *ks = this_cpu_ptr(&kernel_step);

	if (!ks->active || instruction_pointer(regs) != ks->pc)
		return;
	kernel_step_end(regs);
	kernel_step_disarm(regs);
}
NOKPROBE_SYMBOL(hw_breakpoint_el1_exception);

/* The breakpoints of this CPU at pc, of one privilege: true to step. */
static bool report_breakpoints(struct pt_regs *regs, bool kernel)
{
	u64 pc = instruction_pointer(regs);
	struct perf_event **slots;
	bool step = false;
	int i, nr;

	rcu_read_lock();
	slots = slots_of(false, &nr);
	for (i = 0; i < nr; i++) {
		struct perf_event *bp = slots[i];
		struct arch_hw_breakpoint *info;

		if (!bp || is_kernel_event(bp) != kernel)
			continue;
		info = counter_arch_bp(bp);
		if (info->address != pc)
			continue;
		info->trigger = pc;
		perf_bp_event(bp, regs);
		if (is_default_overflow_handler(bp))
			step = true;
	}
	rcu_read_unlock();
	return step;
}
NOKPROBE_SYMBOL(report_breakpoints);

/*
 * Called with interrupts masked from the EL0 synchronous exception, so
 * the CPU's slots cannot change under it.
 */
void do_el0_breakpoint(struct pt_regs *regs, unsigned long esr)
{
	if (report_breakpoints(regs, false))
		step_over(false);
}

/* From EL1, every DAIF bit masked: in the manner of an NMI. */
void do_el1_breakpoint(struct pt_regs *regs, unsigned long esr)
{
	if (report_breakpoints(regs, true))
		kernel_step_over(regs, false);
}
NOKPROBE_SYMBOL(do_el1_breakpoint);

/* How far addr is from the bytes a watchpoint watches; 0 when inside. */
static u64 distance(u64 addr, const struct arch_hw_breakpoint *info)
{
	unsigned long bas = FIELD_GET(DBG_CTRL_BAS, info->ctrl);
	u64 lo = info->address + __ffs(bas), hi = info->address + __fls(bas);

	if (addr < lo)
		return lo - addr;
	if (addr > hi)
		return addr - hi;
	return 0;
}

/* A watchpoint hit: reported, or not (a user one hit from EL1); true to step. */
static bool watchpoint_hit(struct perf_event *wp, u64 addr,
			   struct pt_regs *regs, bool report)
{
	if (!report)
		return true;
	counter_arch_bp(wp)->trigger = addr;
	perf_bp_event(wp, regs);
	return is_default_overflow_handler(wp);
}
NOKPROBE_SYMBOL(watchpoint_hit);

/*
 * The watchpoints of one privilege that an access to addr hit: every
 * one that holds addr, or failing that the nearest one; true to step
 * over the access.  An access that both loads and stores (an atomic
 * read-modify-write) may be reported with either value of
 * ESR_ELx.WnR: when no watchpoint of the reported kind is installed,
 * the nearest of either kind is taken, so that the instruction is
 * always stepped over rather than retried for ever.
 */
static bool report_watchpoints(struct pt_regs *regs, u64 addr, u32 access,
			       bool kernel, bool report)
{
	struct perf_event **slots, *nearest = NULL, *any = NULL;
	u64 best = U64_MAX, best_any = U64_MAX;
	bool step = false, exact = false;
	int i, nr;

	rcu_read_lock();
	slots = slots_of(true, &nr);
	for (i = 0; i < nr; i++) {
		struct perf_event *wp = slots[i];
		u64 d;

		if (!wp || is_kernel_event(wp) != kernel)
			continue;
		d = distance(addr, counter_arch_bp(wp));
		if (d < best_any) {
			best_any = d;
			any = wp;
		}
		if (!(wp->attr.bp_type & access))
			continue;
		if (d < best) {
			best = d;
			nearest = wp;
		}
		if (!d) {
			exact = true;
			step |= watchpoint_hit(wp, addr, regs, report);
		}
	}
	if (!exact && (nearest || any))
		step |= watchpoint_hit(nearest ?: any, addr, regs, report);
	rcu_read_unlock();
	return step;
}
NOKPROBE_SYMBOL(report_watchpoints);

static u32 watch_access(unsigned long esr)
{
	return esr & ESR_ELx_WNR ? HW_BREAKPOINT_W : HW_BREAKPOINT_R;
}

/* With TBI the tag byte of a user address in FAR_EL1 is UNKNOWN. */
static u64 user_far(unsigned long far)
{
	return far & GENMASK_ULL(55, 0);
}

void do_el0_watchpoint(struct pt_regs *regs, unsigned long far,
		       unsigned long esr)
{
	if (report_watchpoints(regs, user_far(far), watch_access(esr),
			       false, true))
		step_over(true);
}

/*
 * From EL1, every DAIF bit masked.  Bit 55 of the address selects the
 * translation regime half (TTBR1_EL1 for the kernel); a user address
 * here was accessed by an LDTR or STTR.  TCR_EL1.TBI1 is 0, so a
 * kernel FAR_EL1 is the whole address.
 */
void do_el1_watchpoint(struct pt_regs *regs, unsigned long far,
		       unsigned long esr)
{
	bool kernel = far & BIT(55);
	u64 addr = kernel ? far : user_far(far);

	if (report_watchpoints(regs, addr, watch_access(esr), kernel, kernel))
		kernel_step_over(regs, true);
}
NOKPROBE_SYMBOL(do_el1_watchpoint);

/*
 * A software step exception from EL0: true when it ends a step over a
 * breakpoint or watchpoint and nothing else is to be reported.
 */
bool hw_breakpoint_step_done(struct pt_regs *regs)
{
	struct debug_info *d = &current->thread.debug;

	if (!d->bps_disabled && !d->wps_disabled)
		return false;
	if (d->bps_disabled) {
		d->bps_disabled = 0;
		refresh_pairs(false, d);
	}
	if (d->wps_disabled) {
		d->wps_disabled = 0;
		refresh_pairs(true, d);
	}
	if (d->suspended_step) {
		/* The debugger's step: it is reported now. */
		d->suspended_step = 0;
		return false;
	}
	user_step_current(false);
	return true;
}

/*
 * Called by __switch_to() before perf installs next's own events: the
 * CPU-wide events stay, enabled or not as next's step over says.
 */
void hw_breakpoint_thread_switch(struct task_struct *next)
{
	struct debug_info *prev = &current->thread.debug;
	struct debug_info *d = &next->thread.debug;

	if (prev->bps_disabled != d->bps_disabled)
		refresh_pairs(false, d);
	if (prev->wps_disabled != d->wps_disabled)
		refresh_pairs(true, d);
}

void hw_breakpoint_pmu_read(struct perf_event *bp)
{
}

int hw_breakpoint_exceptions_notify(struct notifier_block *unused,
				    unsigned long val, void *data)
{
	return NOTIFY_DONE;
}

/*
 * A CPU coming up: its pairs hold whatever firmware or a previous life
 * left, and its slots are empty (perf removed the events of a CPU going
 * down), so every pair is cleared before MDE lets them fire.
 */
static int hw_breakpoint_cpu_starting(unsigned int cpu)
{
	int i;

	for (i = 0; i < num_brps(); i++)
		write_pair(false, i, 0, 0);
	for (i = 0; i < num_wrps(); i++)
		write_pair(true, i, 0, 0);
	this_cpu_write(kernel_events, 0);
	memset(this_cpu_ptr(&kernel_step), 0, sizeof(struct kernel_step));
	mdscr_modify(MDSCR_EL1_KDE | MDSCR_EL1_SS, MDSCR_EL1_MDE);
	return 0;
}

static int __init aarch64_hw_breakpoint_init(void)
{
	int ret;

	pr_info("%d breakpoint and %d watchpoint register pairs\n",
		num_brps(), num_wrps());
	ret = cpuhp_setup_state(CPUHP_AP_PERF_ARM_HW_BREAKPOINT_STARTING,
				"perf/aarch64/hw_breakpoint:starting",
				hw_breakpoint_cpu_starting, NULL);
	if (ret)
		pr_err("hw-breakpoint: no CPU hotplug state: %d\n", ret);
	return ret;
}
arch_initcall(aarch64_hw_breakpoint_init);
