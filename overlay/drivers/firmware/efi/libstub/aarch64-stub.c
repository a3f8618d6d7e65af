// SPDX-License-Identifier: GPL-2.0-only
/*
 * The EFI stub's part that knows the aarch64 port (the rest is the
 * generic stub, efi-stub.c and fdt.c): where the image must be, and how
 * to leave for head.S.  Based on arm64.c and arm64-stub.c in this
 * directory, but for the entry: head.S wants the boot protocol of
 * Documentation/arch/arm64/booting.rst, MMU and D-cache off, which is
 * not how UEFI runs an application.
 */
#include <linux/efi.h>
#include <asm/efi.h>
#include <asm/sections.h>
#include <asm/sysreg.h>

#include "efistub.h"

extern char __initdata_begin[];

/*
 * UEFI runs AArch64 with 4KB pages, so the CPU implements them (UEFI
 * 2.10, "AArch64 Platforms"); another page size must be checked before
 * head.S, which could say so only on the debug UART.  ID_AA64MMFR0_EL1:
 * TGran64 (27:24) is 0xf when 64KB is not implemented, TGran16 (23:20)
 * is 0 when 16KB is not.
 */
efi_status_t check_platform_features(void)
{
	u64 mmfr0 = read_sysreg(id_aa64mmfr0_el1);
	bool ok = true;

	if (IS_ENABLED(CONFIG_AARCH64_64K_PAGES))
		ok = ((mmfr0 >> 24) & 0xf) != 0xf;
	else if (IS_ENABLED(CONFIG_AARCH64_16K_PAGES))
		ok = ((mmfr0 >> 20) & 0xf) != 0;
	if (!ok) {
		efi_err("This CPU does not implement the kernel's page size (%lu KB)\n",
			PAGE_SIZE / SZ_1K);
		return EFI_UNSUPPORTED;
	}
	return EFI_SUCCESS;
}

/*
 * The image runs where the firmware loaded it if that is 2MB-aligned
 * (efi_get_kimg_min_align()) and its BSS fits; else, or for KASLR with
 * a seed from EFI_RNG_PROTOCOL, it is copied (kaslr.c).
 */
efi_status_t handle_kernel_image(unsigned long *image_addr,
				 unsigned long *image_size,
				 unsigned long *reserve_addr,
				 unsigned long *reserve_size,
				 efi_loaded_image_t *image,
				 efi_handle_t image_handle)
{
	unsigned long file_size = _edata - _text;
	unsigned long mem_size = _end - _text;
	unsigned long code_size = __initdata_begin - _text;

	*image_addr = (unsigned long)_text;
	*reserve_size = mem_size;
	return efi_kaslr_relocate_kernel(image_addr, reserve_addr, reserve_size,
					 file_size, code_size, mem_size,
					 efi_kaslr_get_phys_seed(image_handle));
}

/*
 * After kaslr.c copied the image: nothing to do yet, it runs only after
 * efi_enter_kernel() made all of it coherent.
 */
void efi_icache_sync(unsigned long start, unsigned long end)
{
}

asmlinkage void primary_entry(void);
void dcache_clean_inval_poc(unsigned long start, unsigned long end);
void __noreturn efi_exit_mmu_off(unsigned long entry, unsigned long fdt);

/*
 * head.S runs with the MMU and D-cache off and reads memory, the image
 * first, from the Point of Coherency: clean the whole image to there
 * (its BSS too, so that no dirty line the firmware left in it can be
 * written back over what head.S writes with the caches off), then turn
 * both off and enter it (aarch64-entry.S).  QEMU, with no caches, cannot
 * show a mistake here.
 */
void __noreturn efi_enter_kernel(unsigned long entrypoint,
				 unsigned long fdt_addr,
				 unsigned long fdt_size)
{
	unsigned long entry = entrypoint + ((char *)primary_entry - _text);

	dcache_clean_inval_poc(entrypoint, entrypoint + (_end - _text));
	efi_exit_mmu_off(entry, fdt_addr);
}
