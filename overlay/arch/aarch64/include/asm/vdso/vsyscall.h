/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's side of the vDSO data page: where kernel/time/vsyscall.c
 * and the random driver write what the vDSO reads.
 */
#ifndef __ASM_AARCH64_VDSO_VSYSCALL_H
#define __ASM_AARCH64_VDSO_VSYSCALL_H

#ifndef __ASSEMBLY__

#include <linux/timekeeper_internal.h>
#include <vdso/datapage.h>
#include <asm/vdso/vdso.h>

/* The page itself, in kernel/vdso.c; user space maps it read-only. */
extern union vdso_data_store aarch64_vdso_page;

static __always_inline struct vdso_data *aarch64_k_vdso_data(void)
{
	return aarch64_vdso_page.data;
}
#define __arch_get_k_vdso_data	aarch64_k_vdso_data

static __always_inline struct vdso_rng_data *aarch64_k_vdso_rng_data(void)
{
	return (struct vdso_rng_data *)(aarch64_vdso_page.page +
					VDSO_RNG_DATA_OFFSET);
}
#define __arch_get_k_vdso_rng_data	aarch64_k_vdso_rng_data

/* No arch fields to update: the generic defaults are used for the rest. */
#include <asm-generic/vdso/vsyscall.h>

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_VDSO_VSYSCALL_H */
