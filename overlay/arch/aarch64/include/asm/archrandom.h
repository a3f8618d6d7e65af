/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * No architectural random number source is used yet (FEAT_RNG's
 * RNDR, or the SMCCC TRNG firmware interface): the generic stubs report
 * that none is available, and the entropy pool relies on other sources.
 */
#ifndef __ASM_AARCH64_ARCHRANDOM_H
#define __ASM_AARCH64_ARCHRANDOM_H

#include <linux/types.h>
#include <asm-generic/archrandom.h>

static inline bool smccc_probe_trng(void)
{
	return false;
}

#endif /* __ASM_AARCH64_ARCHRANDOM_H */
