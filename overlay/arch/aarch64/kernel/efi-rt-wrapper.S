/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A call into a UEFI runtime service (asm/efi.h, kernel/efi.c):
 *
 *   efi_status_t __efi_rt_asm_wrapper(fn, name, a0, a1, a2, a3, a4)
 *
 * calls fn(a0..a4) on the runtime stack.  The firmware must leave x18
 * alone, AAPCS64's platform register, which the kernel's shadow call
 * stack uses: a changed x18 is reported (efi_handle_corrupted_x18())
 * and put back.  x19-x28 are saved only for __efi_rt_asm_recover,
 * where a call the firmware faulted in ends (efi_runtime_fixup_exception()):
 * the firmware itself preserves them.  Based on
 * arch/arm64/kernel/efi-rt-wrapper.S.
 *
 * The frame on the task stack, from x29:
 *   0 x29, x30   16..95 x19-x28   96 name, x18
 * and, below the runtime stack's top, while the call runs:
 *   -8 the frame's address (0 when no call runs)   -16 x18
 */

#include <linux/linkage.h>
#include <asm/assembler.h>

#define FRAME_SIZE	112
#define FRAME_CALLEE	16
#define FRAME_NAME_X18	96

SYM_FUNC_START(__efi_rt_asm_wrapper)
	sub	sp, sp, #FRAME_SIZE
	stp	x29, x30, [sp]
	mov	x29, sp
	stp	x19, x20, [sp, #FRAME_CALLEE]
	stp	x21, x22, [sp, #FRAME_CALLEE + 16]
	stp	x23, x24, [sp, #FRAME_CALLEE + 32]
	stp	x25, x26, [sp, #FRAME_CALLEE + 48]
	stp	x27, x28, [sp, #FRAME_CALLEE + 64]
	stp	x1, x18, [sp, #FRAME_NAME_X18]

	ldr_sym	x9, efi_rt_stack_top, x9
	stp	x18, x29, [x9, #-16]
	sub	sp, x9, #16

	mov	x9, x0				// fn, then its five arguments
	mov	x0, x2
	mov	x1, x3
	mov	x2, x4
	mov	x3, x5
	mov	x4, x6
	blr	x9

	ldr_sym	x9, efi_rt_stack_top, x9
	mov	sp, x29
	str	xzr, [x9, #-8]			// the call is over
	ldp	x1, x2, [sp, #FRAME_NAME_X18]
	ldp	x29, x30, [sp]
	add	sp, sp, #FRAME_SIZE
	cmp	x2, x18
	b.ne	.Lx18_changed
	ret

.Lx18_changed:
	mov	x18, x2
	b	efi_handle_corrupted_x18	// (status, name)
SYM_FUNC_END(__efi_rt_asm_wrapper)

/*
 * Entered instead of returning from the firmware, with x0 = EFI_ABORTED,
 * x30 = the wrapper's frame and x18 restored (efi_runtime_fixup_exception()).
 */
SYM_CODE_START(__efi_rt_asm_recover)
	mov	sp, x30
	ldr_sym	x9, efi_rt_stack_top, x9
	str	xzr, [x9, #-8]
	ldp	x19, x20, [sp, #FRAME_CALLEE]
	ldp	x21, x22, [sp, #FRAME_CALLEE + 16]
	ldp	x23, x24, [sp, #FRAME_CALLEE + 32]
	ldp	x25, x26, [sp, #FRAME_CALLEE + 48]
	ldp	x27, x28, [sp, #FRAME_CALLEE + 64]
	ldp	x29, x30, [sp]
	add	sp, sp, #FRAME_SIZE
	ret
SYM_CODE_END(__efi_rt_asm_recover)
