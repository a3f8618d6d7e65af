/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The SMBIOS tables that drivers/firmware/dmi_scan.c reads.  UEFI puts
 * them in runtime-services data, which the kernel leaves out of its
 * linear map, and never gives them a virtual address: each use maps
 * them write-back (memremap() through ioremap_cache()).  dmi_setup()
 * runs as a core initcall (efi/arm-runtime.c), when memremap() works,
 * so the early and late forms are the same.
 */
#ifndef __ASM_AARCH64_DMI_H
#define __ASM_AARCH64_DMI_H

#include <linux/io.h>
#include <linux/slab.h>

static inline void __iomem *dmi_remap(u64 phys, unsigned long len)
{
	return (void __iomem *)memremap(phys, len, MEMREMAP_WB);
}

static inline void dmi_unmap(void __iomem *virt)
{
	memunmap((void __force *)virt);
}

#define dmi_early_remap(phys, len)	dmi_remap(phys, len)
#define dmi_early_unmap(virt, len)	dmi_unmap(virt)
#define dmi_alloc(len)			kzalloc(len, GFP_KERNEL)

#endif /* __ASM_AARCH64_DMI_H */
