// SPDX-License-Identifier: GPL-2.0-only
/*
 * CPU identification for user space: the AT_HWCAP bits and
 * /proc/cpuinfo, in the arm64 format that user space parses.
 *
 * Only features that need no kernel support (or whose support the port
 * has) are advertised: instruction set extensions usable at EL0 as
 * soon as the CPU has them.  SVE, SME, MTE, pointer authentication and
 * BTI need kernel context switching or enabling and stay hidden.
 * HWCAP_CPUID comes from kernel/id_regs.c, which emulates EL0 reads of
 * the ID registers.
 */
#include <linux/bitfield.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <asm/cpuinfo.h>
#include <asm/cputype.h>
#include <asm/hwcap.h>
#include <asm/sysreg.h>

unsigned long elf_hwcap __read_mostly;
EXPORT_SYMBOL_GPL(elf_hwcap);
unsigned long elf_hwcap2 __read_mostly;

static DEFINE_PER_CPU(u32, cpu_midr);

/* The 4-bit ID register field at @shift. */
static unsigned int id_field(u64 reg, int shift)
{
	return (reg >> shift) & 0xf;
}

/* Short names for the rules below (<asm/cpuinfo.h> has the list). */
#define PFR0	ID_REG_AA64PFR0
#define PFR1	ID_REG_AA64PFR1
#define ISAR0	ID_REG_AA64ISAR0
#define ISAR1	ID_REG_AA64ISAR1
#define ISAR2	ID_REG_AA64ISAR2
#define MMFR0	ID_REG_AA64MMFR0
#define MMFR1	ID_REG_AA64MMFR1
#define MMFR2	ID_REG_AA64MMFR2

/*
 * One rule a hwcap: it is set when the unsigned 4-bit field at @shift
 * of ID register @reg is at least @min (DDI 0487 L.a, the "ID_AA64*"
 * register descriptions).  The pairs are those of the arm64 ABI
 * (Documentation/arch/arm64/elf_hwcaps.rst).
 */
struct hwcap_rule {
	u8 reg, shift, min, word;	/* word 1: AT_HWCAP, 2: AT_HWCAP2 */
	unsigned long bit;
};

#define HWCAP1(r, s, m, b)	{ r, s, m, 1, HWCAP_##b }
#define HWCAP2(r, s, m, b)	{ r, s, m, 2, HWCAP2_##b }

static const struct hwcap_rule hwcap_rules[] = {
	HWCAP1(ISAR0, 4, 1, AES),	HWCAP1(ISAR0, 4, 2, PMULL),
	HWCAP1(ISAR0, 8, 1, SHA1),	HWCAP1(ISAR0, 12, 1, SHA2),
	HWCAP1(ISAR0, 12, 2, SHA512),	HWCAP1(ISAR0, 16, 1, CRC32),
	HWCAP1(ISAR0, 20, 2, ATOMICS),	HWCAP1(ISAR0, 28, 1, ASIMDRDM),
	HWCAP1(ISAR0, 32, 1, SHA3),	HWCAP1(ISAR0, 36, 1, SM3),
	HWCAP1(ISAR0, 40, 1, SM4),	HWCAP1(ISAR0, 44, 1, ASIMDDP),
	HWCAP1(ISAR0, 48, 1, ASIMDFHM),	HWCAP1(ISAR0, 52, 1, FLAGM),
	HWCAP2(ISAR0, 52, 2, FLAGM2),	HWCAP2(ISAR0, 60, 1, RNG),
	HWCAP1(PFR0, 48, 1, DIT),
	HWCAP1(ISAR1, 0, 1, DCPOP),	HWCAP2(ISAR1, 0, 2, DCPODP),
	HWCAP1(ISAR1, 12, 1, JSCVT),	HWCAP1(ISAR1, 16, 1, FCMA),
	HWCAP1(ISAR1, 20, 1, LRCPC),	HWCAP1(ISAR1, 20, 2, ILRCPC),
	HWCAP2(ISAR1, 32, 1, FRINT),	HWCAP1(ISAR1, 36, 1, SB),
	HWCAP2(ISAR1, 44, 1, BF16),	HWCAP2(ISAR1, 44, 2, EBF16),
	HWCAP2(ISAR1, 48, 1, DGH),	HWCAP2(ISAR1, 52, 1, I8MM),
	HWCAP1(MMFR2, 32, 1, USCAT),	HWCAP1(PFR1, 4, 2, SSBS),
	HWCAP2(MMFR0, 60, 1, ECV),	HWCAP2(MMFR1, 44, 1, AFP),
	HWCAP2(ISAR2, 0, 1, WFXT),	HWCAP2(ISAR2, 4, 1, RPRES),
	HWCAP2(ISAR2, 20, 1, HBC),	HWCAP2(ISAR2, 48, 1, RPRFM),
	HWCAP2(ISAR2, 52, 1, CSSC),
};

/*
 * ID_AA64PFR0_EL1.FP (19:16) and AdvSIMD (23:20) are signed: 0 present,
 * 1 present with half precision, 0xf absent.
 */
static void hwcaps_of(const u64 id[NR_ID_REGS], unsigned long *hwcap,
		      unsigned long *hwcap2)
{
	const struct hwcap_rule *r;
	unsigned int v;

	*hwcap = 0;
	*hwcap2 = 0;
	v = id_field(id[PFR0], 16);
	if (v != 0xf) {
		*hwcap |= HWCAP_FP;
		if (v == 1)
			*hwcap |= HWCAP_FPHP;
	}
	v = id_field(id[PFR0], 20);
	if (v != 0xf) {
		*hwcap |= HWCAP_ASIMD;
		if (v == 1)
			*hwcap |= HWCAP_ASIMDHP;
	}

	for (r = hwcap_rules; r < hwcap_rules + ARRAY_SIZE(hwcap_rules); r++) {
		if (id_field(id[r->reg], r->shift) < r->min)
			continue;
		if (r->word == 1)
			*hwcap |= r->bit;
		else
			*hwcap2 |= r->bit;
	}
}

/* The hwcaps read from the boot CPU's ID registers. */
static unsigned long boot_hwcap __ro_after_init;
static unsigned long boot_hwcap2 __ro_after_init;

static void __init setup_elf_hwcaps(void)
{
	hwcaps_of(boot_id_regs, &boot_hwcap, &boot_hwcap2);
	elf_hwcap |= boot_hwcap;
	elf_hwcap2 |= boot_hwcap2;
}

/*
 * User space learnt the boot CPU's features from AT_HWCAP and
 * /proc/cpuinfo, and uses them on whichever CPU it is scheduled: a CPU
 * that lacks one of them would take an undefined instruction in a
 * correct program.  Called on the CPU coming online.
 */
bool cpuinfo_hwcaps_match_boot_cpu(unsigned int cpu)
{
	unsigned long hwcap, hwcap2;
	u64 id[NR_ID_REGS];

	read_id_regs(id);
	hwcaps_of(id, &hwcap, &hwcap2);
	if (!(boot_hwcap & ~hwcap) && !(boot_hwcap2 & ~hwcap2))
		return true;
	pr_crit("CPU%u: lacks features the boot CPU has: AT_HWCAP bits 0x%lx, AT_HWCAP2 bits 0x%lx\n",
		cpu, boot_hwcap & ~hwcap, boot_hwcap2 & ~hwcap2);
	return false;
}

void cpuinfo_store_cpu(void)
{
	__this_cpu_write(cpu_midr, read_cpuid_id());
}

static int __init cpuinfo_init(void)
{
	/* EVTSTRM may already be set by the arch timer driver. */
	setup_elf_hwcaps();
	return 0;
}
early_initcall(cpuinfo_init);

/* Names in bit order of <uapi/asm/hwcap.h>, as arm64 prints them. */
static const char *const hwcap_names[] = {
	"fp", "asimd", "evtstrm", "aes", "pmull", "sha1", "sha2", "crc32",
	"atomics", "fphp", "asimdhp", "cpuid", "asimdrdm", "jscvt", "fcma",
	"lrcpc", "dcpop", "sha3", "sm3", "sm4", "asimddp", "sha512", "sve",
	"asimdfhm", "dit", "uscat", "ilrcpc", "flagm", "ssbs", "sb",
	"paca", "pacg",
};

/* AT_HWCAP2 bits the port can set, printed after those of AT_HWCAP. */
#define HWCAP2_NAME(cap, name)						\
	[ilog2(HWCAP2_##cap)] = name
static const char *const hwcap2_names[] = {
	HWCAP2_NAME(DCPODP, "dcpodp"),	HWCAP2_NAME(FLAGM2, "flagm2"),
	HWCAP2_NAME(FRINT, "frint"),	HWCAP2_NAME(I8MM, "i8mm"),
	HWCAP2_NAME(BF16, "bf16"),	HWCAP2_NAME(DGH, "dgh"),
	HWCAP2_NAME(RNG, "rng"),	HWCAP2_NAME(ECV, "ecv"),
	HWCAP2_NAME(AFP, "afp"),	HWCAP2_NAME(RPRES, "rpres"),
	HWCAP2_NAME(WFXT, "wfxt"),	HWCAP2_NAME(EBF16, "ebf16"),
	HWCAP2_NAME(CSSC, "cssc"),	HWCAP2_NAME(RPRFM, "rprfm"),
	HWCAP2_NAME(HBC, "hbc"),
};

static int c_show(struct seq_file *m, void *v)
{
	int cpu, i;

	for_each_online_cpu(cpu) {
		u32 midr = per_cpu(cpu_midr, cpu);

		seq_printf(m, "processor\t: %d\n", cpu);
		seq_printf(m, "BogoMIPS\t: %lu.%02lu\n",
			   loops_per_jiffy / (500000UL / HZ),
			   loops_per_jiffy / (5000UL / HZ) % 100);
		seq_puts(m, "Features\t:");
		for (i = 0; i < ARRAY_SIZE(hwcap_names); i++)
			if (elf_hwcap & BIT(i))
				seq_printf(m, " %s", hwcap_names[i]);
		for (i = 0; i < ARRAY_SIZE(hwcap2_names); i++)
			if ((elf_hwcap2 & BIT(i)) && hwcap2_names[i])
				seq_printf(m, " %s", hwcap2_names[i]);
		seq_puts(m, "\n");
		/* MIDR_EL1: Implementer 31:24, Variant 23:20, PartNum 15:4 */
		seq_printf(m, "CPU implementer\t: 0x%02x\n", midr >> 24);
		seq_puts(m, "CPU architecture: 8\n");
		seq_printf(m, "CPU variant\t: 0x%x\n", (midr >> 20) & 0xf);
		seq_printf(m, "CPU part\t: 0x%03x\n", (midr >> 4) & 0xfff);
		seq_printf(m, "CPU revision\t: %d\n\n", midr & 0xf);
	}
	return 0;
}

static void *c_start(struct seq_file *m, loff_t *pos)
{
	return *pos < 1 ? (void *)1 : NULL;
}

static void *c_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return NULL;
}

static void c_stop(struct seq_file *m, void *v)
{
}

const struct seq_operations cpuinfo_op = {
	.start	= c_start,
	.next	= c_next,
	.stop	= c_stop,
	.show	= c_show,
};
