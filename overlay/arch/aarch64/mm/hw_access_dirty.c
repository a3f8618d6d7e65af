// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware management of the Access flag and dirty state (FEAT_HAFDBS),
 * turned on CPU by CPU: TCR_EL1.HA where ID_AA64MMFR1_EL1.HAFDBS says
 * the CPU can set the Access flag itself (1 and up), TCR_EL1.HD where
 * it can also record dirty state in AP[2] of entries with the DBM bit
 * (2 and up), unless an erratum makes that unsafe.  asm/pgtable.h
 * describes what the kernel does with the entries in return.
 *
 * Each CPU decides for itself, as big.LITTLE systems pair cores that
 * have the feature with cores that lack it: an entry is correct for
 * either kind, a CPU without TCR_EL1.HA or HD taking the fault that the
 * other kind handles in hardware.  arch_has_hw_pte_young() reports the
 * boot CPU's choice: it only steers how much page aging relies on the
 * flag.
 *
 * "hw_afdbm=off" on the command line leaves both to faults on every
 * CPU: to measure what the hardware saves, or to rule it out.
 *
 * The list of CPUs whose dirty state management must stay off is
 * arm64's (arch/arm64/kernel/cpufeature.c, cpu_has_broken_dbm()).
 */
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/cputype.h>
#include <asm/pgtable.h>
#include <asm/sysreg.h>
#include <asm/tlbflush.h>

bool hw_access_flag __ro_after_init;
static bool hw_afdbm_off __ro_after_init;

static int __init parse_hw_afdbm(char *arg)
{
	if (!arg || strcmp(arg, "off"))
		return -EINVAL;
	hw_afdbm_off = true;
	return 0;
}
early_param("hw_afdbm", parse_hw_afdbm);

static const struct midr_range dbm_broken[] = {
	/*
	 * Cortex-A55 erratum 1024718, also in Kryo 4xx Silver r13p14: an
	 * update of DBM or AP[2] without break-before-make may be applied
	 * wrongly.
	 */
	MIDR_ALL_REVS(MIDR_CORTEX_A55),
	MIDR_REVS(MIDR_QCOM_KRYO_4XX_SILVER, 0xde, 0xde),
	/*
	 * Cortex-A510 erratum 2051678, r0p0 to r0p2: the hardware update of
	 * the dirty state may not follow the ordering rules.
	 */
	MIDR_REVS(MIDR_CORTEX_A510, 0x00, 0x02),
	{ }
};

static const char *const mode_name[] = {
	"off",
	"Access flag only",
	"Access flag and dirty state",
};

/* What the boot CPU turned on: an index into mode_name[]. */
static int boot_mode __ro_after_init = -1;

void hw_access_dirty_enable_this_cpu(void)
{
	unsigned int hafdbs = (read_sysreg(id_aa64mmfr1_el1) >>
			       ID_AA64MMFR1_EL1_HAFDBS_SHIFT) & 0xf;
	u32 midr = read_cpuid_id();
	bool broken = hafdbs >= 2 && midr_in_list(midr, dbm_broken);
	int mode = 0;

	if (hafdbs >= 1 && !hw_afdbm_off)
		mode = (hafdbs >= 2 && !broken) ? 2 : 1;

	if (mode) {
		write_sysreg(read_sysreg(tcr_el1) | TCR_HA |
			     (mode == 2 ? TCR_HD : 0), tcr_el1);
		isb();
		/*
		 * HA and HD are permitted to be cached in a TLB (DDI 0487
		 * L.a, TCR_EL1.HA, TCR_EL1.HD): no entry may keep them clear.
		 */
		local_flush_tlb_all();
	}

	if (boot_mode < 0) {
		boot_mode = mode;
		hw_access_flag = mode >= 1;
		pr_info("Hardware updates of page table entries: %s%s\n",
			mode_name[mode], hw_afdbm_off ? " (hw_afdbm=off)" :
			!hafdbs ? " (not implemented)" :
			broken ? ", dirty state left off for a CPU erratum" : "");
	} else if (mode != boot_mode) {
		pr_info("CPU%u: hardware updates of page table entries: %s%s (MIDR 0x%08x)\n",
			smp_processor_id(), mode_name[mode],
			broken ? ", dirty state left off for a CPU erratum" : "",
			midr);
	}
}
