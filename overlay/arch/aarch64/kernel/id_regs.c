// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CPU identification registers as EL0 sees them.
 *
 * EL0 may not read the ID registers: an MRS of one traps to EL1 with
 * ESR_ELx.EC = 0x18.  Like arm64 (Documentation/arch/arm64/
 * cpu-feature-registers.rst, advertised by HWCAP_CPUID), the port
 * answers the reads of the space Op0 = 3, Op1 = 0, CRn = 0 with a
 * sanitised value and steps over the instruction:
 *
 *  - fields listed there as visible show the CPU's value, except the
 *    features this kernel does not support for user space (SVE, SME,
 *    MTE, BTI, pointer authentication), which read as absent;
 *  - invisible fields show their "feature absent" value, or the lowest
 *    value the architecture allows where absence cannot be expressed
 *    (AArch64 at EL0/EL1, the v8.0 debug architecture);
 *  - MIDR_EL1 is the reading CPU's own, MPIDR_EL1 only its RES1 bit;
 *    REVIDR_EL1 and every other register of the space read as zero.
 *
 * The values are taken from the boot CPU: the port supports systems
 * whose CPUs implement the same features.
 */
#include <linux/bits.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>
#include <asm/cputype.h>
#include <asm/hwcap.h>
#include <asm/sysreg.h>
#include <asm/traps.h>

/* Read Op0 = 3, Op1 = 0, CRn = 0, CRm, Op2 by its generic name. */
#define read_id_reg(crm, op2) ({					\
	u64 __val;							\
	asm volatile("mrs %0, s3_0_c0_c" #crm "_" #op2 : "=r" (__val));	\
	__val;								\
})

/* Bits hi..lo, for the field masks below. */
#define F(hi, lo)	GENMASK_ULL(hi, lo)

struct user_id_reg {
	u8 crm, op2;
	u64 visible;	/* fields passed through from the CPU */
	u64 fixed;	/* hidden fields' values */
	u64 value;	/* what EL0 reads, set at boot */
};

static struct user_id_reg user_id_regs[] __ro_after_init = {
	/* ID_ISAR5_EL1: CRC32, SHA2, SHA1, AES (AArch32) */
	{ 2, 5, F(19, 4), 0 },
	/* MVFR0_EL1: FPDP */
	{ 3, 0, F(11, 8), 0 },
	/* MVFR1_EL1: SIMDFMAC, SIMDSP, SIMDInt, SIMDLS */
	{ 3, 1, F(31, 28) | F(19, 8), 0 },
	/* ID_AA64PFR0_EL1: DIT, AdvSIMD, FP; EL1 and EL0 AArch64 only (1) */
	{ 4, 0, F(51, 48) | F(23, 16), 0x11 },
	/* ID_AA64PFR1_EL1: SSBS (not BT, MTE, SME) */
	{ 4, 1, F(7, 4), 0 },
	/* ID_AA64DFR0_EL1: DebugVer = 6, the ARMv8.0 debug architecture */
	{ 5, 0, 0, 0x6 },
	/* ID_AA64ISAR0_EL1: RNDR, TS..SHA3, RDM, Atomic, CRC32, SHA2/1, AES */
	{ 6, 0, F(63, 60) | F(55, 28) | F(23, 4), 0 },
	/* ID_AA64ISAR1_EL1: I8MM, DGH, BF16, SB, FRINTTS, LRCPC, FCMA,
	 * JSCVT, DPB (not the pointer authentication fields) */
	{ 6, 1, F(55, 44) | F(39, 32) | F(23, 12) | F(3, 0), 0 },
	/* ID_AA64ISAR2_EL1: CSSC, RPRFM, BC, RPRES, WFxT (not MOPS, whose
	 * exceptions the port does not handle) */
	{ 6, 2, F(55, 48) | F(23, 20) | F(7, 0), 0 },
	/* ID_AA64MMFR0_EL1: ECV */
	{ 7, 0, F(63, 60), 0 },
	/* ID_AA64MMFR1_EL1: AFP */
	{ 7, 1, F(47, 44), 0 },
	/* ID_AA64MMFR2_EL1: AT */
	{ 7, 2, F(35, 32), 0 },
};

static u64 raw_id_reg(unsigned int crm, unsigned int op2)
{
	switch (crm << 3 | op2) {
	case 2 << 3 | 5: return read_id_reg(2, 5);
	case 3 << 3 | 0: return read_id_reg(3, 0);
	case 3 << 3 | 1: return read_id_reg(3, 1);
	case 4 << 3 | 0: return read_id_reg(4, 0);
	case 4 << 3 | 1: return read_id_reg(4, 1);
	case 5 << 3 | 0: return read_id_reg(5, 0);
	case 6 << 3 | 0: return read_id_reg(6, 0);
	case 6 << 3 | 1: return read_id_reg(6, 1);
	case 6 << 3 | 2: return read_id_reg(6, 2);
	case 7 << 3 | 0: return read_id_reg(7, 0);
	case 7 << 3 | 1: return read_id_reg(7, 1);
	case 7 << 3 | 2: return read_id_reg(7, 2);
	}
	return 0;
}

static int __init user_id_regs_init(void)
{
	struct user_id_reg *r;

	for (r = user_id_regs; r < user_id_regs + ARRAY_SIZE(user_id_regs); r++)
		r->value = (raw_id_reg(r->crm, r->op2) & r->visible) | r->fixed;
	elf_hwcap |= HWCAP_CPUID;
	return 0;
}
early_initcall(user_id_regs_init);

static u64 user_id_value(unsigned int crm, unsigned int op2)
{
	const struct user_id_reg *r;

	if (crm == 0) {
		switch (op2) {
		case 0:
			return read_cpuid_id();
		case 5:
			return BIT(31);	/* MPIDR_EL1 RES1 */
		default:
			return 0;
		}
	}
	for (r = user_id_regs; r < user_id_regs + ARRAY_SIZE(user_id_regs); r++)
		if (r->crm == crm && r->op2 == op2)
			return r->value;
	return 0;
}

/* An MRS from Op0 = 3, Op1 = 0, CRn = 0, CRm (not 1), Op2 into Xrt. */
static bool emulate_id_read(struct pt_regs *regs, unsigned int op0,
			    unsigned int op1, unsigned int crn,
			    unsigned int crm, unsigned int op2,
			    unsigned int rt)
{
	if (op0 != 3 || op1 != 0 || crn != 0 || crm == 1 || crm > 7)
		return false;

	/* Rt = 31 is XZR: the value is discarded. */
	if (rt != 31)
		regs->regs[rt] = user_id_value(crm, op2);
	regs->pc += AARCH64_INSN_SIZE;
	return true;
}

/*
 * With FEAT_IDST, EL0 reads of the ID space trap with ESR_ELx.EC 0x18,
 * whose ISS holds the operands: Op0 [21:20], Op2 [19:17], Op1 [16:14],
 * CRn [13:10], Rt [9:5], CRm [4:1], Direction [0] (1: read).
 */
bool do_el0_id_reg_read(struct pt_regs *regs, unsigned long esr)
{
	if (!(esr & 1))
		return false;
	return emulate_id_read(regs, (esr >> 20) & 3, (esr >> 14) & 7,
			       (esr >> 10) & 0xf, (esr >> 1) & 0xf,
			       (esr >> 17) & 7, (esr >> 5) & 0x1f);
}

/*
 * Without FEAT_IDST they are plain undefined instructions (EC 0x00):
 * decode the MRS at the pc.  MRS Xt, S<op0>_<op1>_C<n>_C<m>_<op2> is
 * 1101 0101 0011 o0 op1:3 CRn:4 CRm:4 op2:3 Rt:5, op0 = 2 + o0.
 */
#define MRS_MASK	0xfff00000U
#define MRS_VALUE	0xd5300000U

bool try_emulate_id_mrs(struct pt_regs *regs)
{
	u32 __user *pc = (u32 __user *)instruction_pointer(regs);
	u32 insn;

	if (get_user(insn, pc))
		return false;
	insn = le32_to_cpu((__force __le32)insn);
	if ((insn & MRS_MASK) != MRS_VALUE)
		return false;
	return emulate_id_read(regs, 2 + ((insn >> 19) & 1),
			       (insn >> 16) & 7, (insn >> 12) & 0xf,
			       (insn >> 8) & 0xf, (insn >> 5) & 7, insn & 0x1f);
}
