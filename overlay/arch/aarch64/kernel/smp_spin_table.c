// SPDX-License-Identifier: GPL-2.0-only
/*
 * enable-method = "spin-table", the protocol of the 2012 design
 * (Documentation/arch/aarch64/booting.rst): the boot loader holds each
 * secondary CPU in a loop, in memory the device tree reserves, that
 * reads the 64-bit location named by the CPU node's cpu-release-addr
 * and sleeps in WFE while it is zero.  The kernel releases the CPU by
 * storing the physical address of secondary_entry there.
 *
 * The waiting CPU runs with its MMU and caches off, so its loads go to
 * the point of coherency: the store is cleaned there (DC CVAC) before
 * SEV, whose event wakes the CPU from WFE to read the location again.
 * There is no way back into the loop, so a CPU started this way cannot
 * be taken offline.
 */
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/of.h>
#include <linux/smp.h>
#include <asm/barrier.h>
#include <asm/cacheflush.h>
#include <asm/memory.h>
#include <asm/smp_ops.h>

static phys_addr_t release_addr[NR_CPUS] __ro_after_init;

static int __init spin_table_prepare(unsigned int cpu, struct device_node *dn)
{
	u64 pa;

	if (of_property_read_u64(dn, "cpu-release-addr", &pa)) {
		if (cpu)
			pr_err("CPU%u (%pOF): enable-method \"spin-table\" without cpu-release-addr\n",
			       cpu, dn);
		return -ENODEV;
	}
	if (pa & 7) {
		pr_err("CPU%u (%pOF): cpu-release-addr 0x%llx is not 8-byte aligned\n",
		       cpu, dn, pa);
		return -EINVAL;
	}
	release_addr[cpu] = pa;
	return 0;
}

static int spin_table_boot(unsigned int cpu)
{
	phys_addr_t pa = release_addr[cpu];
	u64 entry = __pa_symbol(secondary_entry);
	void __iomem *io;
	u64 *slot;

	if (memblock_is_map_memory(pa)) {
		/*
		 * Usually the slot lies in RAM, reserved but in the linear
		 * map: write it through that cacheable alias and clean
		 * the line to the PoC, where the CPU reads.
		 */
		slot = __va(pa);
		WRITE_ONCE(*slot, cpu_to_le64(entry));
		dcache_clean_poc((unsigned long)slot,
				 (unsigned long)slot + sizeof(*slot));
	} else {
		/* Outside RAM: a Device mapping, whose stores go there. */
		io = ioremap(pa, sizeof(u64));
		if (!io)
			return -ENOMEM;
		writeq_relaxed(entry, io);
		dsb(sy);
		iounmap(io);
	}

	/* dcache_clean_poc() and the path above end with DSB SY. */
	sev();
	return 0;
}

const struct smp_enable_method smp_spin_table_method = {
	.name		= "spin-table",
	.prepare	= spin_table_prepare,
	.boot		= spin_table_boot,
};
