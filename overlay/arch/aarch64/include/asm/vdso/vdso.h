/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Layout of a process's vDSO, shared by the kernel (kernel/vdso.c), the
 * vDSO's linker script and its C code.
 *
 * Two data pages ([vvar]) sit right below the code ([vdso]), so that
 * the code reaches them PC-relative whatever address the pair is
 * mapped at:
 *
 *   page 0: the timekeeping data (struct vdso_data[CS_BASES]) and, at
 *           VDSO_RNG_DATA_OFFSET, the getrandom() generation counter;
 *           for a task in a time namespace, that namespace's page
 *           instead, whose clock_mode says VDSO_CLOCKMODE_TIMENS;
 *   page 1: only mapped for a task in a time namespace: the real data
 *           page, which the namespace page redirects to.
 */
#ifndef __ASM_AARCH64_VDSO_VDSO_H
#define __ASM_AARCH64_VDSO_VDSO_H

#define VDSO_DATA_PAGES		2
#define VDSO_TIMENS_PAGE	1

/*
 * After the two struct vdso_data (CS_BASES) at the page's start; the
 * kernel checks at build time that they end before it.
 */
#define VDSO_RNG_DATA_OFFSET	512

#endif /* __ASM_AARCH64_VDSO_VDSO_H */
