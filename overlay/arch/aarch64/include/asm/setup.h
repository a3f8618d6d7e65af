/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_SETUP_H
#define __ASM_AARCH64_SETUP_H

#include <uapi/asm/setup.h>

#ifndef __ASSEMBLY__

/* mm/init.c: memblock layout and zones, in setup_arch() order */
void aarch64_memblock_init(void);
void bootmem_init(void);

/* kernel/early_map.c, called by head.S with the MMU off */
u64 early_map_kernel(u64 fdt_pa);

#endif

#endif /* __ASM_AARCH64_SETUP_H */
