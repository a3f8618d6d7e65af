/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The immediates of the BRK instructions the kernel plants, one per
 * purpose: the debug exception handler (kernel/traps.c) tells them
 * apart by ESR_ELx.ISS, which holds the immediate of the BRK that
 * trapped.  The values are arm64's, so that a tool that reads kernel or
 * user text (a debugger looking at a uprobed program) sees the same.
 */
#ifndef __ASM_AARCH64_BRK_IMM_H
#define __ASM_AARCH64_BRK_IMM_H

/* A kprobe armed over an instruction (kernel/probes/kprobes.c). */
#define KPROBES_BRK_IMM		0x004
/* A uprobe armed in a user program's text (kernel/probes/uprobes.c). */
#define UPROBES_BRK_IMM		0x005
/* After a kprobed instruction copied out of line: the step is done. */
#define KPROBES_SS_BRK_IMM	0x006
/* The return trampoline of kretprobes. */
#define KRETPROBES_BRK_IMM	0x007
/* The unused space of a JIT-compiled BPF program's image (net/). */
#define FAULT_BRK_IMM		0x100
/* BUG() and WARN() sites, with a __bug_table entry (asm/bug.h). */
#define BUG_BRK_IMM		0x800

/* BRK #imm: 0xd4200000 with the immediate in bits 20:5. */
#define AARCH64_BRK_INSN(imm)	(0xd4200000U | ((imm) << 5))

#endif /* __ASM_AARCH64_BRK_IMM_H */
