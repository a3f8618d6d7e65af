/* SPDX-License-Identifier: GPL-2.0-only */
/* Exception handling declarations shared by entry code and drivers. */
#ifndef __ASM_AARCH64_EXCEPTION_H
#define __ASM_AARCH64_EXCEPTION_H

#include <linux/interrupt.h>

#define __exception_irq_entry	__irq_entry

struct pt_regs;

/* kernel/entry-common.c, called from the vectors in kernel/entry.S */
asmlinkage void el1h_sync_handler(struct pt_regs *regs);
asmlinkage void el1h_irq_handler(struct pt_regs *regs);
asmlinkage void el0t_64_sync_handler(struct pt_regs *regs);
asmlinkage void el0t_64_irq_handler(struct pt_regs *regs);
asmlinkage void el0t_invalid_handler(struct pt_regs *regs);
asmlinkage void serror_handler(struct pt_regs *regs);
/* kernel/traps.c, from a vector that found its stack overflowed */
asmlinkage void __noreturn handle_bad_stack(struct pt_regs *regs);

void do_mem_abort(unsigned long far, unsigned long esr, struct pt_regs *regs);
void do_el0_svc(struct pt_regs *regs);
asmlinkage void bad_mode(struct pt_regs *regs, int reason,
			 unsigned long esr);
void die(const char *msg, struct pt_regs *regs, unsigned long err);

#endif /* __ASM_AARCH64_EXCEPTION_H */
