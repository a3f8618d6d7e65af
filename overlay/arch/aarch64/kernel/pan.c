// SPDX-License-Identifier: GPL-2.0-only
/*
 * Privileged Access Never (asm/pan.h): turned on for every CPU when the
 * boot CPU implements FEAT_PAN (ID_AA64MMFR1_EL1.PAN >= 1) and the
 * command line does not say "nopan".
 *
 * PSTATE.PAN is not part of what cpu_switch_to() switches: a task that
 * schedule()s hands the CPU's value to the next.  It changes only on
 * exception entry (set, with SCTLR_EL1.SPAN clear), on exception return
 * (the interrupted context's value from SPSR_EL1.PAN) and by MSR.  The
 * boot CPU therefore sets it in setup_arch(), while init_task is the
 * only task and no exception frame saved with PAN clear exists, and
 * each secondary before its idle task runs, so that no context with
 * PAN clear is ever saved and later resumed.
 */
#include <linux/init.h>
#include <linux/printk.h>
#include <asm/cpuinfo.h>
#include <asm/pan.h>
#include <asm/sysreg.h>

/* On once the boot CPU turned PAN on: the futex windows' MSR PAN. */
DEFINE_STATIC_KEY_FALSE(aarch64_pan);

static bool pan_off_by_cmdline;

static int __init parse_nopan(char *str)
{
	pan_off_by_cmdline = true;
	return 0;
}
early_param("nopan", parse_nopan);

static bool cpu_has_pan(const u64 *id)
{
	return ((id[ID_REG_AA64MMFR1] >> ID_AA64MMFR1_EL1_PAN_SHIFT) & 0xf) >= 1;
}

/*
 * SCTLR_EL1.SPAN clear: every exception taken to EL1 sets PSTATE.PAN,
 * so each entry from EL0 runs with it whatever EL0 left in SPSR.  Then
 * PAN for the code running now.
 */
static void pan_enable_this_cpu(void)
{
	write_sysreg(read_sysreg(sctlr_el1) & ~SCTLR_EL1_SPAN, sctlr_el1);
	isb();
	asm volatile(__MSR_PAN(1) : : : "memory");
}

void __init pan_init_boot(void)
{
	if (!cpu_has_pan(boot_id_regs)) {
		pr_info("PAN: not implemented by this CPU\n");
		return;
	}
	if (pan_off_by_cmdline) {
		pr_info("PAN: off (nopan)\n");
		return;
	}
	pan_enable_this_cpu();
	static_branch_enable(&aarch64_pan);
	pr_info("PAN: Privileged Access Never on\n");
}

/*
 * A secondary CPU must have PAN when the boot CPU turned it on: the
 * futex windows' MSR PAN is UNDEFINED without FEAT_PAN.
 */
bool pan_enable_secondary(unsigned int cpu)
{
	u64 id[NR_ID_REGS];

	if (!static_key_enabled(&aarch64_pan))
		return true;
	read_id_regs(id);
	if (!cpu_has_pan(id)) {
		pr_crit("CPU%u: lacks PAN, which the boot CPU turned on\n", cpu);
		return false;
	}
	pan_enable_this_cpu();
	return true;
}
