/* SPDX-License-Identifier: GPL-2.0-only */
/* kprobes on BRK: kernel/probes/kprobes.c */
#ifndef __ASM_AARCH64_KPROBES_H
#define __ASM_AARCH64_KPROBES_H

#include <asm-generic/kprobes.h>

struct pt_regs;

#ifdef CONFIG_KPROBES
#include <linux/types.h>
#include <asm/probes.h>

/* The slot: the instruction, then BRK #KPROBES_SS_BRK_IMM. */
#define __ARCH_WANT_KPROBES_INSN_SLOT
#define MAX_INSN_SIZE			2

#define flush_insn_slot(p)		do { } while (0)
#define kretprobe_blacklist_size	0

typedef u32 kprobe_opcode_t;

struct arch_specific_insn {
	struct arch_probe_insn api;
};

struct prev_kprobe {
	struct kprobe *kp;
	unsigned int status;
	unsigned long saved_daif;
};

/* Per-CPU: the probe being handled, and the one it interrupted. */
struct kprobe_ctlblk {
	unsigned int kprobe_status;
	unsigned long saved_daif;
	struct prev_kprobe prev_kprobe;
};

void arch_remove_kprobe(struct kprobe *p);
int kprobe_fault_handler(struct pt_regs *regs, unsigned int esr);
void __kretprobe_trampoline(void);

/* The BRKs of kprobes, from do_el1_brk(): true if the BRK was theirs. */
bool kprobe_brk_handler(struct pt_regs *regs, unsigned int imm);
#else
static inline bool kprobe_brk_handler(struct pt_regs *regs, unsigned int imm)
{
	return false;
}
#endif /* CONFIG_KPROBES */

#endif /* __ASM_AARCH64_KPROBES_H */
