/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_SETUP_H
#define __ASM_AARCH64_SETUP_H

#include <uapi/asm/setup.h>

/* The stack kernel/early_map.c runs on (early_stack), MMU off. */
#define EARLY_STACK_SIZE	4096

#ifndef __ASSEMBLY__

/* mm/init.c: memblock layout and zones, in setup_arch() order */
void aarch64_memblock_init(void);
void bootmem_init(void);

/*
 * kernel/early_map.c, called by head.S with the MMU off; linked with
 * its symbols prefixed __pi_ (__pi_early_map_kernel, __pi_early_stack).
 */
u64 early_map_kernel(u64 fdt_pa);

/*
 * kernel/relocate.c, called by head.S with the MMU on, from the
 * identity map; linked the same way (__pi_relocate_kernel).
 */
void relocate_kernel(u64 offset);

#endif

#endif /* __ASM_AARCH64_SETUP_H */
