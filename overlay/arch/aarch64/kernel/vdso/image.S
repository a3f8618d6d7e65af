/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The linked vDSO, carried in the kernel's read-only data and mapped
 * from there into every process (kernel/vdso.c), page by page: hence
 * page alignment at both ends.
 */
#include <asm/page.h>

	.section .rodata, "a"
	.balign	PAGE_SIZE
	.globl	aarch64_vdso_start
aarch64_vdso_start:
	.incbin	"arch/aarch64/kernel/vdso/vdso.so"
	.balign	PAGE_SIZE
	.globl	aarch64_vdso_end
aarch64_vdso_end:
	.previous
