/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Hardware breakpoints and watchpoints: the breakpoint (DBGBVR<n>_EL1,
 * DBGBCR<n>_EL1) and watchpoint (DBGWVR<n>_EL1, DBGWCR<n>_EL1) register
 * pairs, as the generic kernel/events/hw_breakpoint.c and ptrace's
 * NT_ARM_HW_BREAK/NT_ARM_HW_WATCH register sets use them.
 */
#ifndef __ASM_AARCH64_HW_BREAKPOINT_H
#define __ASM_AARCH64_HW_BREAKPOINT_H

#include <linux/bits.h>
#include <linux/types.h>

/*
 * The low bits of a control register (DDI 0487 L.a, DBGBCR<n>_EL1 and
 * DBGWCR<n>_EL1), which are also the "ctrl" word of ptrace's struct
 * user_hwdebug_state: enable, privilege (PMC), load/store (LSC, of a
 * watchpoint only; RES0 in a breakpoint) and the byte address select.
 */
#define DBG_CTRL_E		BIT(0)
#define DBG_CTRL_PMC		GENMASK(2, 1)
#define DBG_CTRL_PMC_EL1	1
#define DBG_CTRL_PMC_EL0	2
#define DBG_CTRL_LSC		GENMASK(4, 3)
#define DBG_CTRL_LSC_LOAD	1
#define DBG_CTRL_LSC_STORE	2
#define DBG_CTRL_BAS		GENMASK(12, 5)

/* ID_AA64DFR0_EL1 allows 16 of each at most (BRPs, WRPs are 4 bits). */
#define AARCH64_MAX_BRP		16
#define AARCH64_MAX_WRP		16

struct arch_hw_breakpoint {
	u64	address;	/* DBGxVR: the aligned address */
	u64	trigger;	/* the address that hit, for the handler */
	u32	ctrl;		/* DBGxCR: DBG_CTRL_* */
};

/*
 * A task's ptrace breakpoints and watchpoints, and the state of a step
 * over a breakpoint or watchpoint that a perf event took in user space
 * (hw_breakpoint.c); a step over a hit in the kernel is the CPU's.
 */
struct debug_info {
	struct perf_event	*hbp_break[AARCH64_MAX_BRP];
	struct perf_event	*hbp_watch[AARCH64_MAX_WRP];
	u8			bps_disabled;
	u8			wps_disabled;
	u8			suspended_step;
};

struct notifier_block;
struct perf_event;
struct perf_event_attr;
struct pt_regs;
struct task_struct;

int hw_breakpoint_slots(int type);
int arch_check_bp_in_kernelspace(struct arch_hw_breakpoint *hw);
int hw_breakpoint_arch_parse(struct perf_event *bp,
			     const struct perf_event_attr *attr,
			     struct arch_hw_breakpoint *hw);
int hw_breakpoint_exceptions_notify(struct notifier_block *unused,
				    unsigned long val, void *data);
int arch_install_hw_breakpoint(struct perf_event *bp);
void arch_uninstall_hw_breakpoint(struct perf_event *bp);
void hw_breakpoint_pmu_read(struct perf_event *bp);

/* ID_AA64DFR0_EL1.DebugVer, for ptrace's dbg_info. */
unsigned int debug_arch_version(void);

/* Only reached with CONFIG_HAVE_HW_BREAKPOINT: MDSCR_EL1.MDE is 0 without. */
void do_el0_breakpoint(struct pt_regs *regs, unsigned long esr);
void do_el0_watchpoint(struct pt_regs *regs, unsigned long far,
		       unsigned long esr);
void do_el1_breakpoint(struct pt_regs *regs, unsigned long esr);
void do_el1_watchpoint(struct pt_regs *regs, unsigned long far,
		       unsigned long esr);

#ifdef CONFIG_HAVE_HW_BREAKPOINT
bool hw_breakpoint_step_done(struct pt_regs *regs);
void hw_breakpoint_kernel_step_done(struct pt_regs *regs);
void hw_breakpoint_el1_exception(struct pt_regs *regs);
void hw_breakpoint_thread_switch(struct task_struct *next);
void ptrace_hw_copy_thread(struct task_struct *tsk);
bool hw_breakpoint_pairs_fit_this_cpu(unsigned int cpu);
#else
static inline bool hw_breakpoint_step_done(struct pt_regs *regs)
{
	return false;
}
static inline void hw_breakpoint_kernel_step_done(struct pt_regs *regs) { }
static inline void hw_breakpoint_el1_exception(struct pt_regs *regs) { }
static inline void hw_breakpoint_thread_switch(struct task_struct *next) { }
static inline void ptrace_hw_copy_thread(struct task_struct *tsk) { }
static inline bool hw_breakpoint_pairs_fit_this_cpu(unsigned int cpu)
{
	return true;
}
#endif

#endif /* __ASM_AARCH64_HW_BREAKPOINT_H */
