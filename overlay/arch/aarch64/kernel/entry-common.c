// SPDX-License-Identifier: GPL-2.0-only
/*
 * The C half of exception entry: classify the exception by
 * ESR_EL1.EC and hand it to its handler, wrapped in the generic entry
 * code's context tracking (irqentry_*, syscall_*).
 */
#include <linux/context_tracking.h>
#include <linux/entry-common.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <asm/daif.h>
#include <asm/efi.h>
#include <asm/errata.h>
#include <asm/exception.h>
#include <asm/hw_breakpoint.h>
#include <asm/irq.h>
#include <asm/spectre.h>
#include <asm/sysreg.h>
#include <asm/traps.h>

/* A fault from EL1 may sleep if the interrupted code could. */
static void inherit_irqs(struct pt_regs *regs)
{
	if (interrupts_enabled(regs))
		local_irq_enable();
}

static void restore_irqs_off(void)
{
	local_irq_disable();
}

/*
 * A breakpoint, watchpoint or software step exception from EL1 (taken
 * only while MDSCR_EL1.KDE is set, hw_breakpoint.c) can interrupt any
 * code that runs with PSTATE.D clear, interrupts masked or not, so it
 * is entered as an NMI and handled with every DAIF bit still masked.
 */
static void noinstr el1_debug(struct pt_regs *regs, unsigned long esr,
			      unsigned long far)
{
	irqentry_state_t state = irqentry_nmi_enter(regs);

	instrumentation_begin();
	switch (ESR_ELx_EC(esr)) {
	case ESR_ELx_EC_BREAKPT_CUR:
		do_el1_breakpoint(regs, esr);
		break;
	case ESR_ELx_EC_WATCHPT_CUR:
		do_el1_watchpoint(regs, far, esr);
		break;
	case ESR_ELx_EC_SOFTSTP_CUR:
		do_el1_softstep(regs, esr);
		break;
	}
	instrumentation_end();
	irqentry_nmi_exit(regs, state);
}

static __always_inline bool is_el1_debug(unsigned long esr)
{
	switch (ESR_ELx_EC(esr)) {
	case ESR_ELx_EC_BREAKPT_CUR:
	case ESR_ELx_EC_WATCHPT_CUR:
	case ESR_ELx_EC_SOFTSTP_CUR:
		return IS_ENABLED(CONFIG_HAVE_HW_BREAKPOINT);
	}
	return false;
}

asmlinkage void noinstr el1h_sync_handler(struct pt_regs *regs)
{
	unsigned long esr = regs->esr;
	unsigned long far = read_sysreg(far_el1);
	irqentry_state_t state;

	if (is_el1_debug(esr)) {
		el1_debug(regs, esr, far);
		return;
	}

	state = irqentry_enter(regs);
	instrumentation_begin();
	hw_breakpoint_el1_exception(regs);
	daif_inherit_async(regs);
	switch (ESR_ELx_EC(esr)) {
	case ESR_ELx_EC_DABT_CUR:
	case ESR_ELx_EC_IABT_CUR:
		inherit_irqs(regs);
		do_mem_abort(far, esr, regs);
		restore_irqs_off();
		break;
	case ESR_ELx_EC_BRK64:
		do_el1_brk(regs, esr);
		break;
	default:
		/* An undefined instruction in UEFI firmware, say. */
		if (efi_runtime_fixup_exception(regs, esr_class_name(esr)))
			break;
		die_bad_exception(regs, "synchronous exception at EL1", esr);
	}
	instrumentation_end();
	irqentry_exit(regs, state);
}

asmlinkage void noinstr el1h_irq_handler(struct pt_regs *regs)
{
	irqentry_state_t state = irqentry_enter(regs);

	daif_unmask_async();
	instrumentation_begin();
	handle_irq_on_irq_stack(regs);
	instrumentation_end();
	irqentry_exit(regs, state);
}

/*
 * The debug exceptions from EL0 work on this CPU's debug registers and
 * MDSCR_EL1, so they are handled with interrupts still masked: true for
 * one of them.
 */
static bool el0_debug(struct pt_regs *regs, unsigned long esr,
		      unsigned long far)
{
	switch (ESR_ELx_EC(esr)) {
	case ESR_ELx_EC_SOFTSTP_LOW:
		do_el0_softstep(regs, esr);
		return true;
	case ESR_ELx_EC_BREAKPT_LOW:
		if (!IS_ENABLED(CONFIG_HAVE_HW_BREAKPOINT))
			return false;
		do_el0_breakpoint(regs, esr);
		return true;
	case ESR_ELx_EC_WATCHPT_LOW:
		if (!IS_ENABLED(CONFIG_HAVE_HW_BREAKPOINT))
			return false;
		do_el0_watchpoint(regs, far, esr);
		return true;
	}
	return false;
}

asmlinkage void noinstr el0t_64_sync_handler(struct pt_regs *regs)
{
	unsigned long esr = regs->esr;
	unsigned long far;

	/* System calls do their own entry/exit accounting. */
	if (ESR_ELx_EC(esr) == ESR_ELx_EC_SVC64) {
		do_el0_svc(regs);
		return;
	}

	far = read_sysreg(far_el1);
	irqentry_enter_from_user_mode(regs);
	daif_unmask_async();
	instrumentation_begin();

	/*
	 * EL0 branched to a kernel address (VA bit 55 selects TTBR1_EL1):
	 * whatever trained the predictor to go there is dropped before
	 * the kernel runs further, on this CPU.
	 */
	if ((ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_LOW && (far & BIT(55))) ||
	    (ESR_ELx_EC(esr) == ESR_ELx_EC_PC_ALIGN && (regs->pc & BIT(55))))
		spectre_v2_harden();

	if (el0_debug(regs, esr, far))
		goto out;

	local_irq_enable();

	switch (ESR_ELx_EC(esr)) {
	case ESR_ELx_EC_DABT_LOW:
	case ESR_ELx_EC_IABT_LOW:
		do_mem_abort(far, esr, regs);
		break;
	case ESR_ELx_EC_SP_ALIGN:
	case ESR_ELx_EC_PC_ALIGN:
		do_el0_alignment(regs, esr, far);
		break;
	case ESR_ELx_EC_BRK64:
		do_el0_brk(regs, esr);
		break;
	case ESR_ELx_EC_SYS64:
		if (do_el0_id_reg_read(regs, esr) ||
		    do_el0_cache_maint(regs, esr))
			break;
		do_el0_undef(regs, esr);
		break;
	default:
		do_el0_undef(regs, esr);
	}

	local_irq_disable();
out:
	instrumentation_end();
	irqentry_exit_to_user_mode(regs);
}

/*
 * FIQ or an AArch32 exception from EL0: nothing the port handles; the
 * task is killed (bad_mode()), on the normal exit path so that the
 * signal is acted on before user space runs again.
 */
asmlinkage void noinstr el0t_invalid_handler(struct pt_regs *regs)
{
	irqentry_enter_from_user_mode(regs);
	instrumentation_begin();
	bad_mode(regs, 2, regs->esr);
	instrumentation_end();
	irqentry_exit_to_user_mode(regs);
}

asmlinkage void noinstr el0t_64_irq_handler(struct pt_regs *regs)
{
	irqentry_enter_from_user_mode(regs);
	daif_unmask_async();
	instrumentation_begin();
	handle_irq_on_irq_stack(regs);
	instrumentation_end();
	irqentry_exit_to_user_mode(regs);
}

/*
 * SError, from EL0 or EL1.  Nothing records which access caused it or
 * whether the state it left can be trusted (without FEAT_RAS's
 * ESR_ELx.AET, no SError is known to be recoverable), so the kernel
 * stops, naming the context it interrupted, as arm64 does for every
 * SError that is not a recoverable RAS error.
 */
asmlinkage void noinstr serror_handler(struct pt_regs *regs)
{
	irqentry_state_t state = irqentry_nmi_enter(regs);

	instrumentation_begin();
	do_serror(regs, regs->esr);	/* panics */
	instrumentation_end();
	irqentry_nmi_exit(regs, state);
}
