/* SPDX-License-Identifier: GPL-2.0-only */
/* uprobes on BRK and hardware single step: kernel/probes/uprobes.c */
#ifndef __ASM_AARCH64_UPROBES_H
#define __ASM_AARCH64_UPROBES_H

#include <linux/types.h>
#include <asm/brk-imm.h>
#include <asm/insn.h>
#include <asm/probes.h>

#define UPROBE_SWBP_INSN	cpu_to_le32(AARCH64_BRK_INSN(UPROBES_BRK_IMM))
#define UPROBE_SWBP_INSN_SIZE	AARCH64_INSN_SIZE
#define UPROBE_XOL_SLOT_BYTES	AARCH64_INSN_SIZE

typedef __le32 uprobe_opcode_t;

struct arch_uprobe_task {
	bool was_stepping;	/* ptrace's single step, kept across */
};

struct arch_uprobe {
	union {
		__le32 insn;	/* as read from the program */
		__le32 ixol;	/* as copied to the task's XOL slot */
	};
	struct arch_probe_insn api;
	bool simulate;
};

struct pt_regs;

#ifdef CONFIG_UPROBES
/* From the EL0 BRK and step handlers: true if the exception was ours. */
bool uprobe_brk_handler(struct pt_regs *regs, unsigned int imm);
bool uprobe_step_handler(struct pt_regs *regs);
#else
static inline bool uprobe_brk_handler(struct pt_regs *regs, unsigned int imm)
{
	return false;
}

static inline bool uprobe_step_handler(struct pt_regs *regs)
{
	return false;
}
#endif

#endif /* __ASM_AARCH64_UPROBES_H */
