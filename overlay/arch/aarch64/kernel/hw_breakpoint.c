// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware breakpoints and watchpoints of user space, behind the
 * generic breakpoint layer (kernel/events/hw_breakpoint.c): perf's
 * PERF_TYPE_BREAKPOINT events and ptrace's NT_ARM_HW_BREAK/WATCH sets.
 *
 * The slot bookkeeping and the step over a hit follow
 * arch/arm64/kernel/hw_breakpoint.c.  The rules (DDI 0487 L.a):
 *
 *  - Breakpoint and watchpoint exceptions are generated only while
 *    MDSCR_EL1.MDE is 1 and the OS Lock is clear (head.S clears it),
 *    and are taken from EL1 only while MDSCR_EL1.KDE is 1, which the
 *    port never sets.  So every event here has PMC = EL0, kernel
 *    addresses are refused, and a user watchpoint does not fire on the
 *    kernel's own unprivileged (LDTR/STTR) accesses to user memory;
 *    arm64, which takes those, steps over them without a report.
 *
 *  - A breakpoint exception (ESR_ELx.EC 0x30) is taken before the
 *    instruction executes, a watchpoint exception (0x34) before the
 *    access is made, with the PC at the instruction either way.  To go
 *    on, the task must get past it without the event firing again.  A
 *    ptrace event leaves that to the debugger, which removes its
 *    breakpoint and steps.  A perf event is stepped over here: this
 *    CPU's breakpoints (or watchpoints) are disabled while the task
 *    single-steps the one instruction, and the software step exception
 *    that follows enables them again.  A step the debugger asked for
 *    meanwhile is reported once the instruction is done.
 *
 *  - The watchpoint exception puts in FAR_EL1 an address the
 *    instruction accessed, which need not be one of the watched bytes
 *    (an LDP or a DC ZVA that overlaps them: "Determining the memory
 *    location that caused a Watchpoint exception"): the watchpoint
 *    that holds it is reported, or failing that the nearest one.
 *
 * The value and control registers are written at EL1 and matter only
 * at EL0: the exception return to EL0 is the context synchronisation
 * event that makes them take effect, so no ISB follows the writes.
 */
#include <linux/bitfield.h>
#include <linux/cpuhotplug.h>
#include <linux/hw_breakpoint.h>
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

/* Whether current has this CPU's breakpoints (watchpoints) stepped over. */
static bool stepping_over(bool wp)
{
	struct debug_info *d = &current->thread.debug;

	return wp ? d->wps_disabled : d->bps_disabled;
}

/*
 * Program pair n from its event.  An installed event is enabled (perf
 * installs only those), whatever attr.disabled said when it was made,
 * which is all that DBG_CTRL_E in its control word records (for
 * ptrace); the pair is disabled while current steps over a hit.
 */
static void program_pair(bool wp, int n, struct perf_event *bp, bool enable)
{
	struct arch_hw_breakpoint *info = counter_arch_bp(bp);
	u32 ctrl = info->ctrl & ~DBG_CTRL_E;

	if (enable)
		ctrl |= DBG_CTRL_E;
	write_pair(wp, n, info->address, ctrl);
}

/* Called by perf with interrupts masked, on the CPU to install on. */
int arch_install_hw_breakpoint(struct perf_event *bp)
{
	bool wp = is_watchpoint(bp);
	struct perf_event **slots;
	int i, nr;

	slots = slots_of(wp, &nr);
	for (i = 0; i < nr; i++) {
		if (!slots[i]) {
			slots[i] = bp;
			program_pair(wp, i, bp, !stepping_over(wp));
			return 0;
		}
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
		if (slots[i] == bp) {
			slots[i] = NULL;
			write_pair(wp, i, 0, 0);
			return;
		}
	}
	WARN_ONCE(1, "%s event not installed\n", wp ? "watchpoint" : "breakpoint");
}

/* Enable or disable every installed breakpoint (watchpoint) of this CPU. */
static void toggle_pairs(bool wp, bool enable)
{
	struct perf_event **slots;
	int i, nr;

	slots = slots_of(wp, &nr);
	for (i = 0; i < nr; i++)
		if (slots[i])
			program_pair(wp, i, slots[i], enable);
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
	 * Kernel addresses would need debug exceptions taken from EL1
	 * (MDSCR_EL1.KDE) and a step over the hit in the kernel, which
	 * the port does not do.  One that perf may not watch anyway
	 * (exclude_kernel, as ptrace's are) gets perf's own EINVAL.
	 */
	if (arch_check_bp_in_kernelspace(hw) ||
	    addr + len - 1 >= TASK_SIZE_MAX)
		return attr->exclude_kernel ? -EINVAL : -EOPNOTSUPP;

	hw->ctrl |= FIELD_PREP(DBG_CTRL_PMC, DBG_CTRL_PMC_EL0);
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
	toggle_pairs(wp, false);
	if (stepping)
		return;
	if (test_thread_flag(TIF_SINGLESTEP))
		d->suspended_step = 1;
	else
		user_step_current(true);
}

/*
 * Called with interrupts masked from the EL0 synchronous exception, so
 * the CPU's slots cannot change under it.
 */
void do_el0_breakpoint(struct pt_regs *regs, unsigned long esr)
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

		if (!bp)
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

	if (step)
		step_over(false);
}

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

static bool report_watchpoint(struct perf_event *wp, u64 addr,
			      struct pt_regs *regs)
{
	counter_arch_bp(wp)->trigger = addr;
	perf_bp_event(wp, regs);
	return is_default_overflow_handler(wp);
}

void do_el0_watchpoint(struct pt_regs *regs, unsigned long far,
		       unsigned long esr)
{
	/*
	 * With TBI the tag byte of FAR_EL1 is UNKNOWN; bit 55 of a user
	 * address is 0.
	 */
	u64 addr = far & GENMASK_ULL(55, 0), best = U64_MAX;
	u32 access = esr & ESR_ELx_WNR ? HW_BREAKPOINT_W : HW_BREAKPOINT_R;
	struct perf_event **slots, *nearest = NULL;
	bool step = false, exact = false;
	int i, nr;

	rcu_read_lock();
	slots = slots_of(true, &nr);
	for (i = 0; i < nr; i++) {
		struct perf_event *wp = slots[i];
		u64 d;

		if (!wp || !(wp->attr.bp_type & access))
			continue;
		d = distance(addr, counter_arch_bp(wp));
		if (d < best) {
			best = d;
			nearest = wp;
		}
		if (!d) {
			exact = true;
			step |= report_watchpoint(wp, addr, regs);
		}
	}
	if (!exact && nearest)
		step |= report_watchpoint(nearest, addr, regs);
	rcu_read_unlock();

	if (step)
		step_over(true);
}

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
		toggle_pairs(false, true);
	}
	if (d->wps_disabled) {
		d->wps_disabled = 0;
		toggle_pairs(true, true);
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
		toggle_pairs(false, !d->bps_disabled);
	if (prev->wps_disabled != d->wps_disabled)
		toggle_pairs(true, !d->wps_disabled);
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
	write_sysreg(read_sysreg(mdscr_el1) | MDSCR_EL1_MDE, mdscr_el1);
	return 0;
}

static int __init aarch64_hw_breakpoint_init(void)
{
	int ret;

	pr_info("%d breakpoint and %d watchpoint register pairs, for user space\n",
		num_brps(), num_wrps());
	ret = cpuhp_setup_state(CPUHP_AP_PERF_ARM_HW_BREAKPOINT_STARTING,
				"perf/aarch64/hw_breakpoint:starting",
				hw_breakpoint_cpu_starting, NULL);
	if (ret)
		pr_err("hw-breakpoint: no CPU hotplug state: %d\n", ret);
	return ret;
}
arch_initcall(aarch64_hw_breakpoint_init);
