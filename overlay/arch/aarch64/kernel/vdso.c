// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vDSO: a small shared object, linked with the kernel from the
 * generic lib/vdso code and the sources in kernel/vdso/, that every
 * process gets mapped.  It serves clock_gettime(), gettimeofday(),
 * clock_getres() and getrandom() in user space from a data page the
 * kernel keeps up to date, and holds the signal return trampoline.
 *
 * Each exec maps, at an address taken from the randomised mmap area:
 *
 *	[vvar]	VDSO_DATA_PAGES read-only data pages, filled on fault
 *	[vdso]	the image's code pages, shared by all processes
 *
 * with the code right above the data, which it addresses PC-relative
 * (asm/vdso/vdso.h has the layout).  AT_SYSINFO_EHDR tells user space
 * where the image starts.
 *
 * Based on arch/arm64/kernel/vdso.c: the [vvar] and [vdso] special
 * mappings, the time namespace page switch and the vvar fault handler
 * follow it.
 */
#include <linux/binfmts.h>
#include <linux/elf.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time_namespace.h>
#include <vdso/datapage.h>
#include <vdso/vsyscall.h>
#include <asm/vdso.h>
/* vdso_offset_NAME: __kernel_NAME's offset in the image, from its link. */
#include <generated/vdso-offsets.h>

/*
 * What kernel/time/vsyscall.c and the random driver write and user
 * space reads: a whole page, as it is mapped into every process.
 */
union vdso_data_store aarch64_vdso_page __page_aligned_data;

static_assert(sizeof(struct vdso_data) * CS_BASES <= VDSO_RNG_DATA_OFFSET);
static_assert(VDSO_RNG_DATA_OFFSET % sizeof(u64) == 0);
static_assert(VDSO_RNG_DATA_OFFSET + sizeof(struct vdso_rng_data) <=
	      sizeof(aarch64_vdso_page));

static unsigned long vdso_text_len __ro_after_init;

static vm_fault_t vvar_fault(const struct vm_special_mapping *sm,
			     struct vm_area_struct *vma, struct vm_fault *vmf);

static int vdso_text_mremap(const struct vm_special_mapping *sm,
			    struct vm_area_struct *new_vma)
{
	/* Only moved whole: the sigreturn address is relative to it. */
	if (new_vma->vm_end - new_vma->vm_start != vdso_text_len)
		return -EINVAL;
	current->mm->context.vdso = (void *)new_vma->vm_start;
	return 0;
}

static struct vm_special_mapping vvar_mapping __ro_after_init = {
	.name	= "[vvar]",
	.fault	= vvar_fault,
};

static struct vm_special_mapping vdso_text_mapping __ro_after_init = {
	.name	= "[vdso]",
	.mremap	= vdso_text_mremap,
};

/*
 * Data pages are inserted on fault, not at exec, so that a task that
 * joins a time namespace gets its namespace's page next time it looks
 * (vdso_join_timens() zaps the old ones).
 */
static vm_fault_t vvar_fault(const struct vm_special_mapping *sm,
			     struct vm_area_struct *vma, struct vm_fault *vmf)
{
	struct page *ns_page = find_timens_vvar_page(vma);
	unsigned long pfn = sym_to_pfn(&aarch64_vdso_page);

	switch (vmf->pgoff) {
	case 0:
		/* A namespace's page, whose clock_mode redirects the vDSO. */
		if (ns_page)
			pfn = page_to_pfn(ns_page);
		break;
	case VDSO_TIMENS_PAGE:
		/* The real page, reached through the namespace's. */
		if (!ns_page)
			return VM_FAULT_SIGBUS;
		break;
	default:
		return VM_FAULT_SIGBUS;
	}
	return vmf_insert_pfn(vma, vmf->address, pfn);
}

#ifdef CONFIG_TIME_NS
/* The namespace's page is laid out like the real one. */
struct vdso_data *arch_get_vdso_data(void *vvar_page)
{
	return vvar_page;
}

/*
 * @task moved to @ns: drop its data pages, so that the next access
 * faults in those of the new namespace.
 */
int vdso_join_timens(struct task_struct *task, struct time_namespace *ns)
{
	struct mm_struct *mm = task->mm;
	struct vm_area_struct *vma;
	struct vma_iterator vmi;

	vma_iter_init(&vmi, mm, 0);
	mmap_read_lock(mm);
	for_each_vma(vmi, vma) {
		if (vma_is_special_mapping(vma, &vvar_mapping))
			zap_vma_pages(vma);
	}
	mmap_read_unlock(mm);
	return 0;
}
#endif /* CONFIG_TIME_NS */

int arch_setup_additional_pages(struct linux_binprm *bprm, int uses_interp)
{
	unsigned long data_len = VDSO_DATA_PAGES << PAGE_SHIFT;
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned long base;
	int ret = 0;

	if (!vdso_text_len)
		return -ENOEXEC;
	if (mmap_write_lock_killable(mm))
		return -EINTR;

	/* Below the stack, at the randomised mmap base (topdown). */
	base = get_unmapped_area(NULL, 0, data_len + vdso_text_len, 0, 0);
	if (IS_ERR_VALUE(base)) {
		ret = base;
		goto out;
	}

	vma = _install_special_mapping(mm, base, data_len,
				       VM_READ | VM_MAYREAD | VM_PFNMAP,
				       &vvar_mapping);
	if (IS_ERR(vma)) {
		ret = PTR_ERR(vma);
		goto out;
	}

	/* VM_MAYWRITE lets a debugger set breakpoints (copy on write). */
	vma = _install_special_mapping(mm, base + data_len, vdso_text_len,
				       VM_READ | VM_EXEC | VM_MAYREAD |
				       VM_MAYWRITE | VM_MAYEXEC,
				       &vdso_text_mapping);
	if (IS_ERR(vma)) {
		ret = PTR_ERR(vma);
		goto out;
	}
	mm->context.vdso = (void *)(base + data_len);
out:
	mmap_write_unlock(mm);
	return ret;
}

unsigned long vdso_sigreturn_addr(struct mm_struct *mm)
{
	if (!mm->context.vdso)
		return 0;
	return (unsigned long)mm->context.vdso + vdso_offset_rt_sigreturn;
}

static int __init vdso_init(void)
{
	unsigned long i, npages, pfn;
	struct page **pages;

	if (memcmp(aarch64_vdso_start, ELFMAG, SELFMAG)) {
		pr_err("vDSO: the image is not an ELF object\n");
		return -EINVAL;
	}

	npages = (aarch64_vdso_end - aarch64_vdso_start) >> PAGE_SHIFT;
	pages = kcalloc(npages, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;

	/* The image sits in the kernel's own .rodata. */
	pfn = sym_to_pfn(aarch64_vdso_start);
	for (i = 0; i < npages; i++)
		pages[i] = pfn_to_page(pfn + i);
	vdso_text_mapping.pages = pages;
	vdso_text_len = npages << PAGE_SHIFT;

	return 0;
}
arch_initcall(vdso_init);
