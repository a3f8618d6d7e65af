/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * String functions written for the port (arch/aarch64/lib): memcpy,
 * memmove and memset, whose generic versions in lib/string.c go a byte
 * at a time.  The rest come from lib/string.c.
 */
#ifndef __ASM_AARCH64_STRING_H
#define __ASM_AARCH64_STRING_H

#define __HAVE_ARCH_MEMCPY
extern void *memcpy(void *dst, const void *src, __kernel_size_t n);

#define __HAVE_ARCH_MEMMOVE
extern void *memmove(void *dst, const void *src, __kernel_size_t n);

#define __HAVE_ARCH_MEMSET
extern void *memset(void *s, int c, __kernel_size_t n);

#endif /* __ASM_AARCH64_STRING_H */
