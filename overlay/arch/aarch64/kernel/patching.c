// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writing instructions into kernel and module text while it runs.
 *
 * Text is mapped read-only (the kernel image by early_map.c, modules by
 * set_memory_ro()), and so is the linear alias of the kernel's text.
 * A patch is written through a private writable alias of the page, a
 * fixmap slot (FIX_TEXT_POKE0), so that no writable mapping of text
 * exists outside the patch lock.
 *
 * Making the new instruction visible to instruction fetch follows the
 * ARM ARM's sequence for self-modifying code (DDI 0487 L.a,
 * "Concurrent modification and execution of instructions" and
 * "Instruction cache maintenance", the sequence of DC CVAU, DSB, IC
 * IVAU, DSB, ISB): clean the D-cache line to the Point of Unification,
 * invalidate the I-cache line by the address the code runs at, and
 * synchronise context.  QEMU's TCG detects every write to translated
 * code by itself and never shows a missing step here.
 *
 * The stop_machine() variant follows the design of
 * arch/arm64/kernel/patching.c.
 */
#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/spinlock.h>
#include <linux/stop_machine.h>
#include <linux/vmalloc.h>
#include <asm/cacheflush.h>
#include <asm/fixmap.h>
#include <asm/insn.h>
#include <asm/patching.h>
#include <asm/sections.h>

static DEFINE_RAW_SPINLOCK(patch_lock);

/*
 * Physical address of a text address: the kernel image or a module.
 * The image first: with KASLR it lies inside the vmalloc area, and
 * vmalloc_to_page() cannot walk its tables before paging_init() (static
 * keys are patched before then).
 */
static phys_addr_t text_to_phys(unsigned long addr)
{
	if (__is_kernel(addr))
		return __pa_symbol(addr);
	return page_to_phys(vmalloc_to_page((void *)addr)) +
	       offset_in_page(addr);
}

/*
 * Store @size (4 or 8) bytes at @addr through the private alias, as one
 * aligned access: single-copy atomic for other CPUs (DDI 0487 L.a,
 * "Single-copy atomicity").
 */
static void patch_store(unsigned long va, u64 val, int size)
{
	unsigned long flags;
	void *alias;

	raw_spin_lock_irqsave(&patch_lock, flags);
	__set_fixmap(FIX_TEXT_POKE0, text_to_phys(va) & PAGE_MASK,
		     PAGE_KERNEL);
	alias = (void *)(__fix_to_virt(FIX_TEXT_POKE0) + offset_in_page(va));
	if (size == sizeof(u64))
		WRITE_ONCE(*(__le64 *)alias, cpu_to_le64(val));
	else
		WRITE_ONCE(*(__le32 *)alias, cpu_to_le32(val));
	/*
	 * The store, through the alias, completes before any maintenance
	 * or use by the text's own address (the D-cache is PIPT, the
	 * ordering of accesses by another VA is not implied).
	 */
	dsb(ish);
	__set_fixmap(FIX_TEXT_POKE0, 0, __pgprot(0));
	raw_spin_unlock_irqrestore(&patch_lock, flags);
}
NOKPROBE_SYMBOL(patch_store);

/*
 * Write one instruction at @addr and make it visible to this CPU's
 * instruction fetch.  Other CPUs see it after their next context
 * synchronisation event; single instructions such as B, BL and NOP may
 * be exchanged while they execute the old one (DDI 0487 L.a,
 * "Concurrent modification and execution of instructions"), so callers
 * that need all CPUs to have switched send an IPI to each.
 */
int aarch64_patch_text_nosync(void *addr, u32 insn)
{
	unsigned long va = (unsigned long)addr;

	if (va & (AARCH64_INSN_SIZE - 1))
		return -EINVAL;
	patch_store(va, insn, sizeof(insn));
	caches_sync_icache_range(va, va + AARCH64_INSN_SIZE);
	return 0;
}
NOKPROBE_SYMBOL(aarch64_patch_text_nosync);

/*
 * Write a 64-bit literal that lives in text and is read as data (the
 * function tracer's per-call-site ops pointer): no instruction cache
 * maintenance, as no instruction changes.
 */
int aarch64_patch_literal64(void *addr, u64 val)
{
	unsigned long va = (unsigned long)addr;

	if (va & (sizeof(u64) - 1))
		return -EINVAL;
	patch_store(va, val, sizeof(val));
	return 0;
}

struct patch_batch {
	void **addrs;
	u32 *insns;
	int cnt;
	int ret;
	atomic_t cpus_in;
};

/*
 * Run on every online CPU by stop_machine(): the last to arrive writes
 * all the instructions, then releases the others, which discard what
 * they may have fetched of the old text with an ISB before returning
 * to it.
 */
static int patch_batch_cpu(void *data)
{
	struct patch_batch *pb = data;
	int cpus = num_online_cpus();
	int i;

	if (atomic_inc_return(&pb->cpus_in) == cpus) {
		for (i = 0; i < pb->cnt && !pb->ret; i++)
			pb->ret = aarch64_patch_text_nosync(pb->addrs[i],
							    pb->insns[i]);
		/* Fully ordered: the writes above come first. */
		atomic_inc_return(&pb->cpus_in);
	} else {
		while (atomic_read_acquire(&pb->cpus_in) <= cpus)
			cpu_relax();
		isb();
	}
	return pb->ret;
}
NOKPROBE_SYMBOL(patch_batch_cpu);

/*
 * Write several instructions that must change together, or one that
 * may not be exchanged under a running CPU: all other CPUs wait in
 * stop_machine() while it happens.
 */
int aarch64_patch_text(void *addrs[], u32 insns[], int cnt)
{
	struct patch_batch pb = {
		.addrs = addrs, .insns = insns, .cnt = cnt,
		.cpus_in = ATOMIC_INIT(0),
	};

	if (cnt <= 0)
		return -EINVAL;
	return stop_machine_cpuslocked(patch_batch_cpu, &pb, cpu_online_mask);
}
