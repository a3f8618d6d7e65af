// SPDX-License-Identifier: GPL-2.0-only
/*
 * kprobes and kretprobes.
 *
 * A kprobe replaces an instruction by BRK #KPROBES_BRK_IMM.  When a CPU
 * hits it, the probe's pre-handler runs, then the instruction is
 * carried out in one of two ways (kernel/probes/decode.c chooses):
 *
 *  - simulated on the saved registers (simulate.c), in the BRK handler;
 *  - or run from a copy in a slot of executable memory, followed by
 *    BRK #KPROBES_SS_BRK_IMM.  The first BRK returns to the slot with
 *    all of DAIF masked in the saved PSTATE, so that nothing runs on
 *    this CPU between the two BRKs: the probe state is per-CPU and must
 *    not migrate.  The second BRK puts back the interrupted code's DAIF
 *    and resumes after the probed instruction.
 *
 * This is the design of arch/arm64/kernel/probes/kprobes.c: a BRK after
 * the copy instead of a hardware step, which at EL1 would need
 * MDSCR_EL1.KDE and the step exception's ordering rules.
 *
 * A kretprobe replaces the return address in X30 at function entry by
 * __kretprobe_trampoline, a BRK #KRETPROBES_BRK_IMM; its handler finds
 * the real return address again by the caller's frame pointer, which
 * the function has restored into X29 when it returns.
 */
#define pr_fmt(fmt) "kprobes: " fmt

#include <linux/execmem.h>
#include <linux/extable.h>
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched/debug.h>
#include <linux/set_memory.h>
#include <asm/brk-imm.h>
#include <asm/daif.h>
#include <asm/insn.h>
#include <asm/patching.h>
#include <asm/sections.h>

DEFINE_PER_CPU(struct kprobe *, current_kprobe);
DEFINE_PER_CPU(struct kprobe_ctlblk, kprobe_ctlblk);

/*
 * Slots for the copied instructions: executable memory within branch
 * range of the kernel, never writable (W^X); they are written through
 * the text patching alias like other kernel text.
 */
void *alloc_insn_page(void)
{
	void *page = execmem_alloc(EXECMEM_KPROBES, PAGE_SIZE);

	if (page && set_memory_rox((unsigned long)page, 1)) {
		execmem_free(page);
		return NULL;
	}
	return page;
}

/*
 * Fill the slot.  The CPU that will run it only does so after taking
 * the probe's BRK exception, a context synchronisation event, and the
 * BRK is written after the slot's cache maintenance has completed: no
 * CPU can fetch a stale slot (DDI 0487 L.a, "Concurrent modification
 * and execution of instructions").
 */
static int prepare_slot(struct kprobe *p)
{
	kprobe_opcode_t *slot = get_insn_slot();
	int ret;

	if (!slot)
		return -ENOMEM;
	ret = aarch64_patch_text_nosync(slot, p->opcode);
	if (!ret)
		ret = aarch64_patch_text_nosync(slot + 1,
				AARCH64_BRK_INSN(KPROBES_SS_BRK_IMM));
	if (ret) {
		free_insn_slot(slot, 0);
		return ret;
	}
	p->ainsn.api.insn = slot;
	return 0;
}

int __kprobes arch_prepare_kprobe(struct kprobe *p)
{
	unsigned long addr = (unsigned long)p->addr;

	if (!IS_ALIGNED(addr, AARCH64_INSN_SIZE))
		return -EINVAL;
	/*
	 * An instruction with an exception table entry (a user access) is
	 * fixed up by its own address, which a copy does not have.
	 */
	if (search_exception_tables(addr)) {
		pr_info("%pS: has an exception fixup, cannot be probed\n",
			p->addr);
		return -EINVAL;
	}

	p->opcode = le32_to_cpu(*(__le32 *)p->addr);
	p->ainsn.api.insn = NULL;
	switch (aarch64_kprobe_decode((__le32 *)p->addr, &p->ainsn.api)) {
	case INSN_GOOD:
		return prepare_slot(p);
	case INSN_GOOD_NO_SLOT:
		return 0;
	case INSN_REJECTED:
		break;
	}
	pr_info("%pS: instruction %08x cannot be probed\n", p->addr,
		p->opcode);
	return -EINVAL;
}

/*
 * A BRK may replace, or be replaced by, any instruction only while no
 * other CPU executes it (the architecture allows concurrent
 * modification between B, BL, BRK, NOP, ISB and the exception
 * generating instructions only): aarch64_patch_text() stops the others.
 */
void __kprobes arch_arm_kprobe(struct kprobe *p)
{
	void *addr = p->addr;
	u32 insn = AARCH64_BRK_INSN(KPROBES_BRK_IMM);

	aarch64_patch_text(&addr, &insn, 1);
}

void __kprobes arch_disarm_kprobe(struct kprobe *p)
{
	void *addr = p->addr;
	u32 insn = p->opcode;

	aarch64_patch_text(&addr, &insn, 1);
}

void __kprobes arch_remove_kprobe(struct kprobe *p)
{
	if (p->ainsn.api.insn) {
		free_insn_slot(p->ainsn.api.insn, 0);
		p->ainsn.api.insn = NULL;
	}
}

static void __kprobes save_previous_kprobe(struct kprobe_ctlblk *kcb)
{
	kcb->prev_kprobe.kp = kprobe_running();
	kcb->prev_kprobe.status = kcb->kprobe_status;
	kcb->prev_kprobe.saved_daif = kcb->saved_daif;
}

static void __kprobes restore_previous_kprobe(struct kprobe_ctlblk *kcb)
{
	__this_cpu_write(current_kprobe, kcb->prev_kprobe.kp);
	kcb->kprobe_status = kcb->prev_kprobe.status;
	kcb->saved_daif = kcb->prev_kprobe.saved_daif;
}

/* Mask all of DAIF for the copy; give the probed code its own back. */
static void __kprobes mask_daif_for_slot(struct kprobe_ctlblk *kcb,
					 struct pt_regs *regs)
{
	kcb->saved_daif = regs->pstate & PSR_DAIF_MASK;
	regs->pstate |= PSR_DAIF_MASK;
}

static void __kprobes restore_daif(struct kprobe_ctlblk *kcb,
				   struct pt_regs *regs)
{
	regs->pstate = (regs->pstate & ~PSR_DAIF_MASK) | kcb->saved_daif;
}

/* The probed instruction has been carried out: the post-handler. */
static void __kprobes kprobe_step_done(struct kprobe *p,
				       struct kprobe_ctlblk *kcb,
				       struct pt_regs *regs)
{
	if (kcb->kprobe_status == KPROBE_REENTER) {
		restore_previous_kprobe(kcb);
		return;
	}
	kcb->kprobe_status = KPROBE_HIT_SSDONE;
	if (p->post_handler)
		p->post_handler(p, regs, 0);
	reset_current_kprobe();
}

static void __kprobes kprobe_step(struct kprobe *p, struct kprobe_ctlblk *kcb,
				  struct pt_regs *regs)
{
	if (p->ainsn.api.insn) {
		mask_daif_for_slot(kcb, regs);
		instruction_pointer_set(regs, (unsigned long)p->ainsn.api.insn);
		return;
	}
	p->ainsn.api.simulate(p->opcode, (unsigned long)p->addr, regs);
	kprobe_step_done(p, kcb, regs);
}

/*
 * A probe hit while another one is being handled on this CPU (from its
 * handler, or code the handler calls): count it as missed and carry
 * out its instruction without its handlers.  A third level cannot be
 * recovered from.
 */
static void __kprobes kprobe_reenter(struct kprobe *p,
				     struct kprobe_ctlblk *kcb,
				     struct pt_regs *regs)
{
	switch (kcb->kprobe_status) {
	case KPROBE_HIT_ACTIVE:
	case KPROBE_HIT_SS:
	case KPROBE_HIT_SSDONE:
		kprobes_inc_nmissed_count(p);
		save_previous_kprobe(kcb);
		__this_cpu_write(current_kprobe, p);
		kcb->kprobe_status = KPROBE_REENTER;
		kprobe_step(p, kcb, regs);
		return;
	}
	pr_err("unrecoverable kprobe reentry at %pS\n", p->addr);
	dump_kprobe(p);
	BUG();
}

static bool __kprobes kprobe_hit(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = get_kprobe_ctlblk();
	struct kprobe *p = get_kprobe((void *)instruction_pointer(regs));

	if (!p)
		return false;
	if (kprobe_running()) {
		kprobe_reenter(p, kcb, regs);
		return true;
	}
	__this_cpu_write(current_kprobe, p);
	kcb->kprobe_status = KPROBE_HIT_ACTIVE;
	/* A pre-handler that returns non-zero has set regs->pc itself. */
	if (p->pre_handler && p->pre_handler(p, regs)) {
		reset_current_kprobe();
		return true;
	}
	kcb->kprobe_status = KPROBE_HIT_SS;
	kprobe_step(p, kcb, regs);
	return true;
}

/* The BRK after a copy: ours if it is the running probe's slot. */
static bool __kprobes kprobe_slot_done(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = get_kprobe_ctlblk();
	struct kprobe *p = kprobe_running();

	if (!p || !(kcb->kprobe_status & (KPROBE_HIT_SS | KPROBE_REENTER)) ||
	    !p->ainsn.api.insn ||
	    instruction_pointer(regs) != (unsigned long)(p->ainsn.api.insn + 1))
		return false;
	restore_daif(kcb, regs);
	instruction_pointer_set(regs, (unsigned long)(p->addr + 1));
	kprobe_step_done(p, kcb, regs);
	return true;
}

/*
 * A fault while the copy ran: put the probed code's state back and
 * report the fault at the probed instruction, as if it had run in
 * place.  Called by the fault handler before anything else looks at
 * regs->pc.
 */
int __kprobes kprobe_fault_handler(struct pt_regs *regs, unsigned int esr)
{
	struct kprobe_ctlblk *kcb = get_kprobe_ctlblk();
	struct kprobe *p = kprobe_running();

	if (!p || !(kcb->kprobe_status & (KPROBE_HIT_SS | KPROBE_REENTER)))
		return 0;
	instruction_pointer_set(regs, (unsigned long)p->addr);
	restore_daif(kcb, regs);
	if (kcb->kprobe_status == KPROBE_REENTER)
		restore_previous_kprobe(kcb);
	else
		reset_current_kprobe();
	return 0;
}

#ifdef CONFIG_KRETPROBES
void __kprobes arch_prepare_kretprobe(struct kretprobe_instance *ri,
				      struct pt_regs *regs)
{
	ri->ret_addr = (kprobe_opcode_t *)regs->regs[30];
	ri->fp = (void *)regs->regs[29];
	regs->regs[30] = (unsigned long)__kretprobe_trampoline;
}

static bool __kprobes kretprobe_return(struct pt_regs *regs)
{
	if (instruction_pointer(regs) != (unsigned long)__kretprobe_trampoline)
		return false;
	instruction_pointer_set(regs, kretprobe_trampoline_handler(regs,
					(void *)regs->regs[29]));
	return true;
}
#else
static bool kretprobe_return(struct pt_regs *regs)
{
	return false;
}
#endif

/* Called by do_el1_brk() for every BRK at EL1: true if it was ours. */
bool __kprobes kprobe_brk_handler(struct pt_regs *regs, unsigned int imm)
{
	switch (imm) {
	case KPROBES_BRK_IMM:
		return kprobe_hit(regs);
	case KPROBES_SS_BRK_IMM:
		return kprobe_slot_done(regs);
	case KRETPROBES_BRK_IMM:
		return kretprobe_return(regs);
	}
	return false;
}

int __kprobes arch_trampoline_kprobe(struct kprobe *p)
{
	return 0;
}

/*
 * Besides the noinstr, .kprobes.text and NOKPROBE_SYMBOL() code the
 * core refuses: the exception entry and exit code, which runs before
 * the BRK handler could.
 */
int __init arch_populate_kprobe_blacklist(void)
{
	int ret;

	ret = kprobe_add_area_blacklist((unsigned long)__entry_text_start,
					(unsigned long)__entry_text_end);
	if (ret)
		return ret;
	return kprobe_add_area_blacklist((unsigned long)__irqentry_text_start,
					 (unsigned long)__irqentry_text_end);
}

/*
 * A traceable function's entry is the function tracer's call site (its
 * NOP or B, kernel/ftrace.c), which a kprobe cannot share: without
 * KPROBES_ON_FTRACE the core refuses a probe there.  A probe asked for
 * at the entry goes on the first instruction of the body instead, and
 * still counts as on the entry (for kretprobes and fprobe-style users),
 * as x86 does for its ENDBR.
 */
kprobe_opcode_t *arch_adjust_kprobe_addr(unsigned long addr,
					 unsigned long offset,
					 bool *on_func_entry)
{
	bool site = IS_ENABLED(CONFIG_DYNAMIC_FTRACE) &&
		    ftrace_location(addr) == addr;

	if (site && !offset)
		offset = AARCH64_INSN_SIZE;
	*on_func_entry = !offset || (site && offset == AARCH64_INSN_SIZE);
	return (kprobe_opcode_t *)(addr + offset);
}

int __init arch_init_kprobes(void)
{
	return 0;
}
