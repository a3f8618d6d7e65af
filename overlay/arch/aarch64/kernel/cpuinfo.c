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

/*
 * ID_AA64PFR0_EL1.FP (19:16) and AdvSIMD (23:20): 0 = present,
 * 1 = present with half precision, 0xf = absent.
 * ID_AA64ISAR0_EL1: AES (7:4, 2 = with PMULL), SHA1 (11:8),
 * SHA2 (15:12, 2 = with SHA512), CRC32 (19:16), Atomic (23:20, 2 = LSE).
 */
static void __init setup_elf_hwcaps(void)
{
	u64 pfr0 = read_sysreg(id_aa64pfr0_el1);
	u64 isar0 = read_sysreg(id_aa64isar0_el1);
	unsigned int v;

	v = id_field(pfr0, 16);
	if (v != 0xf) {
		elf_hwcap |= HWCAP_FP;
		if (v == 1)
			elf_hwcap |= HWCAP_FPHP;
	}
	v = id_field(pfr0, 20);
	if (v != 0xf) {
		elf_hwcap |= HWCAP_ASIMD;
		if (v == 1)
			elf_hwcap |= HWCAP_ASIMDHP;
	}

	v = id_field(isar0, 4);
	if (v >= 1)
		elf_hwcap |= HWCAP_AES;
	if (v >= 2)
		elf_hwcap |= HWCAP_PMULL;
	if (id_field(isar0, 8) >= 1)
		elf_hwcap |= HWCAP_SHA1;
	v = id_field(isar0, 12);
	if (v >= 1)
		elf_hwcap |= HWCAP_SHA2;
	if (v >= 2)
		elf_hwcap |= HWCAP_SHA512;
	if (id_field(isar0, 16) >= 1)
		elf_hwcap |= HWCAP_CRC32;
	if (id_field(isar0, 20) >= 2)
		elf_hwcap |= HWCAP_ATOMICS;
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
