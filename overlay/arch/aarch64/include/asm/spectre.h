/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Speculative-execution vulnerabilities: what the CPUs are exposed to
 * and what the kernel does about it (kernel/spectre.c).
 */
#ifndef __ASM_AARCH64_SPECTRE_H
#define __ASM_AARCH64_SPECTRE_H

/*
 * spectre_bhb_entry, per CPU, read by the EL0 entry code (entry.S):
 * 0, nothing to do; 1..255, loop that many times over taken branches;
 * or one of these, call the firmware's SMCCC ARCH_WORKAROUND_3.
 */
#define SPECTRE_BHB_FW_SMC_BIT	8
#define SPECTRE_BHB_FW_HVC_BIT	9

#ifndef __ASSEMBLY__

#include <linux/jump_label.h>
#include <linux/percpu.h>
#include <linux/types.h>

struct task_struct;

enum spectre_state {
	SPECTRE_UNAFFECTED,
	SPECTRE_MITIGATED,
	SPECTRE_VULNERABLE,
};

DECLARE_PER_CPU_READ_MOSTLY(unsigned long, spectre_bhb_entry);
/* Some CPU has a nonzero spectre_bhb_entry: the entry code reads it. */
DECLARE_STATIC_KEY_FALSE(spectre_bhb_on_entry);
DECLARE_PER_CPU_READ_MOSTLY(bool, spectre_v2_fw_call);

void spectre_enable_this_cpu(void);
void spectre_v2_harden_slow(void);
void spectre_v4_task_init(struct task_struct *tsk);

/*
 * Spectre-v2 on a CPU the firmware mitigates: invalidate the branch
 * predictor where user space could have trained it for the kernel, on
 * a switch to another address space and when EL0 jumps to a kernel
 * address.
 */
static inline void spectre_v2_harden(void)
{
	if (__this_cpu_read(spectre_v2_fw_call))
		spectre_v2_harden_slow();
}

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_SPECTRE_H */
