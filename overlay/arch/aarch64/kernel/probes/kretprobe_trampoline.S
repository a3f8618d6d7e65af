/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where a kretprobed function returns to: a BRK whose handler
 * (kprobes.c) runs the return handlers and resumes at the real return
 * address.  Nothing after the BRK runs.
 */
#include <linux/linkage.h>
#include <asm/brk-imm.h>

	.pushsection ".kprobes.text", "ax"
SYM_CODE_START(__kretprobe_trampoline)
	brk	#KRETPROBES_BRK_IMM
	brk	#BUG_BRK_IMM
SYM_CODE_END(__kretprobe_trampoline)
	.popsection
