/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What lib/vdso/getrandom.c needs from the architecture: the system
 * call it falls back to and the random driver's generation counter.
 * __arch_chacha20_blocks_nostack() is in kernel/vdso/vgetrandom-chacha.S.
 */
#ifndef __ASM_AARCH64_VDSO_GETRANDOM_H
#define __ASM_AARCH64_VDSO_GETRANDOM_H

#ifndef __ASSEMBLY__

#include <asm/barrier.h>
#include <asm/unistd.h>
#include <asm/vdso/vdso.h>
#include <vdso/datapage.h>

static __always_inline ssize_t getrandom_syscall(void *buffer, size_t len,
						 unsigned int flags)
{
	register unsigned long x8 asm("x8") = __NR_getrandom;
	register unsigned long x0 asm("x0") = (unsigned long)buffer;
	register unsigned long x1 asm("x1") = len;
	register unsigned long x2 asm("x2") = flags;

	asm volatile("svc	#0"
		     : "+r" (x0)
		     : "r" (x1), "r" (x2), "r" (x8)
		     : "memory");
	return x0;
}

/*
 * The generation counter lives in the real data page only.  A task in
 * a time namespace has its namespace's page where the real one would
 * be, and the real one a page higher (asm/vdso/vdso.h).
 */
static __always_inline const struct vdso_rng_data *__arch_get_vdso_rng_data(void)
{
	const char *rng = (const char *)&_vdso_rng_data;

	if (IS_ENABLED(CONFIG_TIME_NS) &&
	    _vdso_data->clock_mode == VDSO_CLOCKMODE_TIMENS)
		rng += VDSO_TIMENS_PAGE << CONFIG_PAGE_SHIFT;
	return (const struct vdso_rng_data *)rng;
}

#endif /* !__ASSEMBLY__ */

#endif /* __ASM_AARCH64_VDSO_GETRANDOM_H */
