// SPDX-License-Identifier: GPL-2.0-only
/*
 * Privileged Access Never (asm/pan.h): turned on for every CPU when the
 * boot CPU implements FEAT_PAN (ID_AA64MMFR1_EL1.PAN >= 1), else
 * emulated by TTBR0_EL1 switching where the kernel has it, unless the
 * command line says "nopan".
 *
 * PSTATE.PAN is not part of what cpu_switch_to() switches: a task that
 * schedule()s hands the CPU's value to the next.  It changes only on
 * exception entry (set, with SCTLR_EL1.SPAN clear), on exception return
 * (the interrupted context's value from SPSR_EL1.PAN) and by MSR.  The
 * boot CPU therefore sets it in setup_arch(), while init_task is the
 * only task and no exception frame saved with PAN clear exists, and
 * each secondary before its idle task runs, so that no context with
 * PAN clear is ever saved and later resumed.  The emulation is turned
 * on at the same point for the same reason: no saved context has a
 * uaccess window open.
 */
#include <linux/export.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/sched/task.h>
#include <asm/cpuinfo.h>
#include <asm/mmu_context.h>
#include <asm/pan.h>
#include <asm/sysreg.h>

#ifdef CONFIG_AARCH64_PAN
/* On once the boot CPU turned PAN on: the futex windows' MSR PAN. */
DEFINE_STATIC_KEY_FALSE(aarch64_pan);
#endif

#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
/*
 * On once the boot CPU runs the kernel with the reserved TTBR0_EL1.
 * Every module's user accesses open their windows inline.
 */
DEFINE_STATIC_KEY_FALSE(aarch64_ttbr0_pan);
EXPORT_SYMBOL(aarch64_ttbr0_pan);
u64 ttbr0_pan_reserved __ro_after_init;
EXPORT_SYMBOL(ttbr0_pan_reserved);
#endif

static bool pan_off_by_cmdline;

static int __init parse_nopan(char *str)
{
	pan_off_by_cmdline = true;
	return 0;
}
early_param("nopan", parse_nopan);

#ifdef CONFIG_AARCH64_PAN
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

static bool __init hw_pan_init(void)
{
	if (!cpu_has_pan(boot_id_regs))
		return false;
	pan_enable_this_cpu();
	static_branch_enable(&aarch64_pan);
	pr_info("PAN: Privileged Access Never on\n");
	return true;
}
#else
static bool __init hw_pan_init(void) { return false; }
#endif

#ifdef CONFIG_AARCH64_SW_TTBR0_PAN
/*
 * The entry code closes the window from now on; init_task, whose
 * thread_info the later tasks start from, gets the reserved table, so
 * that a uaccess window opened by a task that never had an mm faults.
 */
static bool __init sw_pan_init(void)
{
	ttbr0_pan_reserved = reserved_ttbr0();
	init_task.thread_info.ttbr0 = ttbr0_pan_reserved;
	static_branch_enable(&aarch64_ttbr0_pan);
	pr_info("PAN: emulated by switching TTBR0_EL1\n");
	return true;
}
#else
static bool __init sw_pan_init(void) { return false; }
#endif

void __init pan_init_boot(void)
{
	if (pan_off_by_cmdline) {
		pr_info("PAN: off (nopan)\n");
		return;
	}
	if (hw_pan_init() || sw_pan_init())
		return;
	pr_info("PAN: not implemented by this CPU or this kernel\n");
}

/*
 * A secondary CPU must have PAN when the boot CPU turned it on: the
 * futex windows' MSR PAN is UNDEFINED without FEAT_PAN.  The emulation
 * needs nothing of a CPU.
 */
bool pan_enable_secondary(unsigned int cpu)
{
#ifdef CONFIG_AARCH64_PAN
	u64 id[NR_ID_REGS];

	if (!static_key_enabled(&aarch64_pan))
		return true;
	read_id_regs(id);
	if (!cpu_has_pan(id)) {
		pr_crit("CPU%u: lacks PAN, which the boot CPU turned on\n", cpu);
		return false;
	}
	pan_enable_this_cpu();
#endif
	return true;
}
