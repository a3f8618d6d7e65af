/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copies between kernel and user memory.  The user side uses
 * LDTR/STTR (checked against EL0 permissions); each such access has an
 * exception table entry.  A fault in the 8-byte loop falls back to the
 * byte loop from the same position, so the returned count of bytes not
 * copied is exact.
 */
#include <linux/linkage.h>
#include <asm/assembler.h>

	.macro	extable, insn, fixup
	.pushsection	__ex_table, "a"
	.balign		8
	.quad		\insn, \fixup
	.popsection
	.endm

/* unsigned long __arch_copy_from_user(void *to, const void __user *from, unsigned long n) */
SYM_FUNC_START(__arch_copy_from_user)
.Lfrom_words:
	cmp	x2, #8
	b.lo	.Lfrom_bytes
1:	ldtr	x3, [x1]
	str	x3, [x0], #8
	add	x1, x1, #8
	sub	x2, x2, #8
	b	.Lfrom_words
.Lfrom_bytes:
	cbz	x2, .Lfrom_done
2:	ldtrb	w3, [x1]
	strb	w3, [x0], #1
	add	x1, x1, #1
	sub	x2, x2, #1
	b	.Lfrom_bytes
.Lfrom_done:
	mov	x0, x2
	ret
	extable	1b, .Lfrom_bytes
	extable	2b, .Lfrom_done
SYM_FUNC_END(__arch_copy_from_user)
EXPORT_SYMBOL(__arch_copy_from_user)

/* unsigned long __arch_copy_to_user(void __user *to, const void *from, unsigned long n) */
SYM_FUNC_START(__arch_copy_to_user)
.Lto_words:
	cmp	x2, #8
	b.lo	.Lto_bytes
	ldr	x3, [x1]
1:	sttr	x3, [x0]
	add	x0, x0, #8
	add	x1, x1, #8
	sub	x2, x2, #8
	b	.Lto_words
.Lto_bytes:
	cbz	x2, .Lto_done
	ldrb	w3, [x1]
2:	sttrb	w3, [x0]
	add	x0, x0, #1
	add	x1, x1, #1
	sub	x2, x2, #1
	b	.Lto_bytes
.Lto_done:
	mov	x0, x2
	ret
	extable	1b, .Lto_bytes
	extable	2b, .Lto_done
SYM_FUNC_END(__arch_copy_to_user)
EXPORT_SYMBOL(__arch_copy_to_user)

/* unsigned long __arch_clear_user(void __user *to, unsigned long n) */
SYM_FUNC_START(__arch_clear_user)
.Lclr_words:
	cmp	x1, #8
	b.lo	.Lclr_bytes
1:	sttr	xzr, [x0]
	add	x0, x0, #8
	sub	x1, x1, #8
	b	.Lclr_words
.Lclr_bytes:
	cbz	x1, .Lclr_done
2:	sttrb	wzr, [x0]
	add	x0, x0, #1
	sub	x1, x1, #1
	b	.Lclr_bytes
.Lclr_done:
	mov	x0, x1
	ret
	extable	1b, .Lclr_bytes
	extable	2b, .Lclr_done
SYM_FUNC_END(__arch_clear_user)
EXPORT_SYMBOL(__arch_clear_user)
