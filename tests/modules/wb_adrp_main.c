// SPDX-License-Identifier: GPL-2.0
/*
 * wb_adrp: the module loader's workaround for Cortex-A53 erratum 843419.
 *
 * ARM's "Cortex-A53 MPCore Software Developers Errata Notice", erratum
 * 843419 ("A64 instruction sequence might access an incorrect
 * address"): on Cortex-A53 r0p0 to r0p4 an ADRP instruction at a page
 * offset of 0xff8 or 0xffc, followed by loads or stores through the
 * register it wrote, can make a load or store use a wrong address.  The
 * kernel image is linked with --fix-cortex-a53-843419, but a module is
 * a relocatable object whose final addresses only the loader knows, so
 * arm64's loader (apply_relocate_add(), reloc_insn_adrp(), with
 * CONFIG_ARM64_ERRATUM_843419 and the CPU capability
 * ARM64_WORKAROUND_843419, which Cortex-A53 r0p0-r0p4 have, r0p4 only
 * without REVIDR bit 8) never leaves an ADRP at those offsets: it turns
 * it into an ADR when the target page is within 1 MiB, or else into a
 * branch to a veneer in the module's PLT that computes the page address
 * and branches back.  On a CPU without the erratum the ADRP stays.
 *
 * wb_adrp_asm.S puts two ADRPs at section offsets 0xff8 and 0xffc of a
 * 4096-aligned section: one against wb_adrp_data in the module's own
 * .data, one against the exported kernel variable jiffies (both kernels
 * export it).  At init the module
 *  - checks that the sites really are at page offsets 0xff8 and 0xffc
 *    (else the test would prove nothing);
 *  - with affected=1 (tests/kmod/adrp.sh sets it from /proc/cpuinfo on
 *    an affected Cortex-A53), fails the load with a pr_err naming each
 *    site that still holds an ADRP ((insn & 0x9f000000) == 0x90000000);
 *  - in every case runs the code and compares the addresses it computes
 *    with the ones the compiler computed, and the values loaded through
 *    them, so that a wrong ADR, veneer or branch back fails too;
 *  - on success logs "wb_adrp: 2 sites checked, N rewritten", N being
 *    the number of sites that no longer hold an ADRP (the test script
 *    wants 2 on an affected CPU and 0 elsewhere, as arm64 does).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#define WB_ADRP_MAGIC	0x843419a53c0ffee5ULL

static bool affected;
module_param(affected, bool, 0444);
MODULE_PARM_DESC(affected, "The CPUs have Cortex-A53 erratum 843419: no site may hold an ADRP");

/* wb_adrp_asm.S */
void wb_adrp_run(u64 out[4]);
extern const u32 wb_adrp_site0[], wb_adrp_site1[];

/* The target in the module's own .data (not const: .data, not .rodata). */
extern u64 wb_adrp_data;
u64 wb_adrp_data = WB_ADRP_MAGIC;

#define A(x)	((u64)(unsigned long)(x))

static bool is_adrp(u32 insn)
{
	return (insn & 0x9f000000) == 0x90000000;
}

static const char *insn_kind(u32 insn)
{
	if (is_adrp(insn))
		return "ADRP";
	if ((insn & 0x9f000000) == 0x10000000)
		return "ADR";
	if ((insn & 0xfc000000) == 0x14000000)
		return "B (to a veneer)";
	return "an unexpected instruction";
}

static int __init wb_adrp_init(void)
{
	static const struct {
		const char *name;
		const u32 *site;
		u64 offset;
	} sites[] = {
		{ "site 0 (ADRP at 0xff8 to module .data wb_adrp_data)", wb_adrp_site0, 0xff8 },
		{ "site 1 (ADRP at 0xffc to kernel data jiffies)", wb_adrp_site1, 0xffc },
	};
	int failures = 0, rewritten = 0;
	u64 out[4] = { 0, 0, 0, 0 };
	unsigned long j0, j1;
	int i;

	for (i = 0; i < ARRAY_SIZE(sites); i++) {
		u32 insn = le32_to_cpu(*sites[i].site);

		pr_info("%s at %px: %08x, %s\n", sites[i].name, sites[i].site,
			insn, insn_kind(insn));
		if ((A(sites[i].site) & 0xfff) != sites[i].offset) {
			pr_err("%s: at page offset %#llx, not %#llx: the loader did not keep the section's 4096-byte alignment\n",
			       sites[i].name, A(sites[i].site) & 0xfff,
			       sites[i].offset);
			failures++;
		}
		if (!is_adrp(insn)) {
			rewritten++;
		} else if (affected) {
			pr_err("%s: still an ADRP (%08x) at page offset %#llx on a CPU with erratum 843419\n",
			       sites[i].name, insn, A(sites[i].site) & 0xfff);
			failures++;
		}
	}

	j0 = READ_ONCE(jiffies);
	wb_adrp_run(out);
	j1 = READ_ONCE(jiffies);
	if (out[0] != A(&wb_adrp_data)) {
		pr_err("site 0 computed %#llx, want &wb_adrp_data %#llx\n",
		       out[0], A(&wb_adrp_data));
		failures++;
	} else if (out[2] != WB_ADRP_MAGIC) {
		pr_err("site 0 loaded %#llx, want %#llx\n", out[2], WB_ADRP_MAGIC);
		failures++;
	}
	if (out[1] != A(&jiffies)) {
		pr_err("site 1 computed %#llx, want &jiffies %#llx\n",
		       out[1], A(&jiffies));
		failures++;
	} else if (time_before((unsigned long)out[3], j0) ||
		   time_after((unsigned long)out[3], j1)) {
		pr_err("site 1 loaded %#llx, not a jiffies value between %#lx and %#lx\n",
		       out[3], j0, j1);
		failures++;
	}

	if (failures) {
		pr_err("%d checks failed\n", failures);
		return -EINVAL;
	}
	pr_info("%d sites checked, %d rewritten\n", (int)ARRAY_SIZE(sites), rewritten);
	return 0;
}

static void __exit wb_adrp_exit(void)
{
}

module_init(wb_adrp_init);
module_exit(wb_adrp_exit);
MODULE_DESCRIPTION("Checks the module loader's workaround for Cortex-A53 erratum 843419");
MODULE_LICENSE("GPL");
