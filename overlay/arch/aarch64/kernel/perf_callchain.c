// SPDX-License-Identifier: GPL-2.0-only
/*
 * Call chains of perf samples: the kernel's through the frame-record
 * unwinder (kernel/stacktrace.c), which crosses from the IRQ stack to
 * the task's, and user space's through the frame records of AArch64
 * code built with frame pointers (arch_stack_walk_user()).
 */
#include <linux/perf_event.h>
#include <linux/stacktrace.h>

static bool callchain_store(void *entry, unsigned long pc)
{
	return perf_callchain_store(entry, pc) == 0;
}

void perf_callchain_user(struct perf_callchain_entry_ctx *entry,
			 struct pt_regs *regs)
{
	arch_stack_walk_user(callchain_store, entry, regs);
}

void perf_callchain_kernel(struct perf_callchain_entry_ctx *entry,
			   struct pt_regs *regs)
{
	arch_stack_walk(callchain_store, entry, current, regs);
}
