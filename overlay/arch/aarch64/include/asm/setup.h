/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_SETUP_H
#define __ASM_AARCH64_SETUP_H

#include <uapi/asm/setup.h>

/* The stack kernel/early_map.c runs on (early_stack), MMU off. */
#define EARLY_STACK_SIZE	4096

/* What early_map_kernel() and early_map_image() return when they fail */
#define EARLY_MAP_PLACEMENT	1	/* the image is out of the idmap's reach */
#define EARLY_MAP_POOL		2	/* the table pool is too small */

#ifndef __ASSEMBLY__

#include <asm/memory.h>
#include <asm/sections.h>

/* mm/init.c: memblock layout and zones, in setup_arch() order */
void aarch64_memblock_init(void);
void bootmem_init(void);

/*
 * kernel/early_map.c, called by head.S with the MMU off (stage 1) and
 * then on, from the identity map (stage 2); linked with its symbols
 * prefixed __pi_ (__pi_early_map_kernel, __pi_early_stack).
 */
u64 early_map_kernel(u64 fdt_pa);
u64 early_map_image(u64 fdt_pa);

/* kernel/relocate.c and kernel/kaslr_early.c, for stage 2, linked so too */
void relocate_kernel(u64 offset);
u64 kaslr_early_init(void *fdt);

/* What kaslr_early_init() found, for kaslr_init() to report. */
enum kaslr_status {
	KASLR_ENABLED = 1,
	KASLR_DISABLED_CMDLINE,
	KASLR_NO_SEED,
};

/* kernel/kaslr.c */
void kaslr_init(void);
extern u16 memstart_offset_seed;

/* How far above its link address the image runs, a multiple of 2MB. */
static inline unsigned long kaslr_offset(void)
{
	return (unsigned long)_text - KIMAGE_VADDR;
}

static inline bool kaslr_enabled(void)
{
	return IS_ENABLED(CONFIG_RANDOMIZE_BASE) && kaslr_offset();
}

#endif

#endif /* __ASM_AARCH64_SETUP_H */
