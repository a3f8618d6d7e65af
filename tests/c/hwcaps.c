// SPDX-License-Identifier: GPL-2.0-only
/*
 * AT_HWCAP, AT_HWCAP2 and /proc/cpuinfo's Features against the ID
 * registers, read through the kernel's MRS emulation (HWCAP_CPUID).
 *
 * Each rule is a line of Documentation/arch/arm64/elf_hwcaps.rst: the
 * hwcap is present exactly when the ID register field has at least the
 * given value.  The check goes both ways (a feature the CPU has must be
 * advertised, one it lacks must not), and every advertised hwcap must
 * appear by its arm64 name in Features on every processor.  Which
 * features exist depends on the QEMU CPU model; the rules hold on all.
 */
#include <asm/hwcap.h>
#include <stdint.h>
#include <sys/auxv.h>
#include "wb.h"

/* Newer than the cross toolchain's <asm/hwcap.h>: the kernel uapi values. */
#ifndef HWCAP2_WFXT
#define HWCAP2_WFXT	(1UL << 31)
#endif
#ifndef HWCAP2_EBF16
#define HWCAP2_EBF16	(1UL << 32)
#endif
#ifndef HWCAP2_CSSC
#define HWCAP2_CSSC	(1UL << 34)
#endif
#ifndef HWCAP2_RPRFM
#define HWCAP2_RPRFM	(1UL << 35)
#endif
#ifndef HWCAP2_HBC
#define HWCAP2_HBC	(1UL << 44)
#endif

#define read_id(reg) ({ uint64_t __v; asm volatile("mrs %0, " #reg : "=r"(__v)); __v; })

enum { ISAR0, ISAR1, ISAR2, PFR0, PFR1, MMFR0, MMFR1, MMFR2 };

struct rule {
	int reg, shift, min, word;
	unsigned long bit;
	const char *name;
};

static const struct rule rules[] = {
	{ ISAR0, 4, 1, 1, HWCAP_AES, "aes" },	{ ISAR0, 4, 2, 1, HWCAP_PMULL, "pmull" },
	{ ISAR0, 8, 1, 1, HWCAP_SHA1, "sha1" },	{ ISAR0, 12, 1, 1, HWCAP_SHA2, "sha2" },
	{ ISAR0, 12, 2, 1, HWCAP_SHA512, "sha512" },	{ ISAR0, 16, 1, 1, HWCAP_CRC32, "crc32" },
	{ ISAR0, 20, 2, 1, HWCAP_ATOMICS, "atomics" },	{ ISAR0, 28, 1, 1, HWCAP_ASIMDRDM, "asimdrdm" },
	{ ISAR0, 32, 1, 1, HWCAP_SHA3, "sha3" },	{ ISAR0, 36, 1, 1, HWCAP_SM3, "sm3" },
	{ ISAR0, 40, 1, 1, HWCAP_SM4, "sm4" },	{ ISAR0, 44, 1, 1, HWCAP_ASIMDDP, "asimddp" },
	{ ISAR0, 48, 1, 1, HWCAP_ASIMDFHM, "asimdfhm" },	{ ISAR0, 52, 1, 1, HWCAP_FLAGM, "flagm" },
	{ ISAR0, 52, 2, 2, HWCAP2_FLAGM2, "flagm2" },	{ ISAR0, 60, 1, 2, HWCAP2_RNG, "rng" },
	{ PFR0, 48, 1, 1, HWCAP_DIT, "dit" },
	{ ISAR1, 0, 1, 1, HWCAP_DCPOP, "dcpop" },	{ ISAR1, 0, 2, 2, HWCAP2_DCPODP, "dcpodp" },
	{ ISAR1, 12, 1, 1, HWCAP_JSCVT, "jscvt" },	{ ISAR1, 16, 1, 1, HWCAP_FCMA, "fcma" },
	{ ISAR1, 20, 1, 1, HWCAP_LRCPC, "lrcpc" },	{ ISAR1, 20, 2, 1, HWCAP_ILRCPC, "ilrcpc" },
	{ ISAR1, 32, 1, 2, HWCAP2_FRINT, "frint" },	{ ISAR1, 36, 1, 1, HWCAP_SB, "sb" },
	{ ISAR1, 44, 1, 2, HWCAP2_BF16, "bf16" },	{ ISAR1, 44, 2, 2, HWCAP2_EBF16, "ebf16" },
	{ ISAR1, 48, 1, 2, HWCAP2_DGH, "dgh" },	{ ISAR1, 52, 1, 2, HWCAP2_I8MM, "i8mm" },
	{ MMFR2, 32, 1, 1, HWCAP_USCAT, "uscat" },	{ PFR1, 4, 2, 1, HWCAP_SSBS, "ssbs" },
	{ MMFR0, 60, 1, 2, HWCAP2_ECV, "ecv" },	{ MMFR1, 44, 1, 2, HWCAP2_AFP, "afp" },
	{ ISAR2, 0, 1, 2, HWCAP2_WFXT, "wfxt" },	{ ISAR2, 4, 1, 2, HWCAP2_RPRES, "rpres" },
	{ ISAR2, 20, 1, 2, HWCAP2_HBC, "hbc" },	{ ISAR2, 48, 1, 2, HWCAP2_RPRFM, "rprfm" },
	{ ISAR2, 52, 1, 2, HWCAP2_CSSC, "cssc" },
};

/* Whether the word list contains exactly this word. */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\n' || !p[n]))
			return 1;
	return 0;
}

int main(void)
{
	unsigned long hw[3] = { 0, getauxval(AT_HWCAP), getauxval(AT_HWCAP2) };
	uint64_t id[8];
	char line[4096];
	int nfeat = 0, nset = 0;
	FILE *f;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!(hw[1] & HWCAP_CPUID))
		wb_fail("no HWCAP_CPUID: the ID registers cannot be read from EL0");
	id[ISAR0] = read_id(ID_AA64ISAR0_EL1);
	id[ISAR1] = read_id(ID_AA64ISAR1_EL1);
	id[ISAR2] = read_id(S3_0_C0_C6_2);	/* ID_AA64ISAR2_EL1 */
	id[PFR0] = read_id(ID_AA64PFR0_EL1);
	id[PFR1] = read_id(ID_AA64PFR1_EL1);
	id[MMFR0] = read_id(ID_AA64MMFR0_EL1);
	id[MMFR1] = read_id(ID_AA64MMFR1_EL1);
	id[MMFR2] = read_id(ID_AA64MMFR2_EL1);
	printf("ISAR0 %016llx ISAR1 %016llx ISAR2 %016llx PFR0 %016llx PFR1 %016llx\n",
	       (unsigned long long)id[ISAR0], (unsigned long long)id[ISAR1],
	       (unsigned long long)id[ISAR2], (unsigned long long)id[PFR0],
	       (unsigned long long)id[PFR1]);
	printf("AT_HWCAP %#lx AT_HWCAP2 %#lx\n", hw[1], hw[2]);

	for (unsigned int i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct rule *r = &rules[i];
		int want = (int)(id[r->reg] >> r->shift & 0xf) >= r->min;
		int got = !!(hw[r->word] & r->bit);

		if (want != got)
			wb_fail("%s: field %d of ID register %d is %llu, so AT_HWCAP%s should %shave it",
				r->name, r->shift, r->reg,
				(unsigned long long)(id[r->reg] >> r->shift & 0xf),
				r->word == 2 ? "2" : "", want ? "" : "not ");
		nset += got;
	}

	f = fopen("/proc/cpuinfo", "r");
	wb_check(f, "open /proc/cpuinfo");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "Features", 8))
			continue;
		nfeat++;
		for (unsigned int i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
			const struct rule *r = &rules[i];

			if (!!(hw[r->word] & r->bit) != has_word(line, r->name))
				wb_fail("Features line '%.*s' and AT_HWCAP%s disagree on %s",
					(int)strcspn(line, "\n"), line,
					r->word == 2 ? "2" : "", r->name);
		}
	}
	fclose(f);
	wb_check(nfeat > 0, "no Features line in /proc/cpuinfo");
	wb_pass("%d of %zu hwcaps present, each exactly when its ID field says so, on %d CPUs' Features",
		nset, sizeof(rules) / sizeof(rules[0]), nfeat);
	return 0;
}
