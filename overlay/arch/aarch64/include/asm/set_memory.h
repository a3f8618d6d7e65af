/* SPDX-License-Identifier: GPL-2.0-only */
/* Permission changes of vmalloc'ed kernel memory: mm/set_memory.c */
#ifndef __ASM_AARCH64_SET_MEMORY_H
#define __ASM_AARCH64_SET_MEMORY_H

int set_memory_ro(unsigned long addr, int numpages);
int set_memory_rw(unsigned long addr, int numpages);
int set_memory_x(unsigned long addr, int numpages);
int set_memory_nx(unsigned long addr, int numpages);

#endif /* __ASM_AARCH64_SET_MEMORY_H */
