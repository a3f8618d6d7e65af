/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_PAGE_H
#define __ASM_AARCH64_PAGE_H

#include <asm/page-def.h>

#ifndef __ASSEMBLY__

#include <linux/types.h>
#include <asm/pgtable-types.h>

struct page;
struct vm_area_struct;

void clear_page(void *to);
void copy_page(void *to, const void *from);

#define clear_user_page(page, vaddr, pg)	clear_page(page)
#define copy_user_page(to, from, vaddr, pg)	copy_page(to, from)

typedef struct page *pgtable_t;

int pfn_is_map_memory(unsigned long pfn);

#include <asm/memory.h>

#endif /* __ASSEMBLY__ */

#define VM_DATA_DEFAULT_FLAGS	VM_DATA_FLAGS_TSK_EXEC

#include <asm-generic/getorder.h>

#endif /* __ASM_AARCH64_PAGE_H */
