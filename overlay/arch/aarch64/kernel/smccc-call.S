/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SMC Calling Convention (ARM DEN 0028) conduits for the firmware
 * drivers: arguments in x0-x7, results in x0-x3, written to the
 * struct arm_smccc_res passed on the stack (the 9th argument).
 */
#include <linux/linkage.h>
#include <linux/arm-smccc.h>
#include <asm/asm-offsets.h>

	.macro	smccc_call, insn
	\insn	#0
	ldr	x4, [sp]		// struct arm_smccc_res *
	cbz	x4, 1f
	stp	x0, x1, [x4, #SMCCC_RES_A0]
	stp	x2, x3, [x4, #SMCCC_RES_A2]
1:	ret
	.endm

/*
 * void __arm_smccc_smc(a0, ..., a7, struct arm_smccc_res *res,
 *			struct arm_smccc_quirk *quirk)
 * No quirks are handled: the quirk argument is ignored.
 */
SYM_FUNC_START(__arm_smccc_smc)
	smccc_call smc
SYM_FUNC_END(__arm_smccc_smc)
EXPORT_SYMBOL(__arm_smccc_smc)

SYM_FUNC_START(__arm_smccc_hvc)
	smccc_call hvc
SYM_FUNC_END(__arm_smccc_hvc)
EXPORT_SYMBOL(__arm_smccc_hvc)
