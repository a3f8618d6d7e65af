/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What kprobes and uprobes keep of a probed A64 instruction: either a
 * copy run out of line (in a slot, followed by a way back), or a
 * function that does what the instruction would have done, for the
 * instructions whose effect depends on where they are (the PC-relative
 * ones) or that must not run out of line.  The decoder that chooses is
 * kernel/probes/decode.c.
 */
#ifndef __ASM_AARCH64_PROBES_H
#define __ASM_AARCH64_PROBES_H

#include <linux/types.h>

struct pt_regs;

typedef u32 probe_opcode_t;

/*
 * Carry out @insn as if it ran at @pc, on @regs; regs->pc is left at
 * the instruction that runs next.
 */
typedef void (probe_simulate_t)(u32 insn, unsigned long pc,
				struct pt_regs *regs);

struct arch_probe_insn {
	probe_opcode_t *insn;		/* out-of-line slot, or NULL */
	probe_simulate_t *simulate;	/* when there is no slot */
};

enum probe_insn {
	INSN_REJECTED,		/* cannot be probed */
	INSN_GOOD,		/* runs out of line, from a slot */
	INSN_GOOD_NO_SLOT,	/* simulated */
};

/* Any A64 instruction, as uprobes sees user code. */
enum probe_insn aarch64_probe_decode(u32 insn, struct arch_probe_insn *api);
/* Kernel text at @addr: also literal loads and reads of DAIF. */
enum probe_insn aarch64_kprobe_decode(const __le32 *addr,
				      struct arch_probe_insn *api);

#endif /* __ASM_AARCH64_PROBES_H */
