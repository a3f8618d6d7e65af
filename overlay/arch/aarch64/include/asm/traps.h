/* SPDX-License-Identifier: GPL-2.0-only */
/* Handlers of synchronous exceptions, called from entry-common.c. */
#ifndef __ASM_AARCH64_TRAPS_H
#define __ASM_AARCH64_TRAPS_H

#include <linux/types.h>

struct pt_regs;
struct task_struct;

void do_el1_brk(struct pt_regs *regs, unsigned long esr);
void do_el0_brk(struct pt_regs *regs, unsigned long esr);
void do_el0_undef(struct pt_regs *regs, unsigned long esr);
bool do_el0_id_reg_read(struct pt_regs *regs, unsigned long esr);
bool try_emulate_id_mrs(struct pt_regs *regs);
void do_el0_softstep(struct pt_regs *regs, unsigned long esr);
void do_el1_softstep(struct pt_regs *regs, unsigned long esr);
void debug_switch_to(struct task_struct *next);
void user_step_current(bool step);
void debug_exit_to_user_step(void);
void kernel_step_arm(struct pt_regs *regs);
void kernel_step_disarm(struct pt_regs *regs);
void mdscr_modify(u64 clear, u64 set);
void do_el0_alignment(struct pt_regs *regs, unsigned long esr,
		      unsigned long far);
void __noreturn die_bad_exception(struct pt_regs *regs, const char *what,
				  unsigned long esr);
void __noreturn do_serror(struct pt_regs *regs, unsigned long esr);
void force_signal_inject(int signal, int code, unsigned long address,
			 unsigned long esr);


/* Every A64 instruction is 4 bytes. */
#define AARCH64_INSN_SIZE	4

const char *esr_class_name(unsigned long esr);

#endif /* __ASM_AARCH64_TRAPS_H */
