/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wb_adrp_asm.S: two ADRP instructions at the page offsets that the
 * Cortex-A53 MPCore Software Developers Errata Notice, erratum 843419,
 * makes unsafe (0xff8 and 0xffc), for wb_adrp.c to check after the
 * module loader has applied their relocations.
 *
 * The section is aligned to 4096 bytes, so the loader, which keeps each
 * section's sh_addralign in a page-aligned allocation, places it at a
 * page boundary and the sites at page offsets 0xff8 and 0xffc (the C
 * side checks this too).  The nops only pad the section up to 0xff8.
 *
 * wb_adrp_run(u64 out[4]) runs both sites:
 *   out[0] = &wb_adrp_data  (ADRP + ADD :lo12:, module .data)
 *   out[1] = &jiffies       (ADRP + ADD :lo12:, exported kernel data)
 *   out[2] = wb_adrp_data, out[3] = jiffies, loaded through them.
 * An ADRP the loader rewrites into an ADR, or into a branch to a veneer
 * that computes the page address and branches back to the next
 * instruction, must give the same results.  x9-x12 are scratch
 * registers under AAPCS64.
 */

	.section .text.wb_adrp, "ax"
	.balign	4096
.Lwb_adrp_start:
	.rept	0xff8 / 4
	nop
	.endr

	.globl	wb_adrp_run
	.type	wb_adrp_run, %function
	.globl	wb_adrp_site0
	.globl	wb_adrp_site1
wb_adrp_run:
wb_adrp_site0:				/* section offset 0xff8 */
	adrp	x9, wb_adrp_data
wb_adrp_site1:				/* section offset 0xffc */
	adrp	x10, jiffies
	add	x9, x9, :lo12:wb_adrp_data
	add	x10, x10, :lo12:jiffies
	ldr	x11, [x9]
	ldr	x12, [x10]
	stp	x9, x10, [x0]
	stp	x11, x12, [x0, #16]
	ret
	.size	wb_adrp_run, . - wb_adrp_run

	/* The layout the test depends on, checked when assembling. */
	.if	(wb_adrp_site0 - .Lwb_adrp_start) != 0xff8
	.error	"wb_adrp_site0 is not at section offset 0xff8"
	.endif
	.if	(wb_adrp_site1 - .Lwb_adrp_start) != 0xffc
	.error	"wb_adrp_site1 is not at section offset 0xffc"
	.endif
