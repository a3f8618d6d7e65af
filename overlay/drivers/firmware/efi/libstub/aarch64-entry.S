/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * efi_exit_mmu_off(entry, fdt): the EFI stub's last step (aarch64-stub.c).
 * Turns the MMU and the D-cache off at the current exception level (UEFI
 * runs at EL2 or EL1, with an identity map, so this code goes on at
 * the same address), invalidates the I-cache, whose lines for the
 * image's addresses may be stale, and branches to head.S with the boot
 * protocol's registers: x0 = the device tree, x1-x3 = 0.
 */
#include <linux/linkage.h>
#include <asm/assembler.h>
#include <asm/sysreg.h>

	.text
SYM_FUNC_START(efi_exit_mmu_off)
	mov	x19, x0
	mov	x20, x1

	/*
	 * Fetched with the MMU off, the instructions from .Lmmu_off on
	 * come from memory, where the firmware's load may not have put
	 * them yet: clean them to the PoC (16 bytes a step, the smallest
	 * line CTR_EL0.DminLine can give).
	 */
	adr	x0, .Lmmu_off
	adr	x1, .Lmmu_off_end
1:	dc	civac, x0
	add	x0, x0, #16
	cmp	x0, x1
	b.lo	1b
	dsb	sy
	ic	iallu
	dsb	nsh
	isb

	mrs	x0, CurrentEL
	cmp	x0, #CURRENTEL_EL2
	b.eq	.Lat_el2
	mrs	x0, sctlr_el1
	b	1f
.Lat_el2:
	mrs	x0, sctlr_el2
1:	bic	x0, x0, #SCTLR_EL1_M		// M and C: bits 0 and 2 at EL2 too
	bic	x0, x0, #SCTLR_EL1_C

.Lmmu_off:
	b.eq	2f
	msr	sctlr_el1, x0
	b	3f
2:	msr	sctlr_el2, x0
3:	isb
	ic	iallu
	dsb	nsh
	isb
	mov	x0, x20
	mov	x1, xzr
	mov	x2, xzr
	mov	x3, xzr
	br	x19
.Lmmu_off_end:
SYM_FUNC_END(efi_exit_mmu_off)
