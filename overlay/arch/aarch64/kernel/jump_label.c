// SPDX-License-Identifier: GPL-2.0-only
/*
 * Static branches (include/asm/jump_label.h): each site is switched
 * between a NOP and a B to its label by a single-instruction patch.
 * The generic code queues all sites of a key, then applies them.
 */
#include <linux/jump_label.h>
#include <linux/smp.h>
#include <asm/insn.h>
#include <asm/patching.h>

bool arch_jump_label_transform_queue(struct jump_entry *entry,
				     enum jump_label_type type)
{
	unsigned long site = jump_entry_code(entry);
	u32 insn = AARCH64_INSN_NOP;

	if (type == JUMP_LABEL_JMP) {
		insn = aarch64_insn_branch(site, jump_entry_target(entry),
					   false);
		/* The label is in the site's own function: always in range. */
		if (WARN_ON_ONCE(insn == AARCH64_INSN_BAD))
			return true;
	}
	aarch64_patch_text_nosync((void *)site, insn);
	return true;
}

/*
 * Every CPU takes an IPI, whose exception entry and return are context
 * synchronisation events: none goes on executing a site's old
 * instruction once the key's update returns.
 */
void arch_jump_label_transform_apply(void)
{
	kick_all_cpus_sync();
}
