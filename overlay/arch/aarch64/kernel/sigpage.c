// SPDX-License-Identifier: GPL-2.0-only
/*
 * The signal return trampoline, mapped into every process.
 *
 * arm64 user space returns from a signal handler through the address
 * in x30 that the kernel chose, which is the vDSO's sigreturn
 * trampoline unless the handler was installed with SA_RESTORER (glibc
 * installs none).  Until the port has a vDSO, this one read-only,
 * executable page carries the same two instructions:
 *
 *	mov	x8, #__NR_rt_sigreturn
 *	svc	#0
 *
 * Unwinders (libgcc, gdb) recognise a signal frame by exactly this
 * sequence at the return address.
 */
#include <linux/binfmts.h>
#include <linux/elf.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <asm/cacheflush.h>
#include <asm/unistd.h>

/* MOVZ Xd, #imm16 (d = 8) and SVC #0 encodings. */
#define INSN_MOVZ_X8(imm)	(0xd2800000U | ((imm) << 5) | 8)
#define INSN_SVC_0		0xd4000001U

static struct page *sigpage;

static const struct vm_special_mapping sigpage_mapping = {
	.name	= "[sigpage]",
	.pages	= &sigpage,
};

static int __init sigpage_init(void)
{
	u32 *insns;

	sigpage = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!sigpage)
		return -ENOMEM;

	insns = page_address(sigpage);
	insns[0] = cpu_to_le32(INSN_MOVZ_X8(__NR_rt_sigreturn));
	insns[1] = cpu_to_le32(INSN_SVC_0);
	flush_icache_range((unsigned long)insns, (unsigned long)(insns + 2));
	return 0;
}
arch_initcall(sigpage_init);

int arch_setup_additional_pages(struct linux_binprm *bprm, int uses_interp)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long addr;
	int ret = 0;

	if (mmap_write_lock_killable(mm))
		return -EINTR;

	addr = get_unmapped_area(NULL, 0, PAGE_SIZE, 0, 0);
	if (IS_ERR_VALUE(addr)) {
		ret = addr;
		goto out;
	}

	vma = _install_special_mapping(mm, addr, PAGE_SIZE,
				       VM_READ | VM_EXEC | VM_MAYREAD |
				       VM_MAYEXEC, &sigpage_mapping);
	if (IS_ERR(vma)) {
		ret = PTR_ERR(vma);
		goto out;
	}
	mm->context.vdso = (void *)addr;
out:
	mmap_write_unlock(mm);
	return ret;
}
