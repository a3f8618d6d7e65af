/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wb_probes: kernel code with one instruction of each class kprobes
 * handle differently, each at a global symbol of its own where
 * wb_probes_main.c puts a kprobe (tests/kmod/probes.sh).
 *
 * u64 wb_probe_classes(struct wb_probe_out *out, u64 x)
 *   fills @out with what the PC-relative loads and address computations
 *   produced and returns a bit mask of the branch paths it took, which
 *   depend on @x.  Every probed instruction runs on every call.
 */
#include <linux/linkage.h>

	.text
SYM_FUNC_START(wb_probe_classes)
	stp	x29, x30, [sp, #-16]!		// copied: SP writeback
	mov	x29, sp
	mov	x9, x1
	mov	x10, #0
	.globl	wb_probe_at_adr
wb_probe_at_adr:
	adr	x2, wb_probe_lit
	.globl	wb_probe_at_ldr_x
wb_probe_at_ldr_x:
	ldr	x3, wb_probe_lit
	.globl	wb_probe_at_ldr_w
wb_probe_at_ldr_w:
	ldr	w4, wb_probe_lit
	.globl	wb_probe_at_ldrsw
wb_probe_at_ldrsw:
	ldrsw	x5, wb_probe_lit_neg
	.globl	wb_probe_at_adrp
wb_probe_at_adrp:
	adrp	x6, wb_probe_data
	add	x7, x6, :lo12:wb_probe_data
	.globl	wb_probe_at_load
wb_probe_at_load:
	ldr	x7, [x7]			// copied: a plain load
	stp	x2, x3, [x0]
	stp	x4, x5, [x0, #16]
	stp	x6, x7, [x0, #32]

	.globl	wb_probe_at_cbz
wb_probe_at_cbz:
	cbz	x9, 1f
	orr	x10, x10, #1			// x != 0
1:
	.globl	wb_probe_at_tbnz
wb_probe_at_tbnz:
	tbnz	x9, #3, 2f
	orr	x10, x10, #2			// bit 3 of x clear
2:
	.globl	wb_probe_at_cmp
wb_probe_at_cmp:
	cmp	x9, #5				// copied: sets NZCV
	.globl	wb_probe_at_b_lt
wb_probe_at_b_lt:
	b.lt	3f
	orr	x10, x10, #4			// x >= 5
3:
	.globl	wb_probe_at_b
wb_probe_at_b:
	b	4f
	orr	x10, x10, #8			// never
4:
	.globl	wb_probe_at_bl
wb_probe_at_bl:
	bl	wb_probe_leaf			// x10 |= 16
	adr	x11, wb_probe_leaf2
	.globl	wb_probe_at_blr
wb_probe_at_blr:
	blr	x11				// x10 |= 32
	adr	x12, 5f
	.globl	wb_probe_at_br
wb_probe_at_br:
	br	x12
	orr	x10, x10, #8			// never
5:
	mov	x0, x10
	ldp	x29, x30, [sp], #16
	.globl	wb_probe_at_ret
wb_probe_at_ret:
	ret
SYM_FUNC_END(wb_probe_classes)

SYM_FUNC_START_LOCAL(wb_probe_leaf)
	orr	x10, x10, #16
	.globl	wb_probe_at_leaf_ret
wb_probe_at_leaf_ret:
	ret
SYM_FUNC_END(wb_probe_leaf)

SYM_FUNC_START_LOCAL(wb_probe_leaf2)
	orr	x10, x10, #32
	ret
SYM_FUNC_END(wb_probe_leaf2)

/*
 * Never called: instructions no kprobe may be put on (both arm64 and
 * the port refuse them).
 */
SYM_FUNC_START(wb_probe_refused)
	.globl	wb_probe_at_msr_daifset
wb_probe_at_msr_daifset:
	msr	daifset, #2			// writes PSTATE
	msr	daifclr, #2
1:
	.globl	wb_probe_at_ldxr
wb_probe_at_ldxr:
	ldxr	x1, [x0]			// exclusive load
	add	x1, x1, #1			// between LDXR and STXR
						// (no symbol here: the scan
						// back stops at a symbol)
	stxr	w2, x1, [x0]
	cbnz	w2, 1b
	ret
SYM_FUNC_END(wb_probe_refused)

/* The literals, in the text: LDR (literal) reaches +-1 MiB only. */
	.balign	8
	.globl	wb_probe_lit
wb_probe_lit:
	.quad	0x8badf00d12345678
wb_probe_lit_neg:
	.word	0xfffffff0			// -16
