/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Copies between kernel and user memory.  The user side uses
 * LDTR/STTR (checked against EL0 permissions); each such access has an
 * exception table entry.  Whole 64-byte blocks go first, eight user
 * accesses each, with the user pointer and the count moved only once
 * the block's user accesses are done: a fault inside a block falls
 * back to the 8-byte loop from the block's start (a copy_from_user
 * block stores nothing before its loads are all done; a copy_to_user or
 * clear_user one stores the same data again), and a fault in the 8-byte
 * loop to the byte loop from the same position, so the returned count
 * of bytes not copied is exact.
 */
#include <linux/linkage.h>
#include <asm/asm-extable.h>
#include <asm/assembler.h>

	/* One unprivileged access, going to \fixup if it faults. */
	.macro	user, fixup, insn:vararg
9998:	\insn
	_asm_extable	9998b, \fixup
	.endm

/* unsigned long __arch_copy_from_user(void *to, const void __user *from, unsigned long n) */
SYM_FUNC_START(__arch_copy_from_user)
	subs	x2, x2, #64			// x2 counts 64 short in the loop
	b.lo	.Lfrom_short
.Lfrom_blocks:
	user	.Lfrom_short, ldtr x3, [x1]
	user	.Lfrom_short, ldtr x4, [x1, #8]
	user	.Lfrom_short, ldtr x5, [x1, #16]
	user	.Lfrom_short, ldtr x6, [x1, #24]
	user	.Lfrom_short, ldtr x7, [x1, #32]
	user	.Lfrom_short, ldtr x8, [x1, #40]
	user	.Lfrom_short, ldtr x9, [x1, #48]
	user	.Lfrom_short, ldtr x10, [x1, #56]
	stp	x5, x6, [x0, #16]		// nothing faults from here on
	stp	x7, x8, [x0, #32]
	stp	x9, x10, [x0, #48]
	stp	x3, x4, [x0], #64
	add	x1, x1, #64
	subs	x2, x2, #64
	b.hs	.Lfrom_blocks
.Lfrom_short:
	add	x2, x2, #64
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
	_asm_extable	1b, .Lfrom_bytes
	_asm_extable	2b, .Lfrom_done
SYM_FUNC_END(__arch_copy_from_user)
EXPORT_SYMBOL(__arch_copy_from_user)

/* unsigned long __arch_copy_to_user(void __user *to, const void *from, unsigned long n) */
SYM_FUNC_START(__arch_copy_to_user)
	subs	x2, x2, #64			// x2 counts 64 short in the loop
	b.lo	.Lto_short
.Lto_blocks:
	ldp	x3, x4, [x1]
	ldp	x5, x6, [x1, #16]
	ldp	x7, x8, [x1, #32]
	ldp	x9, x10, [x1, #48]
	user	.Lto_short, sttr x3, [x0]
	user	.Lto_short, sttr x4, [x0, #8]
	user	.Lto_short, sttr x5, [x0, #16]
	user	.Lto_short, sttr x6, [x0, #24]
	user	.Lto_short, sttr x7, [x0, #32]
	user	.Lto_short, sttr x8, [x0, #40]
	user	.Lto_short, sttr x9, [x0, #48]
	user	.Lto_short, sttr x10, [x0, #56]
	add	x0, x0, #64
	add	x1, x1, #64
	subs	x2, x2, #64
	b.hs	.Lto_blocks
.Lto_short:
	add	x2, x2, #64
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
	_asm_extable	1b, .Lto_bytes
	_asm_extable	2b, .Lto_done
SYM_FUNC_END(__arch_copy_to_user)
EXPORT_SYMBOL(__arch_copy_to_user)

/* unsigned long __arch_clear_user(void __user *to, unsigned long n) */
SYM_FUNC_START(__arch_clear_user)
	subs	x1, x1, #64			// x1 counts 64 short in the loop
	b.lo	.Lclr_short
.Lclr_blocks:
	user	.Lclr_short, sttr xzr, [x0]
	user	.Lclr_short, sttr xzr, [x0, #8]
	user	.Lclr_short, sttr xzr, [x0, #16]
	user	.Lclr_short, sttr xzr, [x0, #24]
	user	.Lclr_short, sttr xzr, [x0, #32]
	user	.Lclr_short, sttr xzr, [x0, #40]
	user	.Lclr_short, sttr xzr, [x0, #48]
	user	.Lclr_short, sttr xzr, [x0, #56]
	add	x0, x0, #64
	subs	x1, x1, #64
	b.hs	.Lclr_blocks
.Lclr_short:
	add	x1, x1, #64
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
	_asm_extable	1b, .Lclr_bytes
	_asm_extable	2b, .Lclr_done
SYM_FUNC_END(__arch_clear_user)
EXPORT_SYMBOL(__arch_clear_user)
