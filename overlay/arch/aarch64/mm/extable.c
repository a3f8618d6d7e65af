// SPDX-License-Identifier: GPL-2.0-only
/* Resolve a faulting user access through the exception table. */
#include <linux/extable.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

int fixup_exception(struct pt_regs *regs)
{
	const struct exception_table_entry *e;

	e = search_exception_tables(instruction_pointer(regs));
	if (!e)
		return 0;
	regs->pc = e->fixup;
	return 1;
}
