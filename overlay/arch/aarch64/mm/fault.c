// SPDX-License-Identifier: GPL-2.0-only
/*
 * Data and instruction aborts (ESR_ELx.EC 0x20/0x21/0x24/0x25): page
 * faults for the generic memory manager, signals for user space, and
 * the oops for a kernel access that nothing can fix.
 */
#include <linux/extable.h>
#include <linux/kernel.h>
#include <linux/kfence.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/perf_event.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <asm/efi.h>
#include <asm/exception.h>
#include <asm/pan.h>
#include <asm/sysreg.h>
#include <asm/traps.h>

/*
 * Make a present entry young, dirty or writable, as a fault resolves it,
 * with the page table lock held.  The hardware may still update the
 * entry meanwhile where it manages the Access flag or dirty state
 * (asm/pgtable.h), so the bits this sets are merged into the entry by
 * compare-and-swap.  Only granting write access invalidates the TLBs,
 * once and broadcast: the read-only entry may be cached, since a
 * translation that generates a Permission fault can be, and a CPU that
 * hits it would fault on it again.  Setting the Access flag alone
 * invalidates nothing.  A TLB cannot hold the entry with the flag clear
 * ("Any translation table entry that does not generate a Translation
 * fault, an Address size fault, or an Access flag fault [...] can be
 * allocated to an enabled TLB at any time": DDI 0487 L.a, "Translation
 * Lookaside Buffers"), and one it may still hold from before the flag
 * was cleared without an invalidation (page aging) has the same
 * permissions.  The generic version invalidates on every change, Access
 * flag faults included.  arm64 makes the same choice
 * (arch/arm64/mm/fault.c).
 *
 * The callers change nothing else: @entry is the entry they read, made
 * young, dirty or writable.
 *
 * QEMU cannot show a missing invalidation here: its TLB re-walks the
 * tables on a write to a page it holds read-only.
 */
int ptep_set_access_flags(struct vm_area_struct *vma, unsigned long addr,
			  pte_t *ptep, pte_t entry, int dirty)
{
	pteval_t old = pte_val(ptep_get(ptep));
	pteval_t new;

	do {
		new = old | (pte_val(entry) & (PTE_AF | PTE_WRITE | PTE_DIRTY));
		if (!(pte_val(entry) & PTE_RDONLY))
			new &= ~PTE_RDONLY;
		if (new == old)
			return 0;
	} while (!try_cmpxchg_relaxed(&pte_val(*ptep), &old, new));

	if (pte_valid(__pte(old)) && (old & ~new & PTE_RDONLY))
		flush_tlb_page(vma, addr);
	else
		__pgtable_publish();
	return 1;
}

#if defined(CONFIG_TRANSPARENT_HUGEPAGE) && defined(CONFIG_AARCH64_HW_AFDBM)
/* A block entry's bits sit where a page entry's do. */
int pmdp_set_access_flags(struct vm_area_struct *vma, unsigned long addr,
			  pmd_t *pmdp, pmd_t entry, int dirty)
{
	return ptep_set_access_flags(vma, addr, (pte_t *)pmdp,
				     pmd_pte(entry), dirty);
}
#endif

static bool is_el0_instruction_abort(unsigned long esr)
{
	return ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_LOW;
}

/* Cache maintenance by VA reports WnR = 1 but only reads (CM set). */
static bool is_write_abort(unsigned long esr)
{
	return (esr & ESR_ELx_WNR) && !(esr & ESR_ELx_CM);
}

static const char *fault_kind(unsigned long esr)
{
	switch (esr & ESR_ELx_FSC_TYPE) {
	case ESR_ELx_FSC_TRANS:
		return "translation fault";
	case ESR_ELx_FSC_ACCESS:
		return "access flag fault";
	case ESR_ELx_FSC_PERM:
		return "permission fault";
	default:
		return "abort";
	}
}

static const char *access_kind(unsigned long esr)
{
	if (ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_CUR ||
	    ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_LOW)
		return "instruction fetch";
	return is_write_abort(esr) ? "write" : "read";
}

/*
 * A kernel fault nothing resolved: the kernel oopses and the task dies.
 * Returns only for a fault in UEFI firmware, whose runtime service call
 * then ends with EFI_ABORTED instead (kernel/efi.c): every kernel fault
 * the port cannot resolve comes here, so the firmware's come here too.
 */
static void die_kernel_fault(const char *msg, unsigned long addr,
			     unsigned long esr, struct pt_regs *regs)
{
	if (efi_runtime_fixup_exception(regs, msg))
		return;

	bust_spinlocks(1);
	pr_alert("Unable to handle kernel %s at virtual address %016lx\n",
		 msg, addr);
	pr_alert("  ESR = 0x%016lx (%s, %s, %s)\n", esr, esr_class_name(esr),
		 fault_kind(esr), access_kind(esr));
	die("Oops", regs, esr);
	bust_spinlocks(0);
	make_task_dead(SIGKILL);
}

static void kernel_fault(unsigned long addr, unsigned long esr,
			 struct pt_regs *regs)
{
	const char *msg;

	if (fixup_exception(regs))
		return;

	/* A guard page of KFENCE's pool: reported there, then carry on. */
	if (kfence_handle_page_fault(addr, is_write_abort(esr), regs))
		return;

	if (addr < PAGE_SIZE)
		msg = "NULL pointer dereference";
	else if (ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_CUR && addr < TASK_SIZE)
		msg = "execution of user memory";
	else if ((esr & ESR_ELx_FSC_TYPE) != ESR_ELx_FSC_PERM)
		msg = "paging request";
	else if (ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_CUR)
		msg = "execution of non-executable memory";
	else if (is_write_abort(esr))
		msg = "write to read-only memory";
	else
		msg = "read from unreadable memory";
	die_kernel_fault(msg, addr, esr, regs);
}

/*
 * The syndrome user space sees in its esr_context.  For an address
 * that TTBR1_EL1 translates (VA bit 55 set: the kernel's half) the
 * fault status would tell which kernel addresses are mapped and at
 * which table level; as arm64 does, only the class, IL, CM and WnR
 * are kept and the status becomes a level 0 translation fault.
 */
static unsigned long user_visible_esr(unsigned long addr, unsigned long esr)
{
	if (!(addr & BIT(55)))
		return esr;
	if (ESR_ELx_EC(esr) == ESR_ELx_EC_DABT_LOW)
		esr &= ESR_ELx_EC_MASK | ESR_ELx_IL | ESR_ELx_CM | ESR_ELx_WNR;
	else
		esr &= ESR_ELx_EC_MASK | ESR_ELx_IL;
	return esr | ESR_ELx_FSC_TRANS;
}

static void user_fault(int sig, int code, unsigned long addr,
		       unsigned long esr, struct pt_regs *regs)
{
	if (show_unhandled_signals && unhandled_signal(current, sig))
		pr_info_ratelimited("%s[%d]: unhandled %s (%d) at 0x%016lx, pc %016llx, ESR %016lx (%s)\n",
				    current->comm, task_pid_nr(current),
				    fault_kind(esr), sig, addr, regs->pc, esr,
				    esr_class_name(esr));
	force_signal_inject(sig, code, addr, user_visible_esr(addr, esr));
}

static void do_page_fault(unsigned long far, unsigned long esr,
			  struct pt_regs *regs)
{
	struct mm_struct *mm = current->mm;
	unsigned int mm_flags = FAULT_FLAG_DEFAULT;
	unsigned long vm_flags;
	unsigned long addr = far;
	struct vm_area_struct *vma;
	vm_fault_t fault;
	int si_code = SEGV_MAPERR;

	/* TCR_EL1.TBI0: user pointers may carry a tag in bits 63:56. */
	if (user_mode(regs) || (far >> 55) == 0)
		addr = untagged_addr_bits(far);

	if (user_mode(regs))
		mm_flags |= FAULT_FLAG_USER;

	if (is_el0_instruction_abort(esr)) {
		vm_flags = VM_EXEC;
		mm_flags |= FAULT_FLAG_INSTRUCTION;
	} else if (is_write_abort(esr)) {
		vm_flags = VM_WRITE;
		mm_flags |= FAULT_FLAG_WRITE;
	} else {
		vm_flags = VM_READ;
	}

	/*
	 * The kernel executing user memory, or touching a kernel address
	 * that is not mapped, is never a page fault to resolve.
	 */
	if (!user_mode(regs) &&
	    (ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_CUR || addr >= TASK_SIZE)) {
		kernel_fault(addr, esr, regs);
		return;
	}

	/*
	 * Under software PAN (asm/pan.h) an access made with the uaccess
	 * window closed went through the reserved, empty table: mapping
	 * the page cannot resolve it, the access would fault again.  An
	 * accessor of a task without an mm (a kernel thread, whose window
	 * has the reserved table too) meets this legitimately and gets
	 * its -EFAULT; an accessor of a task with an mm that did not open
	 * its window is a kernel bug.
	 */
	if (!user_mode(regs) && ttbr0_pan_on() && !regs->ttbr0_asid &&
	    search_exception_tables(regs->pc)) {
		WARN_ONCE(mm, "uaccess at %pS with its TTBR0_EL1 window closed\n",
			  (void *)regs->pc);
		kernel_fault(addr, esr, regs);
		return;
	}

	/*
	 * The kernel reaches user memory only through the accessors, whose
	 * every access that may fault has an exception table entry.  A
	 * fault on a user address anywhere else is a kernel bug: refused,
	 * not resolved by mapping the page.  With PAN (asm/pan.h) an
	 * access to a mapped user page faults too, with a permission
	 * fault (a translation fault under software PAN), and ends here.
	 */
	if (!user_mode(regs) && !search_exception_tables(regs->pc)) {
		die_kernel_fault("access to user memory outside uaccess routines",
				 addr, esr, regs);
		return;
	}

	if (faulthandler_disabled() || !mm) {
		if (!user_mode(regs)) {
			kernel_fault(addr, esr, regs);
			return;
		}
		user_fault(SIGSEGV, SEGV_MAPERR, addr, esr, regs);
		return;
	}

	perf_sw_event(PERF_COUNT_SW_PAGE_FAULTS, 1, regs, addr);

retry:
	vma = lock_mm_and_find_vma(mm, addr, regs);
	if (unlikely(!vma))
		goto bad_area_nosemaphore;

	if (!(vma->vm_flags & vm_flags)) {
		mmap_read_unlock(mm);
		si_code = SEGV_ACCERR;
		goto bad_area_nosemaphore;
	}

	fault = handle_mm_fault(vma, addr, mm_flags, regs);

	if (fault_signal_pending(fault, regs)) {
		if (!user_mode(regs))
			kernel_fault(addr, esr, regs);
		return;
	}
	if (fault & VM_FAULT_COMPLETED)
		return;
	if (unlikely(fault & VM_FAULT_RETRY)) {
		mm_flags |= FAULT_FLAG_TRIED;
		goto retry;
	}
	mmap_read_unlock(mm);

	if (likely(!(fault & VM_FAULT_ERROR)))
		return;

	if (!user_mode(regs)) {
		kernel_fault(addr, esr, regs);
		return;
	}
	if (fault & VM_FAULT_OOM) {
		pagefault_out_of_memory();
		return;
	}
	if (fault & (VM_FAULT_SIGBUS | VM_FAULT_HWPOISON |
		     VM_FAULT_HWPOISON_LARGE)) {
		user_fault(SIGBUS, BUS_ADRERR, addr, esr, regs);
		return;
	}
	user_fault(SIGSEGV, SEGV_MAPERR, addr, esr, regs);
	return;

bad_area_nosemaphore:
	if (!user_mode(regs)) {
		kernel_fault(addr, esr, regs);
		return;
	}
	user_fault(SIGSEGV, si_code, addr, esr, regs);
}

void do_mem_abort(unsigned long far, unsigned long esr, struct pt_regs *regs)
{
	/*
	 * A kprobed instruction run from its slot faulted: the probe's
	 * state is dropped and the fault is handled, or reported, at the
	 * probed instruction's own address.
	 */
	if (kprobe_page_fault(regs, esr))
		return;

	switch (esr & ESR_ELx_FSC_TYPE) {
	case ESR_ELx_FSC_TRANS:
	case ESR_ELx_FSC_ACCESS:
	case ESR_ELx_FSC_PERM:
		do_page_fault(far, esr, regs);
		return;
	}

	/* Alignment, external aborts, TLB conflicts...: no recovery. */
	if (!user_mode(regs)) {
		if (!fixup_exception(regs))
			die_kernel_fault("abort", far, esr, regs);
		return;
	}
	/*
	 * An unaligned exclusive or atomic access, or any unaligned access
	 * to Device memory, is an alignment fault: SIGBUS, BUS_ADRALN.
	 */
	if ((esr & ESR_ELx_FSC_MASK) == ESR_ELx_FSC_ALIGN)
		user_fault(SIGBUS, BUS_ADRALN, far, esr, regs);
	else
		user_fault(SIGBUS, BUS_OBJERR, far, esr, regs);
}

/* A kprobe on the fault path would recurse on the fault of its slot. */
NOKPROBE_SYMBOL(do_mem_abort);
