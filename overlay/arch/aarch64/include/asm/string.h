/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * String functions written for the port (arch/aarch64/lib), where the
 * generic versions in lib/string.c go a byte at a time: memcpy, memmove
 * and memset; and, without KASAN, strlen, strnlen, strcmp, strncmp and
 * memcmp.  The rest come from lib/string.c.
 */
#ifndef __ASM_AARCH64_STRING_H
#define __ASM_AARCH64_STRING_H

#define __HAVE_ARCH_MEMCPY
extern void *memcpy(void *dst, const void *src, __kernel_size_t n);

#define __HAVE_ARCH_MEMMOVE
extern void *memmove(void *dst, const void *src, __kernel_size_t n);

#define __HAVE_ARCH_MEMSET
extern void *memset(void *s, int c, __kernel_size_t n);

/*
 * These read whole doublewords, past a string's NUL where the page
 * allows it.  With KASAN the instrumented versions of lib/string.c
 * stay, which check every byte they read against the shadow.
 */
#ifndef CONFIG_KASAN
#define __HAVE_ARCH_STRLEN
extern __kernel_size_t strlen(const char *s);

#define __HAVE_ARCH_STRNLEN
extern __kernel_size_t strnlen(const char *s, __kernel_size_t n);

#define __HAVE_ARCH_STRCMP
extern int strcmp(const char *a, const char *b);

#define __HAVE_ARCH_STRNCMP
extern int strncmp(const char *a, const char *b, __kernel_size_t n);

#define __HAVE_ARCH_MEMCMP
extern int memcmp(const void *a, const void *b, __kernel_size_t n);
#endif

/*
 * Each routine is also reachable as __mem*().  With KASAN the kernel
 * calls the checked __asan_mem*() of mm/kasan/shadow.c from instrumented
 * code, and they end in these; code built without instrumentation
 * (KASAN_SANITIZE := n) calls them directly, so that a copy made where
 * the shadow cannot be trusted is not checked against it.
 */
extern void *__memcpy(void *dst, const void *src, __kernel_size_t n);
extern void *__memmove(void *dst, const void *src, __kernel_size_t n);
extern void *__memset(void *s, int c, __kernel_size_t n);

#if defined(CONFIG_KASAN) && !defined(__SANITIZE_ADDRESS__)
#define memcpy(dst, src, n)	__memcpy(dst, src, n)
#define memmove(dst, src, n)	__memmove(dst, src, n)
#define memset(s, c, n)		__memset(s, c, n)
#ifndef __NO_FORTIFY
#define __NO_FORTIFY	/* fortify would call the builtins */
#endif
#endif

#endif /* __ASM_AARCH64_STRING_H */
