// SPDX-License-Identifier: GPL-2.0-only
/*
 * The UEFI runtime services at run time: their address space (efi_mm,
 * which drivers/firmware/efi/arm-runtime.c fills through the two
 * mapping functions below), the state saved around each call, and
 * recovery from a fault in the firmware.  Based on
 * arch/arm64/kernel/efi.c, whose design this follows: a private mm in
 * the user half, a runtime stack, the x18 check.
 */
#include <linux/efi.h>
#include <linux/init.h>
#include <linux/kmemleak.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/pgtable.h>
#include <linux/sched/task_stack.h>
#include <asm/efi.h>
#include <asm/fpsimd.h>
#include <asm/stacktrace.h>

/*
 * With 16KB or 64KB pages, a region of the UEFI memory map (4KB units)
 * may share a page with its neighbour, whose permissions it must then
 * share too: such pages are mapped read-write-execute.
 */
static bool region_is_misaligned(const efi_memory_desc_t *md)
{
	return !PAGE_ALIGNED(md->phys_addr) ||
	       !PAGE_ALIGNED(md->num_pages << EFI_PAGE_SHIFT);
}

/*
 * Memory attributes for a runtime region: Device for MMIO (such as the
 * flash that holds the variables), else Normal write-back, executable
 * only for runtime code, with the RO and XP attributes the memory map
 * may give.  nG: the TLB entries belong to efi_mm's ASID alone.
 */
static pgprot_t __init region_prot(const efi_memory_desc_t *md)
{
	u64 prot;

	if (md->type == EFI_MEMORY_MAPPED_IO)
		return __pgprot(PROT_DEVICE_nGnRE | PTE_NG);

	if (region_is_misaligned(md))
		prot = _PAGE_KERNEL_EXEC;
	else if (md->type == EFI_RUNTIME_SERVICES_CODE &&
		 !(md->attribute & EFI_MEMORY_XP))
		prot = (md->attribute & EFI_MEMORY_RO) ? _PAGE_KERNEL_ROX :
							 _PAGE_KERNEL_EXEC;
	else
		prot = (md->attribute & EFI_MEMORY_RO) ? _PAGE_KERNEL_RO :
							 _PAGE_KERNEL;
	return __pgprot(prot | PTE_NG);
}

struct efi_map {
	unsigned long virt;
	phys_addr_t phys;
	pgprot_t prot;
};

static int __init map_pte(pte_t *ptep, unsigned long addr, void *data)
{
	const struct efi_map *map = data;
	phys_addr_t phys = map->phys + (addr - map->virt);

	set_pte(ptep, pfn_pte(__phys_to_pfn(phys), map->prot));
	return 0;
}

/*
 * Map one runtime region at the virtual address the stub gave it.
 * Pages only: the regions are small, but for the flash, and
 * efi_set_mapping_permissions() may change any page afterwards.
 * apply_to_page_range() makes the tables on the way.  efi_mm has never
 * been live, so no TLB entry can be stale.
 */
int __init efi_create_mapping(struct mm_struct *mm, efi_memory_desc_t *md)
{
	struct efi_map map = {
		.virt	= round_down(md->virt_addr, PAGE_SIZE),
		.phys	= round_down(md->phys_addr, PAGE_SIZE),
		.prot	= region_prot(md),
	};
	unsigned long end = PAGE_ALIGN(md->virt_addr +
				       (md->num_pages << EFI_PAGE_SHIFT));

	if (offset_in_page(md->virt_addr) != offset_in_page(md->phys_addr))
		return -EINVAL;
	return apply_to_page_range(mm, map.virt, end - map.virt, map_pte, &map);
}

static int __init restrict_pte(pte_t *ptep, unsigned long addr, void *data)
{
	const efi_memory_desc_t *md = data;
	pte_t pte = ptep_get(ptep);

	if (md->attribute & EFI_MEMORY_RO)
		pte = __pte((pte_val(pte) & ~PTE_WRITE) | PTE_RDONLY);
	if (md->attribute & EFI_MEMORY_XP)
		pte = __pte(pte_val(pte) | PTE_PXN);
	set_pte(ptep, pte);
	return 0;
}

/*
 * The permissions of the EFI Memory Attributes table, for the runtime
 * regions efi_create_mapping() mapped.  No BTI on this port: @has_bti
 * is not used.
 */
int __init efi_set_mapping_permissions(struct mm_struct *mm,
				       efi_memory_desc_t *md, bool has_bti)
{
	if (md->type != EFI_RUNTIME_SERVICES_CODE &&
	    md->type != EFI_RUNTIME_SERVICES_DATA)
		return -EINVAL;
	if (region_is_misaligned(md))
		return 0;
	return apply_to_page_range(mm, md->virt_addr,
				   md->num_pages << EFI_PAGE_SHIFT,
				   restrict_pte, md);
}

/* Power off through ResetSystem(), as UpdateCapsule() requires. */
bool efi_poweroff_required(void)
{
	return efi_enabled(EFI_RUNTIME_SERVICES);
}

/*
 * The firmware may use the FP/SIMD registers (UEFI 2.10, "AArch64
 * Platforms"), which hold the current task's values: the kernel itself
 * never uses them and switches them eagerly (kernel/process.c).  Kept
 * here for the call, preemption being off (efi_virtmap_load()).
 */
static DEFINE_PER_CPU(struct user_fpsimd_state, efi_fpsimd_saved);

static void efi_fpsimd_begin(void)
{
	fpsimd_save_state(this_cpu_ptr(&efi_fpsimd_saved));
}

static void efi_fpsimd_end(void)
{
	fpsimd_load_state(this_cpu_ptr(&efi_fpsimd_saved));
}

/*
 * The runtime stack is one: calls that bypass the generic code's
 * semaphore (efi_reboot(), the non-blocking variable writes of pstore)
 * take this lock too.
 */
static DEFINE_RAW_SPINLOCK(efi_rt_lock);

void arch_efi_call_virt_setup(void)
{
	efi_virtmap_load();
	efi_fpsimd_begin();
	raw_spin_lock(&efi_rt_lock);
}

void arch_efi_call_virt_teardown(void)
{
	raw_spin_unlock(&efi_rt_lock);
	efi_fpsimd_end();
	efi_virtmap_unload();
}

/*
 * The top of the runtime stack.  While a call runs, the word below it
 * holds the caller's stack pointer (efi-rt-wrapper.S), and the one
 * below that its x18, the shadow call stack pointer.
 */
u64 *efi_rt_stack_top __ro_after_init;

asmlinkage efi_status_t efi_handle_corrupted_x18(efi_status_t status,
						 const char *name)
{
	pr_err_ratelimited(FW_BUG "EFI %s changed register x18, which AAPCS64 reserves to the platform\n",
			   name);
	return status;
}

/* Is the current CPU inside a runtime service call? */
static bool current_in_efi(void)
{
	unsigned long sp, base;

	if (preemptible() || !efi_rt_stack_top)
		return false;
	sp = READ_ONCE(efi_rt_stack_top[-1]);
	base = (unsigned long)task_stack_page(current);
	return sp >= base && sp < base + THREAD_SIZE;
}

asmlinkage efi_status_t __efi_rt_asm_recover(void);

/*
 * An exception the firmware took in a runtime service (@regs->pc in the
 * user half, where efi_mm maps it): the call returns EFI_ABORTED to its
 * caller, through __efi_rt_asm_recover, and no runtime service is
 * called again.  Anything else is not ours.
 */
bool efi_runtime_fixup_exception(struct pt_regs *regs, const char *msg)
{
	if (user_mode(regs) || regs->pc >= TASK_SIZE || !current_in_efi())
		return false;

	pr_err(FW_BUG "%s in EFI runtime service at 0x%016llx: runtime services disabled\n",
	       msg, regs->pc);
	add_taint(TAINT_FIRMWARE_WORKAROUND, LOCKDEP_STILL_OK);
	clear_bit(EFI_RUNTIME_SERVICES, &efi.flags);

	regs->regs[0] = EFI_ABORTED;
	regs->regs[30] = efi_rt_stack_top[-1];
	if (IS_ENABLED(CONFIG_SHADOW_CALL_STACK))
		regs->regs[18] = efi_rt_stack_top[-2];
	regs->pc = (u64)__efi_rt_asm_recover;
	return true;
}

/* The UEFI specification asks for 8KB of stack for a runtime service. */
static_assert(THREAD_SIZE >= SZ_8K);

static int __init efi_rt_stack_init(void)
{
	void *stack;

	if (!efi_enabled(EFI_RUNTIME_SERVICES))
		return 0;

	stack = alloc_kernel_stack(THREAD_SIZE, NUMA_NO_NODE);
	if (!stack) {
		pr_warn("no memory for the EFI runtime stack: runtime services disabled\n");
		clear_bit(EFI_RUNTIME_SERVICES, &efi.flags);
		return -ENOMEM;
	}
	kmemleak_not_leak(stack);
	efi_rt_stack_top = stack + THREAD_SIZE;
	return 0;
}
core_initcall(efi_rt_stack_init);
