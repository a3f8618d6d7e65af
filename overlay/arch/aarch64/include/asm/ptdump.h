/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Dumps of translation tables other than the kernel's and the current
 * task's, in the format of mm/ptdump.c: the generic EFI code registers
 * the runtime services' tables (efi_mm) this way.
 */
#ifndef __ASM_AARCH64_PTDUMP_H
#define __ASM_AARCH64_PTDUMP_H

#include <linux/mm_types.h>

/* A boundary of a region of the address space, and its name. */
struct addr_marker {
	unsigned long addr;
	const char *name;
};

/* @mm from @base_addr up to its last marker; the markers end with NULL. */
struct ptdump_info {
	struct mm_struct *mm;
	const struct addr_marker *markers;
	unsigned long base_addr;
};

/* The runtime services are mapped in the user half (efi-stub.c). */
#define EFI_RUNTIME_MAP_END	TASK_SIZE

#ifdef CONFIG_PTDUMP_DEBUGFS
void ptdump_debugfs_register(struct ptdump_info *info, const char *name);
#else
static inline void ptdump_debugfs_register(struct ptdump_info *info,
					   const char *name)
{
}
#endif

#endif /* __ASM_AARCH64_PTDUMP_H */
