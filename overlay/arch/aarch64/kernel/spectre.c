// SPDX-License-Identifier: GPL-2.0-only
/*
 * Speculative-execution side channels: for each CPU as it comes up,
 * whether it is affected (from its ID registers, a list of parts, or the
 * firmware), the mitigation it gets, and what
 * /sys/devices/system/cpu/vulnerabilities reports for the system (the
 * worst of its CPUs).  The decisions, the lists of parts and the
 * strings are arm64's (arch/arm64/kernel/proton-pack.c), so that the
 * same machine reports the same with either kernel; ARM's "Cache
 * Speculation Side-channels" white paper and its table of affected
 * cores are the source of both.
 *
 *  - Spectre-v1: user pointers are masked after access_ok()
 *    (asm/uaccess.h), array indices by array_index_nospec().
 *  - Spectre-v2 (branch target injection): unaffected with
 *    ID_AA64PFR0_EL1.CSV2 or on the parts listed; otherwise the firmware
 *    may offer SMCCC ARCH_WORKAROUND_1, called on a switch of address
 *    space and on an EL0 jump to a kernel address.
 *  - Spectre-BHB (branch history injection), only while Spectre-v2 is
 *    not left vulnerable: every entry from EL0 overwrites the branch
 *    history, with a loop of taken branches whose length depends on the
 *    core, or the firmware's ARCH_WORKAROUND_3.  Unaffected with
 *    ECBHB (ID_AA64MMFR1_EL1) or CSV2 >= 3, or on the listed parts.
 *  - Spectre-v4 (speculative store bypass): with FEAT_SSBS the kernel
 *    runs with PSTATE.SSBS clear (SCTLR_EL1.DSSBS is clear, so every
 *    exception enters with it clear) and each task's EL0 value follows
 *    its prctl(PR_SET_SPECULATION_CTRL) state; without it, firmware
 *    ARCH_WORKAROUND_2 is turned on for good.
 *  - Meltdown: the port has no kernel page-table isolation; it reports
 *    unaffected CPUs (CSV3, or the parts listed) as such, others as
 *    vulnerable.
 *
 * Under QEMU's firmware (SMCCC 1.0, no ARCH_WORKAROUND_*) the firmware
 * paths are never taken.
 */
#include <linux/arm-smccc.h>
#include <linux/bpf.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/nospec.h>
#include <linux/prctl.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <asm/cpuinfo.h>
#include <asm/cputype.h>
#include <asm/processor.h>
#include <asm/spectre.h>

DEFINE_PER_CPU_READ_MOSTLY(unsigned long, spectre_bhb_entry);
DEFINE_PER_CPU_READ_MOSTLY(bool, spectre_v2_fw_call);
DEFINE_STATIC_KEY_FALSE(spectre_bhb_on_entry);

static enum spectre_state meltdown_state, v2_state, bhb_state, v4_state;

/* The system is as exposed as its most exposed CPU. */
static void raise_state(enum spectre_state *system, enum spectre_state cpu)
{
	enum spectre_state old = READ_ONCE(*system);

	while (cpu > old) {
		enum spectre_state seen = cmpxchg(system, old, cpu);

		if (seen == old)
			break;
		old = seen;
	}
}

static bool nospectre_v2, nospectre_bhb;

static int __init parse_nospectre_v2(char *str)
{
	nospectre_v2 = true;
	return 0;
}
early_param("nospectre_v2", parse_nospectre_v2);

static int __init parse_nospectre_bhb(char *str)
{
	nospectre_bhb = true;
	return 0;
}
early_param("nospectre_bhb", parse_nospectre_bhb);

/* ssbd=: force-on, force-off, or kernel (the default: per task). */
enum v4_policy { V4_DYNAMIC, V4_ON, V4_OFF };
static enum v4_policy v4_policy;

static int __init parse_ssbd(char *str)
{
	if (!str)
		return -EINVAL;
	if (!strcmp(str, "force-on"))
		v4_policy = V4_ON;
	else if (!strcmp(str, "force-off"))
		v4_policy = V4_OFF;
	else if (!strcmp(str, "kernel"))
		v4_policy = V4_DYNAMIC;
	else
		return -EINVAL;
	return 0;
}
early_param("ssbd", parse_ssbd);

static bool v4_off(void)
{
	return cpu_mitigations_off() || v4_policy == V4_OFF;
}

/* Field @shift (4 bits, unsigned) of ID register @r on this CPU. */
static unsigned int id_field(const u64 *id, enum id_reg r, unsigned int shift)
{
	return (id[r] >> shift) & 0xf;
}

#define PFR0_CSV2	56
#define PFR0_CSV3	60
#define PFR1_SSBS	4
#define MMFR1_ECBHB	60
#define ISAR2_CLRBHB	28

static const struct midr_range meltdown_safe[] = {
	MIDR_ALL_REVS(MIDR_BRAHMA_B53),
	MIDR_ALL_REVS(MIDR_CORTEX_A35),
	MIDR_ALL_REVS(MIDR_CORTEX_A53),
	MIDR_ALL_REVS(MIDR_CORTEX_A55),
	MIDR_ALL_REVS(MIDR_CORTEX_A57),
	MIDR_ALL_REVS(MIDR_CORTEX_A72),
	MIDR_ALL_REVS(MIDR_MODEL(ARM_CPU_IMP_ARM, 0xd09)),	/* A73 */
	MIDR_ALL_REVS(MIDR_HISI_TSV110),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_2XX_SILVER),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_3XX_SILVER),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_4XX_SILVER),
	{ }
};

static const struct midr_range v2_safe[] = {
	MIDR_ALL_REVS(MIDR_CORTEX_A35),
	MIDR_ALL_REVS(MIDR_CORTEX_A53),
	MIDR_ALL_REVS(MIDR_CORTEX_A55),
	MIDR_ALL_REVS(MIDR_BRAHMA_B53),
	MIDR_ALL_REVS(MIDR_HISI_TSV110),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_2XX_SILVER),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_3XX_SILVER),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_4XX_SILVER),
	{ }
};

static const struct midr_range bhb_safe[] = {
	MIDR_ALL_REVS(MIDR_CORTEX_A35),
	MIDR_ALL_REVS(MIDR_CORTEX_A53),
	MIDR_ALL_REVS(MIDR_CORTEX_A55),
	MIDR_ALL_REVS(MIDR_CORTEX_A510),
	MIDR_ALL_REVS(MIDR_CORTEX_A520),
	MIDR_ALL_REVS(MIDR_BRAHMA_B53),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_2XX_SILVER),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_3XX_SILVER),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_4XX_SILVER),
	{ }
};

static const struct midr_range v4_safe[] = {
	MIDR_ALL_REVS(MIDR_CORTEX_A35),
	MIDR_ALL_REVS(MIDR_CORTEX_A53),
	MIDR_ALL_REVS(MIDR_CORTEX_A55),
	MIDR_ALL_REVS(MIDR_BRAHMA_B53),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_3XX_SILVER),
	MIDR_ALL_REVS(MIDR_QCOM_KRYO_4XX_SILVER),
	{ }
};

/* Spectre-BHB: the taken branches that overwrite a core's history. */
static const struct bhb_loop {
	u8 k;
	struct midr_range parts[12];
} bhb_loops[] = {
	{ 132, { MIDR_ALL_REVS(MIDR_CORTEX_X3), MIDR_ALL_REVS(MIDR_NEOVERSE_V2) } },
	{ 38, { MIDR_ALL_REVS(MIDR_CORTEX_A715), MIDR_ALL_REVS(MIDR_CORTEX_A720) } },
	{ 32, { MIDR_ALL_REVS(MIDR_CORTEX_A78), MIDR_ALL_REVS(MIDR_CORTEX_A78AE),
		MIDR_ALL_REVS(MIDR_CORTEX_A78C), MIDR_ALL_REVS(MIDR_CORTEX_X1),
		MIDR_ALL_REVS(MIDR_CORTEX_X1C), MIDR_ALL_REVS(MIDR_CORTEX_A710),
		MIDR_ALL_REVS(MIDR_CORTEX_X2), MIDR_ALL_REVS(MIDR_NEOVERSE_N2),
		MIDR_ALL_REVS(MIDR_NEOVERSE_V1), MIDR_ALL_REVS(MIDR_HISI_TSV110) } },
	{ 24, { MIDR_ALL_REVS(MIDR_CORTEX_A76), MIDR_ALL_REVS(MIDR_CORTEX_A76AE),
		MIDR_ALL_REVS(MIDR_CORTEX_A77), MIDR_ALL_REVS(MIDR_NEOVERSE_N1),
		MIDR_ALL_REVS(MIDR_QCOM_KRYO_4XX_GOLD),
		MIDR_ALL_REVS(MIDR_HISI_HIP09) } },
	{ 11, { MIDR_ALL_REVS(MIDR_AMPERE1) } },
	{ 8, { MIDR_ALL_REVS(MIDR_CORTEX_A72), MIDR_ALL_REVS(MIDR_CORTEX_A57) } },
};

static unsigned int bhb_loop_k(u32 midr)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bhb_loops); i++)
		if (midr_in_list(midr, bhb_loops[i].parts))
			return bhb_loops[i].k;
	return 0;
}

/* The firmware's answer for ARCH_WORKAROUND_@n on this CPU. */
static enum spectre_state fw_state(u32 workaround)
{
	struct arm_smccc_res res;

	arm_smccc_1_1_invoke(ARM_SMCCC_ARCH_FEATURES_FUNC_ID, workaround, &res);
	switch ((int)res.a0) {
	case SMCCC_RET_SUCCESS:
		return SPECTRE_MITIGATED;
	case SMCCC_ARCH_WORKAROUND_RET_UNAFFECTED:
		return SPECTRE_UNAFFECTED;
	case SMCCC_RET_NOT_REQUIRED:
		/* Only ARCH_WORKAROUND_2 answers so. */
		return workaround == ARM_SMCCC_ARCH_WORKAROUND_2 ?
		       SPECTRE_UNAFFECTED : SPECTRE_VULNERABLE;
	default:
		return SPECTRE_VULNERABLE;
	}
}

void spectre_v2_harden_slow(void)
{
	arm_smccc_1_1_invoke(ARM_SMCCC_ARCH_WORKAROUND_1, NULL);
}

static enum spectre_state v2_enable(const u64 *id, u32 midr)
{
	enum spectre_state s;

	if (id_field(id, ID_REG_AA64PFR0, PFR0_CSV2) || midr_in_list(midr, v2_safe))
		return SPECTRE_UNAFFECTED;
	s = fw_state(ARM_SMCCC_ARCH_WORKAROUND_1);
	if (s != SPECTRE_MITIGATED)
		return s;
	if (nospectre_v2 || cpu_mitigations_off()) {
		pr_info_once("spectre-v2 mitigation disabled by command line option\n");
		return SPECTRE_VULNERABLE;
	}
	__this_cpu_write(spectre_v2_fw_call, true);
	return SPECTRE_MITIGATED;
}

static enum spectre_state bhb_enable(const u64 *id, u32 midr, bool v2_vulnerable)
{
	unsigned int k;

	if (id_field(id, ID_REG_AA64PFR0, PFR0_CSV2) >= 3 ||
	    midr_in_list(midr, bhb_safe))
		return SPECTRE_UNAFFECTED;
	/* Left vulnerable to Spectre-v2, nothing is gained. */
	if (v2_vulnerable)
		return SPECTRE_VULNERABLE;
	if (!IS_ENABLED(CONFIG_MITIGATE_SPECTRE_BRANCH_HISTORY) ||
	    nospectre_bhb || cpu_mitigations_off()) {
		pr_info_once("spectre-bhb mitigation disabled\n");
		return SPECTRE_VULNERABLE;
	}
	/* The CPU clears the history itself on exception entry. */
	if (id_field(id, ID_REG_AA64MMFR1, MMFR1_ECBHB))
		return SPECTRE_MITIGATED;
	/*
	 * The port has no CLRBHB sequence: such a CPU is mitigated by the
	 * loop or the firmware, or left vulnerable.
	 */
	k = bhb_loop_k(midr);
	if (k) {
		__this_cpu_write(spectre_bhb_entry, k);
		return SPECTRE_MITIGATED;
	}
	if (fw_state(ARM_SMCCC_ARCH_WORKAROUND_3) == SPECTRE_MITIGATED) {
		switch (arm_smccc_1_1_get_conduit()) {
		case SMCCC_CONDUIT_SMC:
			__this_cpu_write(spectre_bhb_entry,
					 BIT(SPECTRE_BHB_FW_SMC_BIT));
			break;
		case SMCCC_CONDUIT_HVC:
			__this_cpu_write(spectre_bhb_entry,
					 BIT(SPECTRE_BHB_FW_HVC_BIT));
			break;
		default:
			return SPECTRE_VULNERABLE;
		}
		/* ARCH_WORKAROUND_3 does what ARCH_WORKAROUND_1 does. */
		__this_cpu_write(spectre_v2_fw_call, false);
		return SPECTRE_MITIGATED;
	}
	return SPECTRE_VULNERABLE;
}

/* MSR SSBS, #imm (DDI 0487 L.a, "MSR (immediate)": op1 3, op2 1). */
#define MSR_SSBS(imm)	do { asm volatile(".inst 0xd503403f | (" #imm " << 8)" ::: "memory"); } while (0)

static bool ssbs_everywhere = true;

static enum spectre_state v4_enable(const u64 *id, u32 midr)
{
	enum spectre_state s;

	if (midr_in_list(midr, v4_safe))
		return SPECTRE_UNAFFECTED;
	if (id_field(id, ID_REG_AA64PFR1, PFR1_SSBS)) {
		/*
		 * Exceptions enter with PSTATE.SSBS = SCTLR_EL1.DSSBS, which
		 * is clear: the kernel never speculates past a store.  This
		 * context came in some other way.
		 */
		if (v4_off())
			MSR_SSBS(1);
		else
			MSR_SSBS(0);
		return v4_off() ? SPECTRE_VULNERABLE : SPECTRE_MITIGATED;
	}
	ssbs_everywhere = false;
	s = fw_state(ARM_SMCCC_ARCH_WORKAROUND_2);
	if (s != SPECTRE_MITIGATED)
		return s;
	if (v4_off()) {
		arm_smccc_1_1_invoke(ARM_SMCCC_ARCH_WORKAROUND_2, 0, NULL);
		return SPECTRE_VULNERABLE;
	}
	/*
	 * The port does not switch the firmware's mitigation on every
	 * entry and exit: it stays on, for the kernel and all tasks.
	 */
	arm_smccc_1_1_invoke(ARM_SMCCC_ARCH_WORKAROUND_2, 1, NULL);
	if (v4_policy == V4_DYNAMIC) {
		pr_info("spectre-v4: firmware mitigation on for all tasks\n");
		v4_policy = V4_ON;
	}
	return SPECTRE_MITIGATED;
}

/*
 * On each CPU as it comes up, once the firmware interface is known:
 * the boot CPU from setup_arch(), the others from
 * secondary_start_kernel().
 */
void spectre_enable_this_cpu(void)
{
	u32 midr = read_cpuid_id();
	enum spectre_state v2;
	u64 id[NR_ID_REGS];

	read_id_regs(id);

	raise_state(&meltdown_state,
		    id_field(id, ID_REG_AA64PFR0, PFR0_CSV3) ||
		    midr_in_list(midr, meltdown_safe) ?
		    SPECTRE_UNAFFECTED : SPECTRE_VULNERABLE);
	v2 = v2_enable(id, midr);
	raise_state(&v2_state, v2);
	raise_state(&bhb_state, bhb_enable(id, midr, v2 == SPECTRE_VULNERABLE));
	raise_state(&v4_state, v4_enable(id, midr));
}

/*
 * The entry code reads spectre_bhb_entry only once a CPU needs it: the
 * key is switched on as such a CPU comes online, in process context and
 * before the scheduler gives it user tasks (CPUHP_AP_ONLINE_DYN comes
 * before CPUHP_AP_ACTIVE).  Nothing enters from EL0 before initcalls.
 */
static int spectre_bhb_cpu_online(unsigned int cpu)
{
	if (per_cpu(spectre_bhb_entry, cpu))
		static_branch_enable_cpuslocked(&spectre_bhb_on_entry);
	return 0;
}

static int __init spectre_bhb_key_init(void)
{
	int ret;

	ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "aarch64/spectre-bhb:online",
				spectre_bhb_cpu_online, NULL);
	return ret < 0 ? ret : 0;
}
arch_initcall(spectre_bhb_key_init);

/*
 * The EL0 value of PSTATE.SSBS for @tsk, from the policy and its prctl
 * state: speculation past stores allowed only when asked for.  Only
 * FEAT_SSBS CPUs look at the bit; the firmware's mitigation is
 * system-wide.
 */
void spectre_v4_task_init(struct task_struct *tsk)
{
	struct pt_regs *regs = task_pt_regs(tsk);
	bool ssbs;

	if (v4_off())
		ssbs = true;
	else if (v4_policy == V4_DYNAMIC && !(tsk->flags & PF_KTHREAD))
		ssbs = !task_spec_ssb_disable(tsk);
	else
		ssbs = false;

	if (ssbs)
		regs->pstate |= PSR_SSBS_BIT;
	else
		regs->pstate &= ~PSR_SSBS_BIT;
}

void spectre_v4_start_thread(struct pt_regs *regs)
{
	spectre_v4_task_init(current);
}

static void ssb_disable_speculation(struct task_struct *tsk)
{
	task_clear_spec_ssb_noexec(tsk);
	task_set_spec_ssb_disable(tsk);
}

static void ssb_allow_speculation(struct task_struct *tsk)
{
	task_clear_spec_ssb_noexec(tsk);
	task_clear_spec_ssb_disable(tsk);
}

static int ssb_prctl_set(struct task_struct *tsk, unsigned long ctrl)
{
	switch (ctrl) {
	case PR_SPEC_ENABLE:
		if (task_spec_ssb_force_disable(tsk) || v4_policy == V4_ON)
			return -EPERM;
		ssb_allow_speculation(tsk);
		break;
	case PR_SPEC_FORCE_DISABLE:
		if (v4_off())
			return -EPERM;
		task_set_spec_ssb_force_disable(tsk);
		ssb_disable_speculation(tsk);
		break;
	case PR_SPEC_DISABLE:
		if (v4_off())
			return -EPERM;
		ssb_disable_speculation(tsk);
		break;
	case PR_SPEC_DISABLE_NOEXEC:
		if (task_spec_ssb_force_disable(tsk) || v4_off() ||
		    v4_policy == V4_ON)
			return -EPERM;
		ssb_disable_speculation(tsk);
		task_set_spec_ssb_noexec(tsk);
		break;
	default:
		return -ERANGE;
	}
	spectre_v4_task_init(tsk);
	return 0;
}

int arch_prctl_spec_ctrl_set(struct task_struct *tsk, unsigned long which,
			     unsigned long ctrl)
{
	if (which != PR_SPEC_STORE_BYPASS)
		return -ENODEV;
	return ssb_prctl_set(tsk, ctrl);
}

int arch_prctl_spec_ctrl_get(struct task_struct *tsk, unsigned long which)
{
	if (which != PR_SPEC_STORE_BYPASS)
		return -ENODEV;

	switch (v4_state) {
	case SPECTRE_UNAFFECTED:
		return PR_SPEC_NOT_AFFECTED;
	case SPECTRE_MITIGATED:
		if (v4_policy == V4_ON)
			return PR_SPEC_NOT_AFFECTED;
		if (!v4_off())
			break;
		fallthrough;
	default:
		return PR_SPEC_ENABLE;
	}

	if (task_spec_ssb_force_disable(tsk))
		return PR_SPEC_PRCTL | PR_SPEC_FORCE_DISABLE;
	if (task_spec_ssb_noexec(tsk))
		return PR_SPEC_PRCTL | PR_SPEC_DISABLE_NOEXEC;
	if (task_spec_ssb_disable(tsk))
		return PR_SPEC_PRCTL | PR_SPEC_DISABLE;
	return PR_SPEC_PRCTL | PR_SPEC_ENABLE;
}

#ifdef CONFIG_SECCOMP
void arch_seccomp_spec_mitigate(struct task_struct *tsk)
{
	ssb_prctl_set(tsk, PR_SPEC_FORCE_DISABLE);
}
#endif

ssize_t cpu_show_meltdown(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, meltdown_state == SPECTRE_UNAFFECTED ?
			  "Not affected\n" : "Vulnerable\n");
}

ssize_t cpu_show_spectre_v1(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "Mitigation: __user pointer sanitization\n");
}

ssize_t cpu_show_spectre_v2(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	const char *how = "Branch predictor hardening";
	const char *bhb = bhb_state == SPECTRE_MITIGATED ? ", BHB" :
			  bhb_state == SPECTRE_VULNERABLE ? ", but not BHB" : "";

	switch (v2_state) {
	case SPECTRE_UNAFFECTED:
		if (bhb_state == SPECTRE_UNAFFECTED)
			return sysfs_emit(buf, "Not affected\n");
		/* Affected by BHB, a CPU is not unaffected by Spectre-v2. */
		how = "CSV2";
		fallthrough;
	case SPECTRE_MITIGATED:
		if (bhb_state == SPECTRE_MITIGATED && unprivileged_ebpf_enabled())
			return sysfs_emit(buf, "Vulnerable: Unprivileged eBPF enabled\n");
		return sysfs_emit(buf, "Mitigation: %s%s\n", how, bhb);
	default:
		return sysfs_emit(buf, "Vulnerable\n");
	}
}

ssize_t cpu_show_spec_store_bypass(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	switch (v4_state) {
	case SPECTRE_UNAFFECTED:
		return sysfs_emit(buf, "Not affected\n");
	case SPECTRE_MITIGATED:
		return sysfs_emit(buf, "Mitigation: Speculative Store Bypass disabled via prctl\n");
	default:
		return sysfs_emit(buf, "Vulnerable\n");
	}
}
