/* SPDX-License-Identifier: GPL-2.0-only */
/* Permission changes of kernel memory mapped by pages: mm/set_memory.c */
#ifndef __ASM_AARCH64_SET_MEMORY_H
#define __ASM_AARCH64_SET_MEMORY_H

#include <linux/types.h>

bool can_set_direct_map(void);
#define can_set_direct_map can_set_direct_map

int set_memory_ro(unsigned long addr, int numpages);
int set_memory_rw(unsigned long addr, int numpages);
int set_memory_x(unsigned long addr, int numpages);
int set_memory_nx(unsigned long addr, int numpages);
int set_memory_valid(unsigned long addr, int numpages, int enable);

#endif /* __ASM_AARCH64_SET_MEMORY_H */
