// SPDX-License-Identifier: GPL-2.0-only
/*
 * /sys/devices/system/cpu/vulnerabilities/{meltdown,spectre_v1,
 * spectre_v2,spec_store_bypass}, against what arm64 reports for the
 * CPUs in /proc/cpuinfo and the firmware the machine has.
 *
 * The facts come from ARM's "Vulnerability of Speculative Processors to
 * Cache Timing Side-Channel Mechanism" table (Arm Security Center,
 * "Speculative Processor Vulnerability"), which lists the affected Arm
 * cores only, by variant: Variant 1 (Spectre v1, bounds check bypass),
 * 2 (Spectre v2, branch target injection), 3 (Meltdown, rogue data
 * cache load), 3a (rogue system register read) and 4 (speculative store
 * bypass).  Cortex-A57 and Cortex-A72 have variants 1, 2, 3a and 4, not
 * 3; Cortex-A53 is not in the table (none).  A CPU that is no Arm core
 * says what it has in its ID registers instead: ID_AA64PFR0_EL1.CSV2
 * (bits 59:56; 1 or more: branch targets from one context cannot steer
 * another's speculation, 3 (FEAT_CSV2_3) also for branch history),
 * .CSV3 (bits 63:60: no Meltdown) and ID_AA64PFR1_EL1.SSBS (bits 7:4:
 * the PSTATE.SSBS control of store bypass, 2 with MSR/MRS SSBS).
 *
 * arm64 turns these into the four files (arch/arm64/kernel/
 * proton-pack.c and cpufeature.c), the system's state being the worst
 * of its CPUs':
 *  - spectre_v1: "Mitigation: __user pointer sanitization" on every CPU
 *    (the kernel masks user pointers and array indices whatever the
 *    CPU; user space protects itself);
 *  - meltdown: "Not affected" for a CPU on its list of cores without
 *    Meltdown (Cortex-A53, A57, A72 among them) or with CSV3; otherwise
 *    "Mitigation: PTI" (kernel unmapped at EL0) or "Vulnerable";
 *  - spectre_v2: a CPU is unaffected with CSV2 >= 1 or on its list
 *    (Cortex-A53 among them), else mitigated only by firmware
 *    (SMCCC_ARCH_WORKAROUND_1), else vulnerable.  Spectre-BHB (branch
 *    history injection) is then judged apart: no concern with CSV2_3 or
 *    on its list (Cortex-A53 among them); otherwise, unless Spectre v2
 *    is unmitigated, mitigated by ECBHB, the ClearBHB instruction, the
 *    branchy loop of a known core, or SMCCC_ARCH_WORKAROUND_3, or left
 *    vulnerable.  The file says "Not affected" when both are
 *    unaffected, "Vulnerable" when v2 is, else "Mitigation: CSV2" (v2
 *    unaffected) or "Mitigation: Branch predictor hardening" (v2
 *    mitigated) followed by ", BHB" (BHB mitigated), ", but not BHB"
 *    (BHB vulnerable) or nothing (BHB unaffected);
 *  - spec_store_bypass: "Not affected" for a CPU on its list (Cortex-A53
 *    among them); "Mitigation: Speculative Store Bypass disabled via
 *    prctl" with SSBS >= 1 or firmware SMCCC_ARCH_WORKAROUND_2;
 *    otherwise "Vulnerable".
 *
 * The firmware: QEMU's own PSCI emulation (QEMU 7.2) and the project's
 * spin-table wrapper (PSCI 0.2) both speak SMCCC v1.0, so the kernel
 * cannot ask for SMCCC_ARCH_WORKAROUND_1/2/3: no firmware mitigation.
 * Off QEMU (no "linux,dummy-virt" device tree) the firmware is unknown
 * and the answers that depend on it are not checked.
 *
 * The ID fields: arm64 hides CSV2 and CSV3 from EL0 (its MRS emulation
 * reads them as 0; Documentation/arch/arm64/cpu-feature-registers.rst
 * does not list them) and shows SSBS (also hwcap "ssbs" for SSBS >= 2);
 * this test checks that EL0 sees exactly that.  So for a CPU unknown by
 * its MIDR the hidden fields come from its model: QEMU's max
 * (implementer 0x00, part 0x051), as QEMU 7.2 defines it
 * (target/arm/cpu64.c, aarch64_max_initfn), has CSV2 = 2 (FEAT_CSV2_2,
 * not CSV2_3), CSV3 = 1, SSBS = 2 (checked: visible), no ECBHB and no
 * ClearBHB, and no branchy-loop count: Spectre v2 unaffected, BHB
 * vulnerable.  (A later QEMU gives max CSV2_3, and this table would
 * need its row updated.)  A CPU known neither way is skipped.
 */
#include <stdint.h>
#include <sys/auxv.h>
#include <asm/hwcap.h>
#include "wb.h"

enum state { UNAFFECTED, MITIGATED, VULNERABLE };	/* arm64's order */

struct model {
	unsigned int imp, part;
	const char *name;
	int kpti_safe;		/* on arm64's list of cores without Meltdown */
	int v2_safe;		/* on arm64's Spectre v2 list */
	int bhb_safe;		/* on arm64's Spectre-BHB list */
	int bhb_loop;		/* a branchy-loop count for BHB (k > 0) */
	int v4_safe;		/* on arm64's Spectre v4 list */
	int csv2, csv3;		/* hidden from EL0: from the model */
	int ecbhb, clearbhb;	/* hidden from EL0: from the model */
};

static const struct model models[] = {
	/* Arm cores: ARM's table; none has CSV2, CSV3, ECBHB, ClearBHB. */
	{ 0x41, 0xd03, "Cortex-A53", 1, 1, 1, 0, 1, 0, 0, 0, 0 },
	{ 0x41, 0xd07, "Cortex-A57", 1, 0, 0, 8, 0, 0, 0, 0, 0 },
	{ 0x41, 0xd08, "Cortex-A72", 1, 0, 0, 8, 0, 0, 0, 0, 0 },
	/* QEMU 7.2's max: on no list; its hidden ID fields. */
	{ 0x00, 0x051, "QEMU max", 0, 0, 0, 0, 0, 2, 1, 0, 0 },
};

#define read_id(reg) ({ uint64_t __v; asm volatile("mrs %0, " #reg : "=r"(__v)); __v; })

static void read_file(const char *name, char *buf, size_t len)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/vulnerabilities/%s", name);
	f = fopen(path, "r");
	wb_check(f, "open %s", path);
	if (!fgets(buf, len, f))
		buf[0] = 0;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
}

static void expect(const char *name, const char *want)
{
	char got[256];

	read_file(name, got, sizeof(got));
	if (strcmp(got, want))
		wb_fail("%s: '%s', expected '%s'", name, got, want);
	printf("%s: %s\n", name, got);
}

static enum state worst(enum state a, enum state b)
{
	return a > b ? a : b;
}

int main(void)
{
	enum state v2 = UNAFFECTED, bhb = UNAFFECTED;
	enum state v4 = UNAFFECTED;
	int qemu = wb_on_qemu(), ncpu = 0, fw_matters = 0;
	unsigned int imp = 0, part = 0;
	uint64_t pfr0, pfr1;
	unsigned int ssbs;
	char line[512], want[128];
	FILE *f;

	setvbuf(stdout, NULL, _IOLBF, 0);

	f = fopen("/proc/cmdline", "r");
	wb_check(f, "open /proc/cmdline");
	if (fgets(line, sizeof(line), f) &&
	    (strstr(line, "mitigations=") || strstr(line, "nospectre") ||
	     strstr(line, "ssbd=") || strstr(line, "kpti=")))
		wb_skip("the command line changes the mitigations: %s", line);
	fclose(f);

	/* What EL0 sees of the ID fields (MRS emulation, HWCAP_CPUID). */
	pfr0 = read_id(ID_AA64PFR0_EL1);
	pfr1 = read_id(ID_AA64PFR1_EL1);
	ssbs = pfr1 >> 4 & 0xf;
	printf("EL0 view: ID_AA64PFR0_EL1 %016llx (CSV2 %llu, CSV3 %llu), ID_AA64PFR1_EL1 %016llx (SSBS %u), hwcap ssbs %d%s\n",
	       (unsigned long long)pfr0, (unsigned long long)(pfr0 >> 56 & 0xf),
	       (unsigned long long)(pfr0 >> 60), (unsigned long long)pfr1, ssbs,
	       !!(getauxval(AT_HWCAP) & HWCAP_SSBS), qemu ? "; on QEMU" : "");
	if (pfr0 >> 56)
		wb_fail("ID_AA64PFR0_EL1 shows CSV2/CSV3 (bits 63:56 = 0x%llx) to EL0: arm64 hides them (FTR_HIDDEN)",
			(unsigned long long)(pfr0 >> 56));
	if (!!(getauxval(AT_HWCAP) & HWCAP_SSBS) != (ssbs >= 2))
		wb_fail("hwcap ssbs %d disagrees with ID_AA64PFR1_EL1.SSBS %u",
			!!(getauxval(AT_HWCAP) & HWCAP_SSBS), ssbs);

	f = fopen("/proc/cpuinfo", "r");
	wb_check(f, "open /proc/cpuinfo");
	while (wb_cpuinfo_next(f, &imp, &part)) {
		const struct model *m = NULL;
		enum state c_v2, c_bhb, c_v4;

		for (unsigned int i = 0; i < sizeof(models) / sizeof(models[0]); i++)
			if (models[i].imp == imp && models[i].part == part)
				m = &models[i];
		if (!m)
			wb_skip("cpu%d: implementer 0x%02x part 0x%03x is no CPU this test knows",
				ncpu, imp, part);
		printf("cpu%d: implementer 0x%02x part 0x%03x: %s\n", ncpu, imp, part, m->name);
		ncpu++;

		/* The model's visible SSBS must be what EL0 reads. */
		if (m->imp == 0x00 && ssbs != 2)
			wb_fail("%s: ID_AA64PFR1_EL1.SSBS reads %u, QEMU 7.2's max has 2: not the model this test knows",
				m->name, ssbs);

		/* Meltdown: every CPU here is safe (list or CSV3); KPTI is
		 * built into both kernels but not needed. */
		if (!m->kpti_safe && !m->csv3)
			wb_skip("%s has Meltdown: not modelled", m->name);

		/* Spectre v2: hardware, then firmware (none). */
		c_v2 = (m->csv2 >= 1 || m->v2_safe) ? UNAFFECTED : VULNERABLE;
		if (c_v2 == VULNERABLE)
			fw_matters = 1;

		/* Spectre-BHB */
		if (m->csv2 >= 3 || m->bhb_safe)
			c_bhb = UNAFFECTED;
		else if (c_v2 == VULNERABLE)
			c_bhb = VULNERABLE;	/* "no point mitigating BHB alone" */
		else if (m->ecbhb || m->clearbhb || m->bhb_loop)
			c_bhb = MITIGATED;
		else {
			c_bhb = VULNERABLE;	/* no firmware WORKAROUND_3 */
			fw_matters = 1;
		}

		/* Spectre v4: list, then SSBS, then firmware (none). */
		if (m->v4_safe)
			c_v4 = UNAFFECTED;
		else if (ssbs >= 1)
			c_v4 = MITIGATED;
		else {
			c_v4 = VULNERABLE;
			fw_matters = 1;
		}

		v2 = worst(v2, c_v2);
		bhb = worst(bhb, c_bhb);
		v4 = worst(v4, c_v4);
	}
	fclose(f);
	wb_check(ncpu > 0, "no 'CPU part' line in /proc/cpuinfo");

	expect("spectre_v1", "Mitigation: __user pointer sanitization");
	expect("meltdown", "Not affected");

	if (fw_matters && !qemu) {
		printf("not on QEMU: the firmware's mitigations are unknown; spectre_v2 and spec_store_bypass not checked\n");
		wb_pass("spectre_v1 and meltdown as arm64 reports them");
		return 0;
	}

	if (v2 == VULNERABLE)
		snprintf(want, sizeof(want), "Vulnerable");
	else if (v2 == UNAFFECTED && bhb == UNAFFECTED)
		snprintf(want, sizeof(want), "Not affected");
	else
		snprintf(want, sizeof(want), "Mitigation: %s%s",
			 v2 == UNAFFECTED ? "CSV2" : "Branch predictor hardening",
			 bhb == UNAFFECTED ? "" : bhb == MITIGATED ? ", BHB" : ", but not BHB");
	expect("spectre_v2", want);

	expect("spec_store_bypass",
	       v4 == UNAFFECTED ? "Not affected" :
	       v4 == MITIGATED ? "Mitigation: Speculative Store Bypass disabled via prctl" :
	       "Vulnerable");

	wb_pass("the four vulnerabilities files as arm64 reports them for %d CPUs", ncpu);
	return 0;
}
