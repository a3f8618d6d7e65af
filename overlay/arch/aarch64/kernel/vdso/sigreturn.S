/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The signal return trampoline.  A handler installed without
 * SA_RESTORER (glibc installs none) returns here, with sp at the
 * struct rt_sigframe that kernel/signal.c built, and rt_sigreturn
 * restores the interrupted context from it.
 *
 * Two kinds of unwinder must get through this frame:
 *
 * - Those that recognise the instruction pair "mov x8, #139; svc #0"
 *   at the return address (gdb, libunwind, libgcc's fallback when it
 *   finds no unwind table entry), so those two instructions must stay
 *   exactly as they are, at the symbol.
 *
 * - DWARF unwinders that use this file's CFI: a signal frame ('S'
 *   augmentation, so the unwinder does not subtract one from the
 *   interrupted pc when looking up its caller's entry), whose CFA is
 *   the saved struct sigcontext and whose every register, sp and pc
 *   included, is restored from it.  pc goes in a column of its own
 *   (96, past the V registers, the one libgcc uses for signal frames),
 *   because x30, the usual return column, holds a live value of its
 *   own at the interrupted instruction.
 *
 * The unwinder looks up the handler's return address minus one to find
 * the entry for the handler's caller, which is here: hence the NOP
 * before the symbol, inside the CFI's range.
 */
#include <asm/asm-offsets.h>
#include <asm/unistd.h>

#define PC_COLUMN	96	/* libgcc's DWARF_ALT_FRAME_RETURN_COLUMN */
#define V0_COLUMN	64	/* DWARF for the Arm 64-bit Architecture */

	.text
	.cfi_startproc
	.cfi_signal_frame
	.cfi_return_column PC_COLUMN
	.cfi_def_cfa	sp, SIGFRAME_SC
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		   16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30
	.cfi_offset	x\n, SC_REGS + \n * 8
	.endr
	.cfi_offset	sp, SC_SP
	.cfi_offset	PC_COLUMN, SC_PC
	/* FPSIMD state is the first record kernel/signal.c writes. */
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		   16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	.cfi_offset	V0_COLUMN + \n, SC_VREGS + \n * 16
	.endr

	nop
	.globl	__kernel_rt_sigreturn
	.type	__kernel_rt_sigreturn, %function
__kernel_rt_sigreturn:
	mov	x8, #__NR_rt_sigreturn
	svc	#0
	.cfi_endproc
	.size	__kernel_rt_sigreturn, . - __kernel_rt_sigreturn
