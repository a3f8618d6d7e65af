/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's view of the vDSO image (kernel/vdso.c).
 */
#ifndef __ASM_AARCH64_VDSO_H
#define __ASM_AARCH64_VDSO_H

#include <asm/vdso/vdso.h>

#ifndef __ASSEMBLY__

struct mm_struct;

/* The linked image, page aligned, in the kernel's read-only data. */
extern char aarch64_vdso_start[], aarch64_vdso_end[];

/*
 * The address of __kernel_rt_sigreturn in @mm's vDSO, the return
 * address a signal handler gets when it has no SA_RESTORER; 0 if @mm
 * has no vDSO.
 */
unsigned long vdso_sigreturn_addr(struct mm_struct *mm);

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_VDSO_H */
