/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * C prototypes of the functions that assembly files export, for the
 * symbol versions (CRCs) that MODVERSIONS computes from them: genksyms
 * reads the types here when it processes an exporting .S file.
 */
#ifndef __ASM_AARCH64_ASM_PROTOTYPES_H
#define __ASM_AARCH64_ASM_PROTOTYPES_H

#include <linux/arm-smccc.h>
#include <asm/cacheflush.h>
#include <asm/page.h>
#include <asm/string.h>
#include <asm/uaccess.h>

#endif /* __ASM_AARCH64_ASM_PROTOTYPES_H */
