/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Leaving EL2.  A kernel entered at EL2 (booting.rst) runs at EL1: here
 * every EL2 control that can affect EL1 and EL0 is written with a value
 * of our own, so that nothing firmware or an earlier kernel left there
 * (a trap, an offset, a capped vector length, a buffer owned by EL2)
 * reaches the kernel.  A control exists only when an ID register field
 * says so; each is written under that test, as writing a register the
 * CPU lacks is UNDEFINED.  Then the kernel drops to EL1, leaving a stub
 * vector table at EL2.
 *
 * Runs with the MMU off, on every CPU (primary_entry and
 * secondary_entry), before anything else; clobbers x0-x2 only.
 *
 * The controls and their fields are those of DDI 0487 L.a, each
 * register's description ("HCR_EL2, Hypervisor Configuration
 * Register", ...), for HCR_EL2.E2H == 0.  QEMU 7.2 implements neither
 * FEAT_FGT nor SPE nor trace, so those paths run on later models and
 * hardware only.
 */

#include <linux/linkage.h>
#include <asm/assembler.h>
#include <asm/ptrace.h>
#include <asm/sysreg.h>

/* Registers newer than ARMv8.0, by encoding (op0, op1, CRn, CRm, op2). */
#define REG_HCRX_EL2		S3_4_C1_C2_2
#define REG_ZCR_EL2		S3_4_C1_C2_0
#define REG_SMCR_EL2		S3_4_C1_C2_6
#define REG_TRFCR_EL2		S3_4_C1_C2_1
#define REG_PMSCR_EL2		S3_4_C9_C9_0
#define REG_HFGRTR_EL2		S3_4_C1_C1_4
#define REG_HFGWTR_EL2		S3_4_C1_C1_5
#define REG_HFGITR_EL2		S3_4_C1_C1_6
#define REG_HDFGRTR_EL2		S3_4_C3_C1_4
#define REG_HDFGWTR_EL2		S3_4_C3_C1_5
#define REG_HAFGRTR_EL2		S3_4_C3_C1_6
#define REG_HDFGRTR2_EL2	S3_4_C3_C1_0
#define REG_HDFGWTR2_EL2	S3_4_C3_C1_1
#define REG_HFGRTR2_EL2		S3_4_C3_C1_2
#define REG_HFGWTR2_EL2		S3_4_C3_C1_3
#define REG_HFGITR2_EL2		S3_4_C3_C1_7
#define REG_ID_AA64ISAR2_EL1	S3_0_C0_C6_2
#define REG_ID_AA64MMFR3_EL1	S3_0_C0_C7_3
#define REG_ID_AA64SMFR0_EL1	S3_0_C0_C4_5

/* ID register fields: register, lsb (all are 4 bits wide) */
#define DFR0_PMUVER		8
#define DFR0_PMSVER		32
#define DFR0_TRACEFILT		40
#define DFR0_TRACEBUFFER	44
#define PFR0_SVE		32
#define PFR0_GIC		24
#define PFR0_AMU		44
#define PFR1_MTE		8
#define PFR1_SME		24
#define PFR1_GCS		44
#define MMFR0_FGT		56
#define MMFR1_HCX		40
#define MMFR3_TCRX		0
#define MMFR3_S1POE		16
#define ISAR2_MOPS		16
#define SMFR0_SMEVER		56

/* HCR_EL2 enables */
#define HCR_EL2_APK		BIT(40)
#define HCR_EL2_API		BIT(41)
#define HCR_EL2_ATA		BIT(56)

/* Address or generic authentication: ID_AA64ISAR1_EL1.{APA, API, GPA,
 * GPI} (7:4, 11:8, 27:24, 31:28), ID_AA64ISAR2_EL1.{GPA3, APA3} (11:8,
 * 15:12) */
#define ISAR1_PAUTH_FIELDS	0xff000ff0
#define ISAR2_PAUTH_FIELDS	0xff00

/* CNTHCTL_EL2: EL1 and EL0 reach the physical counter and timer. */
#define CNTHCTL_EL2_EL1		(CNTHCTL_EL2_EL1PCTEN | CNTHCTL_EL2_EL1PCEN)

/* CPTR_EL2: TZ (SVE) and TSM (SME) trap when set; RES1 without them. */
#define CPTR_EL2_TZ		BIT(8)
#define CPTR_EL2_TSM		BIT(12)

/* MDCR_EL2 */
#define MDCR_EL2_E2PB_EL1	(3 << 12)	/* profiling buffer: EL1's */
#define MDCR_EL2_E2TB_EL1	(3 << 24)	/* trace buffer: EL1's */

/* HCRX_EL2 enables */
#define HCRX_EL2_MSCEN		BIT(11)		/* FEAT_MOPS at EL1/EL0 */
#define HCRX_EL2_TCR2EN		BIT(14)		/* TCR2_EL1 not trapped */

/* SMCR_EL2 */
#define SMCR_EL2_FA64		BIT(31)
#define SMCR_EL2_EZT0		BIT(30)
#define SMCR_ELx_LEN_MAX	0xf		/* ZCR/SMCR_ELx.LEN; the hardware caps it */

/* HFGRTR_EL2/HFGWTR_EL2 bits that trap when clear (n-polarity) */
#define HFGXTR_nTPIDR2_EL0	BIT(55)
#define HFGXTR_nPOR_EL0		BIT(59)
#define HFGXTR_nGCS_EL0		BIT(52)

/* x1 = the 4-bit field at \lsb of ID register \reg */
	.macro	id_field, reg, lsb
	mrs	x1, \reg
	ubfx	x1, x1, #\lsb, #4
	.endm

/*
 * HCR_EL2: RW (EL1 is AArch64); E2H, TGE, the routing of interrupts to
 * EL2 and every trap clear.  Two controls enable rather than trap:
 * with pointer authentication, API and APK clear would send EL0's and
 * EL1's PAC instructions and key registers to EL2 even where the
 * kernel leaves them disabled (SCTLR_EL1.EnIA...); with FEAT_MTE2, ATA
 * clear would trap EL1's tag control registers.
 */
	.macro	el2_hcr
	mov_const x0, HCR_EL2_RW
	mrs	x1, id_aa64isar1_el1
	mov_const x2, ISAR1_PAUTH_FIELDS
	tst	x1, x2
	b.ne	1f
	mrs	x1, REG_ID_AA64ISAR2_EL1
	tst	x1, #ISAR2_PAUTH_FIELDS
	b.eq	2f
1:	orr	x0, x0, #(HCR_EL2_API | HCR_EL2_APK)
2:	id_field id_aa64pfr1_el1, PFR1_MTE
	cmp	x1, #2
	b.lo	3f
	orr	x0, x0, #HCR_EL2_ATA
3:	msr	hcr_el2, x0
	isb
	.endm

/*
 * The counter and timers.  CNTHCTL_EL2 is written whole: ORing into
 * it would keep an event stream or, with FEAT_ECV, the EL1TVT/EL1TVCT
 * traps of the virtual timer and counter.  CNTVOFF_EL2 = 0 makes the
 * virtual counter equal the physical one, which the arch timer driver
 * relies on.
 */
	.macro	el2_timers
	mov	x0, #CNTHCTL_EL2_EL1
	msr	cnthctl_el2, x0
	msr	cntvoff_el2, xzr
	.endm

/* EL1 reads of MIDR_EL1/MPIDR_EL1 return VPIDR_EL2/VMPIDR_EL2. */
	.macro	el2_cpu_ids
	mrs	x0, midr_el1
	msr	vpidr_el2, x0
	mrs	x0, mpidr_el1
	msr	vmpidr_el2, x0
	.endm

/*
 * FP/SIMD, SVE and SME: no trap to EL2 (CPTR_EL2 with TFP, TZ and TSM
 * clear where they exist), and the full vector lengths the hardware
 * has (ZCR_EL2/SMCR_EL2.LEN cap EL1's): firmware may have lowered them.
 * CPTR_EL2 first: TZ and TSM also trap EL2's own accesses to ZCR_EL2
 * and SMCR_EL2.
 */
	.macro	el2_fp
	mov	x0, #CPTR_EL2_RES1
	id_field id_aa64pfr0_el1, PFR0_SVE
	cbz	x1, 1f
	bic	x0, x0, #CPTR_EL2_TZ
1:	id_field id_aa64pfr1_el1, PFR1_SME
	cbz	x1, 2f
	bic	x0, x0, #CPTR_EL2_TSM
2:	msr	cptr_el2, x0
	msr	hstr_el2, xzr			// no AArch32 CP15 traps
	isb

	id_field id_aa64pfr0_el1, PFR0_SVE
	cbz	x1, .Lno_sve\@
	mov	x0, #SMCR_ELx_LEN_MAX
	msr	REG_ZCR_EL2, x0
.Lno_sve\@:
	id_field id_aa64pfr1_el1, PFR1_SME
	cbz	x1, .Lno_sme\@
	mov	x0, #SMCR_ELx_LEN_MAX
	mrs	x1, REG_ID_AA64SMFR0_EL1
	tbz	x1, #63, 3f			// FA64: all of A64 in streaming mode
	orr	x0, x0, #SMCR_EL2_FA64
3:	ubfx	x1, x1, #SMFR0_SMEVER, #4
	cbz	x1, 4f				// SME2: ZT0
	orr	x0, x0, #SMCR_EL2_EZT0
4:	msr	REG_SMCR_EL2, x0
.Lno_sme\@:
	.endm

/*
 * Debug, PMU, statistical profiling and trace, all EL1's: MDCR_EL2
 * written whole, so none of its traps (TDE, TDA, TPM, TPMCR, TDRA,
 * TDOSA, TTRF, ...) stays set; HPMN = PMCR_EL0.N gives EL1 every PMU
 * counter; E2PB/E2TB hand the profiling and trace buffers to EL1;
 * PMSCR_EL2 and TRFCR_EL2 = 0: nothing is profiled or traced at EL2.
 */
	.macro	el2_debug
	mov	x0, xzr
	id_field id_aa64dfr0_el1, DFR0_PMUVER
	cbz	x1, .Lno_pmu\@
	cmp	x1, #0xf			// IMPLEMENTATION DEFINED PMU
	b.eq	.Lno_pmu\@
	mrs	x0, pmcr_el0
	ubfx	x0, x0, #11, #5			// PMCR_EL0.N
.Lno_pmu\@:
	id_field id_aa64dfr0_el1, DFR0_PMSVER
	cbz	x1, .Lno_spe\@
	orr	x0, x0, #MDCR_EL2_E2PB_EL1
	msr	REG_PMSCR_EL2, xzr
.Lno_spe\@:
	id_field id_aa64dfr0_el1, DFR0_TRACEBUFFER
	cbz	x1, .Lno_trbe\@
	orr	x0, x0, #MDCR_EL2_E2TB_EL1
.Lno_trbe\@:
	id_field id_aa64dfr0_el1, DFR0_TRACEFILT
	cbz	x1, .Lno_trf\@
	msr	REG_TRFCR_EL2, xzr
.Lno_trf\@:
	msr	mdcr_el2, x0
	.endm

/*
 * With a GICv3 system register interface (ID_AA64PFR0_EL1.GIC != 0):
 * ICC_SRE_EL2.Enable lets EL1 set ICC_SRE_EL1.SRE itself, and
 * ICC_SRE_EL2.SRE is required for that; ICH_HCR_EL2 = 0 keeps the
 * virtual CPU interface off and none of its traps (TC, TALL0, TALL1,
 * TDIR) set.
 */
	.macro	el2_gic
	id_field id_aa64pfr0_el1, PFR0_GIC
	cbz	x1, .Lno_gic\@
	mrs	x0, ICC_SRE_EL2
	mov	x1, #ICC_SRE_EL2_SRE_ENABLE
	orr	x0, x0, x1
	msr	ICC_SRE_EL2, x0
	isb
	msr	ICH_HCR_EL2, xzr
.Lno_gic\@:
	.endm

/*
 * HCRX_EL2 (FEAT_HCX): its fields enable later features at EL1/EL0;
 * the kernel uses none of them itself, but MOPS instructions UNDEF at
 * EL0 without MSCEn, and TCR2_EL1 traps without TCR2En.  Every other
 * field is left clear, traps included (TALLINT, MCE2, ...).
 */
	.macro	el2_hcrx
	id_field id_aa64mmfr1_el1, MMFR1_HCX
	cbz	x1, .Lno_hcx\@
	mov	x0, xzr
	id_field REG_ID_AA64ISAR2_EL1, ISAR2_MOPS
	cbz	x1, 1f
	orr	x0, x0, #HCRX_EL2_MSCEN
1:	id_field REG_ID_AA64MMFR3_EL1, MMFR3_TCRX
	cbz	x1, 2f
	orr	x0, x0, #HCRX_EL2_TCR2EN
2:	msr	REG_HCRX_EL2, x0
.Lno_hcx\@:
	.endm

/*
 * The fine-grained traps (FEAT_FGT, and FEAT_FGT2's second set): all
 * clear.  Their reset values are UNKNOWN, so an unwritten register may
 * trap any EL1 or EL0 system register access to EL2, where only the
 * stub below would see it.  A few HFG[RW]TR_EL2 bits trap when clear
 * instead (n-polarity); they guard features the kernel does not enable,
 * but those whose register EL0 can reach with no EL1 control in
 * between (TPIDR2_EL0 with SME, POR_EL0 with S1POE, GCSPR_EL0 with GCS)
 * must be set, or an EL0 access would trap to EL2.
 */
	.macro	el2_fgt
	id_field id_aa64mmfr0_el1, MMFR0_FGT
	cbz	x1, .Lno_fgt\@
	mov	x2, x1				// 1: FGT, 2: FGT2
	mov	x0, xzr
	id_field id_aa64pfr1_el1, PFR1_SME
	cbz	x1, 1f
	orr	x0, x0, #HFGXTR_nTPIDR2_EL0
1:	id_field REG_ID_AA64MMFR3_EL1, MMFR3_S1POE
	cbz	x1, 2f
	orr	x0, x0, #HFGXTR_nPOR_EL0
2:	id_field id_aa64pfr1_el1, PFR1_GCS
	cbz	x1, 3f
	orr	x0, x0, #HFGXTR_nGCS_EL0
3:	msr	REG_HFGRTR_EL2, x0
	msr	REG_HFGWTR_EL2, x0
	msr	REG_HFGITR_EL2, xzr
	msr	REG_HDFGRTR_EL2, xzr
	msr	REG_HDFGWTR_EL2, xzr
	id_field id_aa64pfr0_el1, PFR0_AMU	// HAFGRTR_EL2 needs FEAT_AMUv1
	cbz	x1, 4f
	msr	REG_HAFGRTR_EL2, xzr
4:	cmp	x2, #2
	b.lo	.Lno_fgt\@
	msr	REG_HFGRTR2_EL2, xzr
	msr	REG_HFGWTR2_EL2, xzr
	msr	REG_HFGITR2_EL2, xzr
	msr	REG_HDFGRTR2_EL2, xzr
	msr	REG_HDFGWTR2_EL2, xzr
.Lno_fgt\@:
	.endm

	.text

/*
 * Called first on every CPU.  At EL1: set SCTLR_EL1 and return w0 =
 * CURRENTEL_EL1.  At EL2: configure EL2, then "return" at EL1h with
 * DAIF masked and w0 = CURRENTEL_EL2.
 */
SYM_FUNC_START(init_kernel_el)
	mrs	x0, CurrentEL
	cmp	x0, #CURRENTEL_EL2
	b.eq	1f

	mov_const x0, SCTLR_EL1_BOOT
	msr	sctlr_el1, x0
	isb
	mov	w0, #CURRENTEL_EL1
	ret

1:	mov_const x0, SCTLR_EL2_BOOT
	msr	sctlr_el2, x0
	isb

	/* Exceptions taken to EL2 from now on go to the stub. */
	adr_sym	x0, el2_stub_vectors
	msr	vbar_el2, x0

	el2_hcr

	el2_timers
	el2_cpu_ids
	el2_fp
	el2_debug
	el2_gic
	el2_hcrx
	el2_fgt

	/* No stage 2 translation. */
	msr	vttbr_el2, xzr

	mov_const x0, SCTLR_EL1_BOOT
	msr	sctlr_el1, x0

	/* "Return" to our caller at EL1h with D, A, I and F masked. */
	mov	x0, #PSR_MODE_EL1h_MASKED
	msr	spsr_el2, x0
	msr	elr_el2, lr
	mov	w0, #CURRENTEL_EL2
	eret
SYM_FUNC_END(init_kernel_el)

/*
 * What stays at EL2.  The kernel offers no hypervisor call, so an HVC
 * from EL1 gets x0 = -1, an error (arm64's stub, which has calls for
 * KVM and kexec, answers an unknown one with HVC_STUB_ERR).  Anything
 * else taken to EL2 (a trap this file failed to clear, an SError
 * routed there) parks the CPU, since EL2 has no console: the boot CPU
 * stalls visibly, a secondary fails to come online and is reported by
 * the kernel.
 */
	.macro	el2_vector, label
	.balign	128
	b	\label
	.endm

	.balign	2048
SYM_CODE_START_LOCAL(el2_stub_vectors)
	.rept	8				// from EL2 (SP_EL0, SP_EL2)
	el2_vector el2_stub_park
	.endr
	el2_vector el2_stub_sync_lower		// from AArch64 EL1/EL0
	.rept	7
	el2_vector el2_stub_park
	.endr
SYM_CODE_END(el2_stub_vectors)

SYM_CODE_START_LOCAL(el2_stub_sync_lower)
	mrs	x0, esr_el2
	ubfx	x0, x0, #26, #6			// ESR_EL2.EC
	cmp	x0, #0x16			// HVC from AArch64
	b.ne	el2_stub_park
	mov	x0, #-1
	eret
SYM_CODE_END(el2_stub_sync_lower)

SYM_CODE_START_LOCAL(el2_stub_park)
1:	wfe
	b	1b
SYM_CODE_END(el2_stub_park)
