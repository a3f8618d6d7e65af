// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vDSO's getrandom(): the generic implementation
 * (lib/vdso/getrandom.c, included by the Makefile) over the Advanced
 * SIMD ChaCha20 of vgetrandom-chacha.S.
 */
#include "entry.h"

ssize_t __kernel_getrandom(void *buffer, size_t len, unsigned int flags,
			   void *opaque_state, size_t opaque_len)
{
	return __cvdso_getrandom(buffer, len, flags, opaque_state, opaque_len);
}
