// SPDX-License-Identifier: GPL-2.0-only
/*
 * uprobes: probes in user programs' text.
 *
 * The generic code (kernel/events/uprobes.c) writes BRK #UPROBES_BRK_IMM
 * over the probed instruction and copies the instruction into a slot of
 * the task's XOL page.  On a hit, the instruction is simulated if it is
 * PC-relative (kernel/probes/decode.c), or else run from the slot under
 * hardware single step: the step exception that follows it brings the
 * task back here, to resume after the probed instruction.
 *
 * Whether the copy itself trapped (a fault, an undefined instruction)
 * is told by thread.fault_code: set to UPROBE_XOL_UNTRAPPED before the
 * step, it is overwritten by every fault that raises a signal
 * (force_signal_inject()).  Based on arch/arm64/kernel/probes/uprobes.c.
 */
#include <linux/highmem.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/uprobes.h>
#include <asm/cacheflush.h>
#include <asm/insn.h>
#include <asm/traps.h>

#define UPROBE_XOL_UNTRAPPED	(~0UL)

/*
 * Fill a slot of the task's XOL page, through the kernel's mapping of
 * the page, and make it fetchable at its user address.
 */
void arch_uprobe_copy_ixol(struct page *page, unsigned long vaddr,
			   void *src, unsigned long len)
{
	void *kaddr = kmap_local_page(page);
	unsigned long dst = (unsigned long)kaddr + offset_in_page(vaddr);

	memcpy((void *)dst, src, len);
	sync_icache_kernel_alias(dst, dst + len);
	kunmap_local(kaddr);
}

unsigned long uprobe_get_swbp_addr(struct pt_regs *regs)
{
	return instruction_pointer(regs);
}

int arch_uprobe_analyze_insn(struct arch_uprobe *auprobe,
			     struct mm_struct *mm, unsigned long addr)
{
	if (!IS_ALIGNED(addr, AARCH64_INSN_SIZE))
		return -EINVAL;

	switch (aarch64_probe_decode(le32_to_cpu(auprobe->insn),
				     &auprobe->api)) {
	case INSN_GOOD:
		auprobe->simulate = false;
		return 0;
	case INSN_GOOD_NO_SLOT:
		auprobe->simulate = true;
		return 0;
	case INSN_REJECTED:
		break;
	}
	return -EINVAL;
}

bool arch_uprobe_skip_sstep(struct arch_uprobe *auprobe,
			    struct pt_regs *regs)
{
	if (!auprobe->simulate)
		return false;
	auprobe->api.simulate(le32_to_cpu(auprobe->insn),
			      instruction_pointer(regs), regs);
	return true;
}

/*
 * Step the copy.  This CPU's MDSCR_EL1.SS is set now, as no context
 * switch need come before the return to EL0; a ptrace single step in
 * progress is put back afterwards.
 */
int arch_uprobe_pre_xol(struct arch_uprobe *auprobe, struct pt_regs *regs)
{
	struct uprobe_task *utask = current->utask;

	utask->autask.was_stepping = test_thread_flag(TIF_SINGLESTEP);
	current->thread.fault_code = UPROBE_XOL_UNTRAPPED;
	instruction_pointer_set(regs, utask->xol_vaddr);
	user_step_current(true);
	return 0;
}

static void uprobe_xol_end(struct uprobe_task *utask, unsigned long pc,
			   struct pt_regs *regs)
{
	instruction_pointer_set(regs, pc);
	user_step_current(utask->autask.was_stepping);
}

int arch_uprobe_post_xol(struct arch_uprobe *auprobe, struct pt_regs *regs)
{
	struct uprobe_task *utask = current->utask;

	current->thread.fault_code = 0;
	uprobe_xol_end(utask, utask->vaddr + AARCH64_INSN_SIZE, regs);
	return 0;
}

bool arch_uprobe_xol_was_trapped(struct task_struct *t)
{
	return t->thread.fault_code != UPROBE_XOL_UNTRAPPED;
}

/* A fatal signal or a trap of the copy: back to the probed address. */
void arch_uprobe_abort_xol(struct arch_uprobe *auprobe, struct pt_regs *regs)
{
	struct uprobe_task *utask = current->utask;

	if (current->thread.fault_code == UPROBE_XOL_UNTRAPPED)
		current->thread.fault_code = 0;
	uprobe_xol_end(utask, utask->vaddr, regs);
}

/*
 * Is the frame of @ret still live?  The stack grows down, and a
 * function returns with SP where it was at its entry: at the return
 * trampoline a frame with SP below the current one is gone.  A tail
 * call (RP_CHECK_CHAIN_CALL) returns with the same SP as its caller.
 */
bool arch_uretprobe_is_alive(struct return_instance *ret, enum rp_check ctx,
			     struct pt_regs *regs)
{
	if (ctx == RP_CHECK_CHAIN_CALL)
		return regs->sp <= ret->stack;
	return regs->sp < ret->stack;
}

/* At function entry the return address is still in X30. */
unsigned long arch_uretprobe_hijack_return_addr(unsigned long trampoline,
						struct pt_regs *regs)
{
	unsigned long orig = regs->regs[30];

	regs->regs[30] = trampoline;
	return orig;
}

int arch_uprobe_exception_notify(struct notifier_block *self,
				 unsigned long val, void *data)
{
	return NOTIFY_DONE;
}

/* BRK at EL0. */
bool uprobe_brk_handler(struct pt_regs *regs, unsigned int imm)
{
	return imm == UPROBES_BRK_IMM && uprobe_pre_sstep_notifier(regs);
}

/* A software step exception from EL0: ours if a copy was being run. */
bool uprobe_step_handler(struct pt_regs *regs)
{
	return uprobe_post_sstep_notifier(regs);
}
