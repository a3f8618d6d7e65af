/* SPDX-License-Identifier: GPL-2.0-only */
/* No huge vmalloc/ioremap mappings yet: every vmap uses pages. */
#ifndef __ASM_AARCH64_VMALLOC_H
#define __ASM_AARCH64_VMALLOC_H

#endif /* __ASM_AARCH64_VMALLOC_H */
