/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * String functions: the generic C versions in lib/string.c for now;
 * optimised assembly versions can replace them one by one by defining
 * __HAVE_ARCH_<NAME> here.
 */
#ifndef __ASM_AARCH64_STRING_H
#define __ASM_AARCH64_STRING_H

#endif /* __ASM_AARCH64_STRING_H */
