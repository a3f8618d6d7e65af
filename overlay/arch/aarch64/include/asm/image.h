/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The 64-byte Image header that boot loaders read
 * (Documentation/arch/arm64/booting.rst):
 *
 *   0x00 code0 / code1  a branch to the entry point
 *   0x08 text_offset    0: load at a 2MB-aligned address
 *   0x10 image_size     bytes of memory the image needs, BSS included
 *   0x18 flags          bit 0: big-endian; bits 2:1: page size
 *                       (1 = 4K, 2 = 16K, 3 = 64K); bit 3: may be
 *                       placed anywhere in physical memory
 *   0x20 res2..res4
 *   0x38 magic          "ARM\x64"
 *   0x3c res5           (PE header offset for EFI, 0 here)
 */
#ifndef __ASM_AARCH64_IMAGE_H
#define __ASM_AARCH64_IMAGE_H

#define IMAGE_MAGIC		0x644d5241	/* "ARM\x64", little-endian */

#define IMAGE_FLAG_BE		0
#define IMAGE_FLAG_PAGE_SHIFT	1
#define IMAGE_FLAG_ANYWHERE	(1 << 3)

#if defined(CONFIG_AARCH64_4K_PAGES)
#define IMAGE_FLAG_PAGE		1
#elif defined(CONFIG_AARCH64_16K_PAGES)
#define IMAGE_FLAG_PAGE		2
#else
#define IMAGE_FLAG_PAGE		3
#endif

#define __IMAGE_FLAGS		(IMAGE_FLAG_BE | \
				 (IMAGE_FLAG_PAGE << IMAGE_FLAG_PAGE_SHIFT) | \
				 IMAGE_FLAG_ANYWHERE)

#endif /* __ASM_AARCH64_IMAGE_H */
