/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * UEFI on the port: what the generic EFI code (drivers/firmware/efi)
 * and its stub (libstub) ask of the architecture.
 *
 * Boot: the stub runs as a UEFI application, with the firmware's
 * identity map, and leaves through efi_enter_kernel()
 * (libstub/aarch64-stub.c), which enters head.S by the normal boot
 * protocol.  Before ExitBootServices() it picks a virtual address for
 * every runtime-services region, in the user half from 512MB up, and
 * hands that map to SetVirtualAddressMap().
 *
 * Run time: those regions are mapped at those addresses in efi_mm, a
 * private address space of their own (kernel/efi.c), switched into
 * TTBR0_EL1 around each call, with its own ASID so that none of its
 * TLB entries can serve a user task.  Calls are made with preemption
 * off, on a stack of their own, with the caller's FP/SIMD registers
 * saved, and a fault in the firmware ends the call, not the kernel.
 */
#ifndef __ASM_AARCH64_EFI_H
#define __ASM_AARCH64_EFI_H

#include <linux/efi.h>
#include <linux/sizes.h>
#include <asm/cacheflush.h>
#include <asm/memory.h>
#include <asm/mmu_context.h>
#include <asm/ptrace.h>

#ifdef CONFIG_EFI
void efi_init(void);
bool efi_runtime_fixup_exception(struct pt_regs *regs, const char *msg);
#else
static inline void efi_init(void)
{
}

static inline bool efi_runtime_fixup_exception(struct pt_regs *regs,
					       const char *msg)
{
	return false;
}
#endif

int efi_create_mapping(struct mm_struct *mm, efi_memory_desc_t *md);
int efi_set_mapping_permissions(struct mm_struct *mm, efi_memory_desc_t *md,
				bool has_bti);

void arch_efi_call_virt_setup(void);
void arch_efi_call_virt_teardown(void);

/*
 * Every runtime service takes at most five arguments, all in registers
 * (AAPCS64); kernel/efi-rt-wrapper.S moves them down past @fn and
 * @name and calls @fn on the runtime stack.
 */
efi_status_t __efi_rt_asm_wrapper(void *fn, const char *name, ...);
/* The wrapper's report of a firmware that changed x18. */
asmlinkage efi_status_t efi_handle_corrupted_x18(efi_status_t status,
						 const char *name);

#undef arch_efi_call_virt
#define arch_efi_call_virt(p, f, args...)				\
	__efi_rt_asm_wrapper((p)->f, #f, args)

/*
 * UEFI may change the DAIF masks only as the caller had them (UEFI
 * 2.10, "Calling Conventions", AArch64 platforms); the generic code
 * checks these bits after each call.
 */
#define ARCH_EFI_IRQ_FLAGS_MASK	(PSR_D_BIT | PSR_A_BIT | PSR_I_BIT | PSR_F_BIT)

/* Switch TTBR0_EL1 to @mm, with software PAN's saved value kept right. */
static inline void efi_set_pgd(struct mm_struct *mm)
{
	__switch_mm(mm);

	if (!ttbr0_pan_on())
		return;
	if (mm != current->active_mm) {
		/*
		 * Into efi_mm: software PAN leaves TTBR0_EL1 at the
		 * reserved table (set_ttbr0()), so the window opens on
		 * efi_mm, and an exception taken in the firmware comes
		 * back to it from the saved value (entry.S).
		 */
		update_saved_ttbr0(current, mm);
		uaccess_ttbr0_enable();
	} else {
		/*
		 * Back: the window closes, and opens again on the task's
		 * own table, the reserved one for a kernel thread (whose
		 * active_mm is only borrowed).
		 */
		uaccess_ttbr0_disable();
		update_saved_ttbr0(current, current->mm ?: &init_mm);
	}
}

void efi_virtmap_load(void);
void efi_virtmap_unload(void);

static inline void efi_capsule_flush_cache_range(void *addr, int size)
{
	dcache_clean_inval_poc((unsigned long)addr, (unsigned long)addr + size);
}

/* For the stub (libstub), built into the image. */

/*
 * The boot protocol's placement: 2MB-aligned (head.S maps the image
 * with level 2 blocks).  The stub moves an image the firmware loaded
 * elsewhere.
 */
static inline unsigned long efi_get_kimg_min_align(void)
{
	return SZ_2M;
}

/* kaslr.c, after copying the image (libstub/aarch64-stub.c). */
void efi_icache_sync(unsigned long start, unsigned long end);

/* The firmware's own allocations must not share the kernel's pages. */
#define EFI_ALLOC_ALIGN		PAGE_SIZE

/*
 * The initrd must be in the linear map, which covers LINEAR_MAP_SIZE
 * bytes from the start of RAM rounded down (mm/init.c): counted from
 * below the image, this bound holds unless RAM starts far below it.
 * An initrd out of reach is refused at boot with a message.
 */
static inline unsigned long efi_get_max_initrd_addr(unsigned long image_addr)
{
	return round_down(image_addr, SZ_1G) + LINEAR_MAP_SIZE / 2;
}

#endif /* __ASM_AARCH64_EFI_H */
