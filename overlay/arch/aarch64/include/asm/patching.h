/* SPDX-License-Identifier: GPL-2.0-only */
/* Writing instructions into live kernel and module text: kernel/patching.c */
#ifndef __ASM_AARCH64_PATCHING_H
#define __ASM_AARCH64_PATCHING_H

#include <linux/types.h>

int aarch64_patch_text_nosync(void *addr, u32 insn);
int aarch64_patch_literal64(void *addr, u64 val);
int aarch64_patch_text(void *addrs[], u32 insns[], int cnt);

#endif /* __ASM_AARCH64_PATCHING_H */
