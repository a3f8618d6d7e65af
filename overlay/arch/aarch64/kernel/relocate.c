// SPDX-License-Identifier: GPL-2.0-only
/*
 * The run-time relocations of a RELOCATABLE kernel, applied by the boot
 * CPU before anything reads an absolute pointer of the image.
 *
 * vmlinux is linked as a shared object (arch Makefile): every place
 * that holds an absolute address of the image has an
 * R_AARCH64_RELATIVE entry in .rela.dyn (place and value as link-time
 * addresses), and the place itself is left 0, so a pointer read too
 * early is wrong at every address, not right at the link address only.
 * Makefile.postlink refuses a vmlinux with any other dynamic relocation.
 *
 * head.S calls this once the MMU is on, still from the identity map and
 * on the early stack: like early_map.c it is linked with its symbols
 * prefixed __pi_ and PC-relative references only, and sees the image at
 * its physical address, which it writes through the identity map.  The
 * kernel's own mapping of the same memory has the same attributes
 * (Normal, write-back), so what is written here is what it reads,
 * without cache maintenance.  No instruction changes: the places are
 * data and literal pools, which are only ever read as data.
 *
 * The algorithm is arm64's (arch/arm64/kernel/pi/relocate.c, RELA part).
 */
#include <linux/elf.h>
#include <linux/init.h>
#include <linux/types.h>
#include <asm/memory.h>
#include <asm/sections.h>
#include <asm/setup.h>

/* Linked as __pi_<name>: vmlinux.lds.S provides these and _text so. */
extern const Elf64_Rela __rela_start[], __rela_end[];

/* Apply the relocations for an image running @offset above KIMAGE_VADDR. */
void __init relocate_kernel(u64 offset)
{
	/* From a link-time address to where this code sees it. */
	u64 here = (u64)_text - KIMAGE_VADDR;
	const Elf64_Rela *rela;

	for (rela = __rela_start; rela < __rela_end; rela++)
		if (ELF64_R_TYPE(rela->r_info) == R_AARCH64_RELATIVE)
			*(u64 *)(rela->r_offset + here) =
				rela->r_addend + offset;
}
