/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exception table entries, from C inline assembly and from assembly
 * files.  An entry (struct exception_table_entry, asm/extable.h) holds
 * the faulting instruction and the place to resume at as offsets from
 * the entry's own fields, a fixup type, and data for that type:
 *
 *   EX_TYPE_FIXUP             resume at the fixup (assembly that works
 *                             out what was left itself: lib/copy_user.S)
 *   EX_TYPE_UACCESS_ERR_ZERO  a user access: the "err" register gets
 *                             -EFAULT, the "zero" register 0 (xzr for
 *                             none), and execution resumes at the fixup
 *   EX_TYPE_KACCESS_ERR_ZERO  the same for a kernel access that may
 *                             fault (copy_from_kernel_nofault())
 *   EX_TYPE_BPF               a load of a JIT-compiled BPF program
 *                             (BPF_PROBE_MEM, net/bpf_jit_comp.c) from a
 *                             kernel address that may be bad: the "zero"
 *                             register, its destination, gets 0; the
 *                             entries live in the program's image, not
 *                             in __ex_table
 *   EX_TYPE_LOAD_UNALIGNED_ZEROPAD
 *                             load_unaligned_zeropad()'s load of 8 bytes
 *                             from a kernel address that need not be
 *                             aligned, whose later bytes may be in a page
 *                             that is not mapped (asm/word-at-a-time.h):
 *                             the "data" register gets the bytes up to
 *                             the end of the mapped page, zeros for the
 *                             rest, and execution resumes at the fixup
 *
 * The data field holds the err (or data) register number in bits 4:0 and
 * the zero (or address) register number in bits 9:5.  From C, the
 * registers are asm operands
 * ("%w0", "%x1"); the assembler turns their names into numbers through
 * the .L__gpr_num_* symbols that EX_DEFINE_GPR_NUMS defines in each entry.
 */
#ifndef __ASM_AARCH64_ASM_EXTABLE_H
#define __ASM_AARCH64_ASM_EXTABLE_H

#include <linux/bits.h>

#define EX_TYPE_NONE			0
#define EX_TYPE_FIXUP			1
#define EX_TYPE_UACCESS_ERR_ZERO	2
#define EX_TYPE_KACCESS_ERR_ZERO	3
#define EX_TYPE_BPF			4
#define EX_TYPE_LOAD_UNALIGNED_ZEROPAD	5

#define EX_DATA_REG_ERR_SHIFT	0
#define EX_DATA_REG_ERR		GENMASK(4, 0)
#define EX_DATA_REG_ZERO_SHIFT	5
#define EX_DATA_REG_ZERO	GENMASK(9, 5)
#define EX_DATA_REG_DATA_SHIFT	EX_DATA_REG_ERR_SHIFT
#define EX_DATA_REG_DATA	EX_DATA_REG_ERR
#define EX_DATA_REG_ADDR_SHIFT	EX_DATA_REG_ZERO_SHIFT
#define EX_DATA_REG_ADDR	EX_DATA_REG_ZERO

#ifdef __ASSEMBLY__

	.macro	__ex_entry, insn, fixup, type, data
	.pushsection	__ex_table, "a"
	.balign		4
	.long		(\insn - .)
	.long		(\fixup - .)
	.short		(\type)
	.short		(\data)
	.popsection
	.endm

/* \insn may fault: resume at \fixup, registers untouched. */
	.macro	_asm_extable, insn, fixup
	__ex_entry \insn, \fixup, EX_TYPE_FIXUP, 0
	.endm

#else /* !__ASSEMBLY__ */

#include <linux/stringify.h>

/* .L__gpr_num_xN and .L__gpr_num_wN = N; xzr and wzr are 31. */
#define EX_DEFINE_GPR_NUMS						\
"	.irp	n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,"	\
		"21,22,23,24,25,26,27,28,29,30\n"			\
"	.equ	.L__gpr_num_x\\n, \\n\n"				\
"	.equ	.L__gpr_num_w\\n, \\n\n"				\
"	.endr\n"							\
"	.equ	.L__gpr_num_xzr, 31\n"					\
"	.equ	.L__gpr_num_wzr, 31\n"

#define __EX_ENTRY(insn, fixup, type, data)				\
	"	.pushsection	__ex_table, \"a\"\n"			\
	EX_DEFINE_GPR_NUMS						\
	"	.balign		4\n"					\
	"	.long		((" insn ") - .)\n"			\
	"	.long		((" fixup ") - .)\n"			\
	"	.short		(" type ")\n"				\
	"	.short		(" data ")\n"				\
	"	.popsection\n"

#define __EX_DATA_REG(field, gpr)					\
	"((.L__gpr_num_" gpr ") << " __stringify(EX_DATA_REG_##field##_SHIFT) ")"

#define __EX_ERR_ZERO(insn, fixup, type, err, zero)			\
	__EX_ENTRY(#insn, #fixup, __stringify(type),			\
		   "(" __EX_DATA_REG(ERR, err) " | "			\
		   __EX_DATA_REG(ZERO, zero) ")")

/*
 * A user access at label @insn that may fault: on a fault @err (an asm
 * operand as a string, "%w0") gets -EFAULT, @zero gets 0, and execution
 * resumes at label @fixup.
 */
#define _ASM_EXTABLE_UACCESS_ERR_ZERO(insn, fixup, err, zero)		\
	__EX_ERR_ZERO(insn, fixup, EX_TYPE_UACCESS_ERR_ZERO, err, zero)

#define _ASM_EXTABLE_KACCESS_ERR_ZERO(insn, fixup, err, zero)		\
	__EX_ERR_ZERO(insn, fixup, EX_TYPE_KACCESS_ERR_ZERO, err, zero)

#define _ASM_EXTABLE_UACCESS_ERR(insn, fixup, err)			\
	_ASM_EXTABLE_UACCESS_ERR_ZERO(insn, fixup, err, "wzr")

/*
 * The load at label @insn of 8 bytes into @data (an asm operand, "%0")
 * from the address in @addr ("%1"), of which only the first needs to be
 * mapped: on a fault the bytes of the page it starts in are loaded
 * instead, zeros above them, and execution resumes at label @fixup.
 */
#define _ASM_EXTABLE_LOAD_UNALIGNED_ZEROPAD(insn, fixup, data, addr)	\
	__EX_ENTRY(#insn, #fixup,					\
		   __stringify(EX_TYPE_LOAD_UNALIGNED_ZEROPAD),		\
		   "(" __EX_DATA_REG(DATA, data) " | "			\
		   __EX_DATA_REG(ADDR, addr) ")")

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_ASM_EXTABLE_H */
