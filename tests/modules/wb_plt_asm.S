/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wb_plt_asm.S: wb_plt's hand-written branch sites and its padding (see
 * wb_plt_main.c).
 *
 * The padding is a 128 MiB executable SHT_NOBITS section: it costs
 * nothing in the .ko (readelf -S shows it NOBITS, the file stays a few
 * KiB) but the loader allocates and zeroes it as part of the module's
 * text (MOD_TEXT), which is then larger than the whole 128 MiB window in
 * which B/BL from the module could reach all of the kernel image.  'ld'
 * places NOBITS sections after the others, so the module's code and its
 * .plt come first in the module text and the padding last; the call
 * sites stay within B/BL range of their veneers.
 */
#include "wb_plt.h"

#define FUNC(name)	.globl name; .type name, %function; .balign 4; name:
#define ENDF(name)	.size name, . - name
#define LABEL(name)	.globl name; name:

	.section .text.wb_plt, "ax"

/* unsigned long wb_plt_call_gcd(a, b): gcd(a, b) + 1, by BL (CALL26) */
FUNC(wb_plt_call_gcd)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
LABEL(wb_plt_site_call)
	bl	gcd
	add	x0, x0, #1
	ldp	x29, x30, [sp], #16
	ret
ENDF(wb_plt_call_gcd)

/* unsigned long wb_plt_jump_isqrt(x): int_sqrt(x), by B (JUMP26) */
FUNC(wb_plt_jump_isqrt)
LABEL(wb_plt_site_jump)
	b	int_sqrt
ENDF(wb_plt_jump_isqrt)

/*
 * unsigned long wb_plt_init_call(a, b): from the init text (its own
 * allocation, MOD_INIT_TEXT) into the module's core text: a BL between
 * two allocations of the same module, through .init.plt when they are
 * far apart.
 */
	.section .init.text.wb_plt, "ax"
FUNC(wb_plt_init_call)
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
LABEL(wb_plt_site_init)
	bl	wb_plt_call_gcd
	ldp	x29, x30, [sp], #16
	ret
ENDF(wb_plt_init_call)

/* The padding: executable, allocated, no bytes in the file. */
	.section .wb_plt_pad, "ax", %nobits
	.balign	16
LABEL(wb_plt_pad)
	.skip	WB_PLT_PAD
	.size	wb_plt_pad, WB_PLT_PAD
