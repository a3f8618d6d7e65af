// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CPU identification registers: the list in <asm/cpuinfo.h>, read
 * once on the boot CPU (boot_id_regs[]), from which the hwcaps are
 * derived (kernel/cpuinfo.c) and EL0's reads are answered (here); a CPU
 * coming online is read through the same list and held to the boot
 * CPU's hwcaps.
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
 * The values are the boot CPU's: a CPU without the boot CPU's hwcaps is
 * refused when it comes online (kernel/smp.c).
 */
#include <linux/bits.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>
#include <asm/cpuinfo.h>
#include <asm/cputype.h>
#include <asm/hwcap.h>
#include <asm/sysreg.h>
#include <asm/traps.h>

/* Read Op0 = 3, Op1 = 0, CRn = 0, CRm, Op2 by its generic name. */
#define read_id_reg_enc(crm, op2) ({					\
	u64 __val;							\
	asm volatile("mrs %0, s3_0_c0_c" #crm "_" #op2 : "=r" (__val));	\
	__val;								\
})

/* Bits hi..lo, for the field masks below. */
#define F(hi, lo)	GENMASK_ULL(hi, lo)

/*
 * Each register: its CRm and Op2, and what EL0 reads of it, (the CPU's
 * value & visible) | fixed.
 */
struct id_reg_desc {
	u8 crm, op2;
	u64 visible;	/* fields passed through from the CPU */
	u64 fixed;	/* hidden fields' values */
};

static const struct id_reg_desc id_reg_descs[NR_ID_REGS] = {
	/* ID_ISAR5_EL1: CRC32, SHA2, SHA1, AES (AArch32) */
	[ID_REG_ISAR5]		= { 2, 5, F(19, 4), 0 },
	/* MVFR0_EL1: FPDP */
	[ID_REG_MVFR0]		= { 3, 0, F(11, 8), 0 },
	/* MVFR1_EL1: SIMDFMAC, SIMDSP, SIMDInt, SIMDLS */
	[ID_REG_MVFR1]		= { 3, 1, F(31, 28) | F(19, 8), 0 },
	/* ID_AA64PFR0_EL1: DIT, AdvSIMD, FP; EL1 and EL0 AArch64 only (1) */
	[ID_REG_AA64PFR0]	= { 4, 0, F(51, 48) | F(23, 16), 0x11 },
	/* ID_AA64PFR1_EL1: SSBS (not BT, MTE, SME) */
	[ID_REG_AA64PFR1]	= { 4, 1, F(7, 4), 0 },
	/* ID_AA64DFR0_EL1: DebugVer = 6, the ARMv8.0 debug architecture */
	[ID_REG_AA64DFR0]	= { 5, 0, 0, 0x6 },
	/* ID_AA64ISAR0_EL1: RNDR, TS..SHA3, RDM, Atomic, CRC32, SHA2/1, AES */
	[ID_REG_AA64ISAR0]	= { 6, 0, F(63, 60) | F(55, 28) | F(23, 4), 0 },
	/*
	 * ID_AA64ISAR1_EL1: I8MM, DGH, BF16, SB, FRINTTS, LRCPC, FCMA,
	 * JSCVT, DPB (not the pointer authentication fields)
	 */
	[ID_REG_AA64ISAR1]	= { 6, 1, F(55, 44) | F(39, 32) | F(23, 12) | F(3, 0), 0 },
	/*
	 * ID_AA64ISAR2_EL1: CSSC, RPRFM, BC, RPRES, WFxT (not MOPS, whose
	 * exceptions the port does not handle)
	 */
	[ID_REG_AA64ISAR2]	= { 6, 2, F(55, 48) | F(23, 20) | F(7, 0), 0 },
	/* ID_AA64MMFR0_EL1: ECV */
	[ID_REG_AA64MMFR0]	= { 7, 0, F(63, 60), 0 },
	/* ID_AA64MMFR1_EL1: AFP */
	[ID_REG_AA64MMFR1]	= { 7, 1, F(47, 44), 0 },
	/* ID_AA64MMFR2_EL1: AT */
	[ID_REG_AA64MMFR2]	= { 7, 2, F(35, 32), 0 },
};

u64 boot_id_regs[NR_ID_REGS] __ro_after_init;

/* The MRS takes its register as an immediate: one case an encoding. */
static u64 read_id_reg(unsigned int crm, unsigned int op2)
{
	switch (crm << 3 | op2) {
	case 2 << 3 | 5: return read_id_reg_enc(2, 5);
	case 3 << 3 | 0: return read_id_reg_enc(3, 0);
	case 3 << 3 | 1: return read_id_reg_enc(3, 1);
	case 4 << 3 | 0: return read_id_reg_enc(4, 0);
	case 4 << 3 | 1: return read_id_reg_enc(4, 1);
	case 5 << 3 | 0: return read_id_reg_enc(5, 0);
	case 6 << 3 | 0: return read_id_reg_enc(6, 0);
	case 6 << 3 | 1: return read_id_reg_enc(6, 1);
	case 6 << 3 | 2: return read_id_reg_enc(6, 2);
	case 7 << 3 | 0: return read_id_reg_enc(7, 0);
	case 7 << 3 | 1: return read_id_reg_enc(7, 1);
	case 7 << 3 | 2: return read_id_reg_enc(7, 2);
	}
	return 0;
}

void read_id_regs(u64 id[NR_ID_REGS])
{
	int r;

	for (r = 0; r < NR_ID_REGS; r++)
		id[r] = read_id_reg(id_reg_descs[r].crm, id_reg_descs[r].op2);
}

void __init id_regs_init_boot(void)
{
	read_id_regs(boot_id_regs);
	elf_hwcap |= HWCAP_CPUID;
}

static u64 user_id_value(unsigned int crm, unsigned int op2)
{
	int r;

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
	for (r = 0; r < NR_ID_REGS; r++)
		if (id_reg_descs[r].crm == crm && id_reg_descs[r].op2 == op2)
			return (boot_id_regs[r] & id_reg_descs[r].visible) |
			       id_reg_descs[r].fixed;
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
