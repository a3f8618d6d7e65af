// SPDX-License-Identifier: GPL-2.0-only
/*
 * Resolve a faulting kernel access through the exception table, by the
 * entry's type (asm/asm-extable.h).
 */
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/extable.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

static unsigned long ex_fixup(const struct exception_table_entry *e)
{
	return (unsigned long)&e->fixup + e->fixup;
}

/* The registers to set, then where to go on. */
static bool fixup_err_zero(const struct exception_table_entry *e,
			   struct pt_regs *regs)
{
	unsigned int err = FIELD_GET(EX_DATA_REG_ERR, e->data);
	unsigned int zero = FIELD_GET(EX_DATA_REG_ZERO, e->data);

	/* Register 31 is xzr here: nothing to set. */
	if (err != 31)
		regs->regs[err] = -EFAULT;
	if (zero != 31)
		regs->regs[zero] = 0;
	regs->pc = ex_fixup(e);
	return true;
}

/*
 * load_unaligned_zeropad() read past the end of a page into one that is
 * not mapped.  The aligned doubleword holding the first byte is wholly
 * in the mapped page (an aligned 8-byte access never crosses a page):
 * load it and shift the wanted bytes down, the kernel being
 * little-endian, so that zeros take the place of those that could not be
 * read.
 */
static bool fixup_load_unaligned_zeropad(const struct exception_table_entry *e,
					 struct pt_regs *regs)
{
	unsigned int data = FIELD_GET(EX_DATA_REG_DATA, e->data);
	unsigned int areg = FIELD_GET(EX_DATA_REG_ADDR, e->data);
	unsigned long addr = regs->regs[areg];
	unsigned long word;

	BUILD_BUG_ON(IS_ENABLED(CONFIG_CPU_BIG_ENDIAN));
	word = READ_ONCE(*(unsigned long *)(addr & ~7UL));
	regs->regs[data] = word >> (8 * (addr & 7));
	regs->pc = ex_fixup(e);
	return true;
}

bool fixup_exception(struct pt_regs *regs)
{
	const struct exception_table_entry *e;

	e = search_exception_tables(instruction_pointer(regs));
	if (!e)
		return false;

	switch (e->type) {
	case EX_TYPE_FIXUP:
		regs->pc = ex_fixup(e);
		return true;
	case EX_TYPE_UACCESS_ERR_ZERO:
	case EX_TYPE_KACCESS_ERR_ZERO:
	case EX_TYPE_BPF:
		return fixup_err_zero(e, regs);
	case EX_TYPE_LOAD_UNALIGNED_ZEROPAD:
		return fixup_load_unaligned_zeropad(e, regs);
	}
	/* An entry of a type this kernel does not know: no fixup. */
	return false;
}
