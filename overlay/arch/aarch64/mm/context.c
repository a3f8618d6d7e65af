// SPDX-License-Identifier: GPL-2.0-only
/*
 * ASID allocation.
 *
 * TLB entries of user mappings are tagged with the ASID of TTBR0_EL1
 * (nG set), so switching address spaces needs no TLB flush as long as
 * no two live address spaces share an ASID.  ASIDs are 16 or 8 bits
 * wide (ID_AA64MMFR0_EL1.ASIDBits); ASID 0 is kept for the reserved
 * (empty) TTBR0 and the boot identity map.
 *
 * mm->context.id = generation | ASID.  When the ASIDs of a generation
 * run out, a new generation starts: the bitmap is cleared except for
 * the ASIDs running on some CPU right now ("reserved": those tasks keep
 * their number), and every CPU must flush its TLB before it next
 * installs an ASID of the new generation.
 *
 * The fast path (the address space's generation is current) only
 * updates this CPU's active_asids with a cmpxchg; a rollover on another
 * CPU swaps active_asids to 0 first, which makes the cmpxchg fail and
 * sends us to the locked slow path.
 *
 * Based on arch/arm64/mm/context.c: the generation counter, the bitmap
 * with reserved ASIDs and the lock-free fast path are its algorithm.
 */
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <asm/cpuinfo.h>
#include <asm/mmu_context.h>
#include <asm/sysreg.h>
#include <asm/tlbflush.h>

/* The generation counts in units above the widest ASID. */
#define GENERATION_UNIT		(1UL << ASID_BITS_MAX)
#define ASID_FIELD(id)		((id) & (GENERATION_UNIT - 1))
#define GENERATION(id)		((id) & ~(GENERATION_UNIT - 1))

static unsigned int asid_bits __ro_after_init;
static unsigned int asid_bits_limit __initdata = CONFIG_AARCH64_DEBUG_ASID_BITS;
static unsigned long nr_asids __ro_after_init;
static unsigned long *asid_map;
static unsigned long next_hint = 1;
static atomic64_t asid_generation;
static DEFINE_RAW_SPINLOCK(asid_lock);

static DEFINE_PER_CPU(atomic64_t, active_asids);
static DEFINE_PER_CPU(u64, reserved_asids);
static cpumask_t tlb_flush_pending;

/* Start a new generation.  Called with asid_lock held. */
static void new_generation(void)
{
	unsigned int cpu;

	bitmap_zero(asid_map, nr_asids);
	__set_bit(0, asid_map);

	for_each_possible_cpu(cpu) {
		u64 id = atomic64_xchg_relaxed(&per_cpu(active_asids, cpu), 0);

		/*
		 * 0 means the CPU has not switched since the previous
		 * rollover and still runs its reserved ASID.
		 */
		if (!id)
			id = per_cpu(reserved_asids, cpu);
		__set_bit(ASID_FIELD(id), asid_map);
		per_cpu(reserved_asids, cpu) = id;
	}

	cpumask_setall(&tlb_flush_pending);
}

/*
 * If @id is running somewhere as a reserved ASID, move it to the new
 * generation @newid on every CPU that holds it and say so.
 */
static bool update_reserved(u64 id, u64 newid)
{
	unsigned int cpu;
	bool found = false;

	for_each_possible_cpu(cpu) {
		if (per_cpu(reserved_asids, cpu) == id) {
			per_cpu(reserved_asids, cpu) = newid;
			found = true;
		}
	}
	return found;
}

static u64 assign_asid(struct mm_struct *mm)
{
	u64 id = atomic64_read(&mm->context.id);
	u64 generation = atomic64_read(&asid_generation);
	unsigned long asid;

	if (id) {
		u64 newid = generation | ASID_FIELD(id);

		/* Keep the old number if it is still ours to keep. */
		if (update_reserved(id, newid))
			return newid;
		if (!__test_and_set_bit(ASID_FIELD(id), asid_map))
			return newid;
	}

	asid = find_next_zero_bit(asid_map, nr_asids, next_hint);
	if (asid == nr_asids) {
		generation = atomic64_add_return_relaxed(GENERATION_UNIT,
							 &asid_generation);
		new_generation();
		pr_info_once("ASID allocator: first generation rollover\n");
		asid = find_next_zero_bit(asid_map, nr_asids, 1);
	}

	__set_bit(asid, asid_map);
	next_hint = asid;
	return generation | asid;
}

/*
 * Under software PAN the kernel runs with the reserved TTBR0_EL1 and
 * the task's own is written on the way to user space (switch_mm()
 * records it in the task's thread_info).
 */
static void set_ttbr0(struct mm_struct *mm, u64 id)
{
	if (ttbr0_pan_on())
		return;
	write_sysreg(mm_ttbr0(mm, ASID_FIELD(id)), ttbr0_el1);
	isb();
}

void check_and_switch_context(struct mm_struct *mm)
{
	unsigned int cpu = smp_processor_id();
	unsigned long flags;
	u64 id, active;

	id = atomic64_read(&mm->context.id);
	active = atomic64_read(this_cpu_ptr(&active_asids));
	if (active && GENERATION(id) == atomic64_read(&asid_generation) &&
	    atomic64_cmpxchg_relaxed(this_cpu_ptr(&active_asids), active, id))
		goto switch_now;

	raw_spin_lock_irqsave(&asid_lock, flags);
	id = atomic64_read(&mm->context.id);
	if (GENERATION(id) != atomic64_read(&asid_generation)) {
		id = assign_asid(mm);
		atomic64_set(&mm->context.id, id);
	}
	if (cpumask_test_and_clear_cpu(cpu, &tlb_flush_pending))
		local_flush_tlb_all();
	atomic64_set(this_cpu_ptr(&active_asids), id);
	raw_spin_unlock_irqrestore(&asid_lock, flags);

switch_now:
	set_ttbr0(mm, id);
}

/*
 * asid_bits=N (or CONFIG_AARCH64_DEBUG_ASID_BITS) narrows the ASID space
 * so that tests reach generation rollover.
 */
static int __init parse_asid_bits(char *arg)
{
	return kstrtouint(arg, 0, &asid_bits_limit);
}
early_param("asid_bits", parse_asid_bits);

/* ID_AA64MMFR0_EL1.ASIDBits: 2 = 16 bits (TCR_EL1.AS set), 0 = 8. */
static unsigned int this_cpu_asid_bits(void)
{
	u64 mmfr0 = read_sysreg(id_aa64mmfr0_el1);

	return ((mmfr0 >> ID_AA64MMFR0_EL1_ASIDBITS_SHIFT) & 0xf) == 2 ? 16 : 8;
}

/*
 * TCR_EL1.AS follows each CPU's own ID_AA64MMFR0_EL1.ASIDBits
 * (kernel/head.S).  A CPU with narrower ASIDs than the allocator hands
 * out would tag TLB entries with the low bits only, and two address
 * spaces whose ASIDs differ above them would hit each other's entries.
 */
bool asid_width_fits_this_cpu(unsigned int cpu)
{
	unsigned int bits = this_cpu_asid_bits();

	if (bits >= asid_bits)
		return true;
	pr_crit("CPU%u: has %u-bit ASIDs, the allocator hands out %u-bit ones\n",
		cpu, bits, asid_bits);
	return false;
}

static int __init asids_init(void)
{
	unsigned int floor;

	asid_bits = this_cpu_asid_bits();

	/*
	 * A rollover keeps one ASID per possible CPU besides ASID 0, and
	 * must still find a free one for the task that caused it: never
	 * narrow below twice the CPUs plus two.
	 */
	if (asid_bits_limit && asid_bits_limit < asid_bits) {
		floor = order_base_2(2 * num_possible_cpus() + 2);
		asid_bits = max(asid_bits_limit, floor);
		pr_info("ASID allocator: narrowed to %u bits for testing\n",
			asid_bits);
	}
	nr_asids = 1UL << asid_bits;

	atomic64_set(&asid_generation, GENERATION_UNIT);
	asid_map = bitmap_zalloc(nr_asids, GFP_KERNEL);
	if (!asid_map)
		panic("cannot allocate the ASID bitmap");
	__set_bit(0, asid_map);

	pr_info("ASID allocator: %lu ASIDs\n", nr_asids - 1);
	return 0;
}
early_initcall(asids_init);
