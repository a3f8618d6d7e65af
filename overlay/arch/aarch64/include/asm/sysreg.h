/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System register access and the register fields the port programs.
 * Field positions are those of the Arm Architecture Reference Manual
 * for A-profile (ARM DDI 0487), named REGISTER_FIELD.
 */
#ifndef __ASM_AARCH64_SYSREG_H
#define __ASM_AARCH64_SYSREG_H

#include <linux/bits.h>
#include <linux/const.h>

/* SCTLR_EL1 */
#define SCTLR_EL1_M		BIT(0)	/* stage 1 MMU enable */
#define SCTLR_EL1_A		BIT(1)	/* alignment checking */
#define SCTLR_EL1_C		BIT(2)	/* data cacheability */
#define SCTLR_EL1_SA		BIT(3)	/* SP alignment check, EL1 */
#define SCTLR_EL1_SA0		BIT(4)	/* SP alignment check, EL0 */
#define SCTLR_EL1_EOS		BIT(11)	/* exception exit is context sync */
#define SCTLR_EL1_I		BIT(12)	/* instruction cacheability */
#define SCTLR_EL1_DZE		BIT(14)	/* EL0 may use DC ZVA */
#define SCTLR_EL1_UCT		BIT(15)	/* EL0 may read CTR_EL0 */
#define SCTLR_EL1_nTWI		BIT(16)	/* EL0 WFI not trapped */
#define SCTLR_EL1_nTWE		BIT(18)	/* EL0 WFE not trapped */
#define SCTLR_EL1_WXN		BIT(19)
#define SCTLR_EL1_TSCXT		BIT(20)
#define SCTLR_EL1_EIS		BIT(22)	/* exception entry is context sync */
#define SCTLR_EL1_SPAN		BIT(23)	/* PSTATE.PAN left alone on entry */
#define SCTLR_EL1_E0E		BIT(24)	/* EL0 big-endian data */
#define SCTLR_EL1_EE		BIT(25)	/* EL1 big-endian data */
#define SCTLR_EL1_UCI		BIT(26)	/* EL0 cache maintenance by VA */
#define SCTLR_EL1_nTLSMD	BIT(28)
#define SCTLR_EL1_LSMAOE	BIT(29)

/*
 * Bits that are RES1 in ARMv8.0 and that later revisions gave meanings
 * whose value 1 keeps the v8.0 behaviour.
 */
#define SCTLR_EL1_RES1		(SCTLR_EL1_EOS | SCTLR_EL1_TSCXT | \
				 SCTLR_EL1_EIS | SCTLR_EL1_SPAN | \
				 SCTLR_EL1_nTLSMD | SCTLR_EL1_LSMAOE)

/* SCTLR_EL1 while the MMU is still off: little-endian, caches off. */
#define SCTLR_EL1_BOOT		SCTLR_EL1_RES1

/* SCTLR_EL1 for the running kernel. */
#define SCTLR_EL1_KERNEL	(SCTLR_EL1_RES1 | SCTLR_EL1_M | SCTLR_EL1_C | \
				 SCTLR_EL1_SA | SCTLR_EL1_SA0 | SCTLR_EL1_I | \
				 SCTLR_EL1_DZE | SCTLR_EL1_UCT | \
				 SCTLR_EL1_nTWI | SCTLR_EL1_nTWE | \
				 SCTLR_EL1_UCI)

/* SCTLR_EL2 RES1 bits (ARMv8.0, HCR_EL2.E2H == 0): MMU and caches off. */
#define SCTLR_EL2_BOOT		(BIT(4) | BIT(5) | BIT(11) | BIT(16) | \
				 BIT(18) | BIT(22) | BIT(23) | BIT(28) | BIT(29))

/* MDSCR_EL1 */
#define MDSCR_EL1_SS		BIT(0)	/* software step enable */
#define MDSCR_EL1_KDE		BIT(13)	/* debug exceptions from EL1 */
#define MDSCR_EL1_MDE		BIT(15)	/* breakpoint and watchpoint exceptions */

/* HCR_EL2 */
#define HCR_EL2_RW		BIT(31)	/* EL1 is AArch64 */

/* CNTHCTL_EL2, HCR_EL2.E2H == 0 layout */
#define CNTHCTL_EL2_EL1PCTEN	BIT(0)	/* EL1/EL0 physical counter access */
#define CNTHCTL_EL2_EL1PCEN	BIT(1)	/* EL1/EL0 physical timer access */

/* CPTR_EL2, HCR_EL2.E2H == 0 layout: RES1 bits, TFP (bit 10) clear. */
#define CPTR_EL2_RES1		(GENMASK(9, 0) | BIT(12) | BIT(13))

/* ICC_SRE_EL2.SRE (bit 0) and .Enable (bit 3) */
#define ICC_SRE_EL2_SRE_ENABLE	(BIT(0) | BIT(3))

/* CPACR_EL1.FPEN (bits 21:20) == 0b11: FP/SIMD not trapped at EL0/EL1 */
#define CPACR_EL1_FPEN		(_UL(3) << 20)

/* ID_AA64PFR0_EL1.GIC (bits 27:24): system register interface present */
#define ID_AA64PFR0_EL1_GIC_SHIFT	24

/* ID_AA64ISAR0_EL1.Atomic (bits 23:20): 2 is FEAT_LSE, 3 FEAT_LSE128 */
#define ID_AA64ISAR0_EL1_ATOMIC_SHIFT	20

/* ID_AA64MMFR0_EL1 */
#define ID_AA64MMFR0_EL1_PARANGE_MASK	_UL(0xf)
#define ID_AA64MMFR0_EL1_ASIDBITS_SHIFT	4
#define ID_AA64MMFR0_EL1_TGRAN16_SHIFT	20
#define ID_AA64MMFR0_EL1_TGRAN64_SHIFT	24
#define ID_AA64MMFR1_EL1_HAFDBS_SHIFT	0	/* 1: Access flag, 2: and dirty */
#define ID_AA64MMFR1_EL1_PAN_SHIFT	20

/* TCR_EL1 */
#define TCR_T0SZ_SHIFT		0
#define TCR_EPD0		BIT(7)
#define TCR_IRGN0_WBWA		(_UL(1) << 8)
#define TCR_ORGN0_WBWA		(_UL(1) << 10)
#define TCR_SH0_INNER		(_UL(3) << 12)
#define TCR_TG0_4K		(_UL(0) << 14)
#define TCR_TG0_64K		(_UL(1) << 14)
#define TCR_TG0_16K		(_UL(2) << 14)
#define TCR_T1SZ_SHIFT		16
#define TCR_A1			BIT(22)
#define TCR_EPD1		BIT(23)
#define TCR_IRGN1_WBWA		(_UL(1) << 24)
#define TCR_ORGN1_WBWA		(_UL(1) << 26)
#define TCR_SH1_INNER		(_UL(3) << 28)
#define TCR_TG1_16K		(_UL(1) << 30)
#define TCR_TG1_4K		(_UL(2) << 30)
#define TCR_TG1_64K		(_UL(3) << 30)
#define TCR_IPS_SHIFT		32
#define TCR_AS			BIT(36)	/* 16-bit ASIDs */
#define TCR_TBI0		BIT(37)	/* EL0 addresses: top byte ignored */
#define TCR_HA			BIT(39)	/* hardware sets the Access flag */
#define TCR_HD			BIT(40)	/* hardware sets dirty state (DBM) */

/* MAIR_ELx: one attribute byte per index */
#define MAIR_ATTR_DEVICE_nGnRnE	_UL(0x00)
#define MAIR_ATTR_DEVICE_nGnRE	_UL(0x04)
#define MAIR_ATTR_NORMAL_NC	_UL(0x44)
#define MAIR_ATTR_NORMAL_WB	_UL(0xff)
#define MAIR_ATTR(attr, idx)	((attr) << ((idx) * 8))

/* ESR_ELx.EC (bits 31:26): exception class */
#define ESR_ELx_EC_SHIFT	26
#define ESR_ELx_EC_MASK		(_UL(0x3f) << ESR_ELx_EC_SHIFT)
#define ESR_ELx_EC(esr)		(((esr) & ESR_ELx_EC_MASK) >> ESR_ELx_EC_SHIFT)
#define ESR_ELx_IL		BIT(25)
#define ESR_ELx_ISS_MASK	GENMASK(24, 0)

#define ESR_ELx_EC_UNKNOWN	0x00
#define ESR_ELx_EC_WFx		0x01
#define ESR_ELx_EC_FP_ASIMD	0x07
#define ESR_ELx_EC_ILL		0x0e	/* illegal execution state */
#define ESR_ELx_EC_SVC64	0x15
#define ESR_ELx_EC_SYS64	0x18
#define ESR_ELx_EC_SVE		0x19
#define ESR_ELx_EC_IABT_LOW	0x20
#define ESR_ELx_EC_IABT_CUR	0x21
#define ESR_ELx_EC_PC_ALIGN	0x22
#define ESR_ELx_EC_DABT_LOW	0x24
#define ESR_ELx_EC_DABT_CUR	0x25
#define ESR_ELx_EC_SP_ALIGN	0x26
#define ESR_ELx_EC_FP_EXC64	0x2c
#define ESR_ELx_EC_SERROR	0x2f
#define ESR_ELx_EC_BREAKPT_LOW	0x30
#define ESR_ELx_EC_BREAKPT_CUR	0x31
#define ESR_ELx_EC_SOFTSTP_LOW	0x32
#define ESR_ELx_EC_SOFTSTP_CUR	0x33
#define ESR_ELx_EC_WATCHPT_LOW	0x34
#define ESR_ELx_EC_WATCHPT_CUR	0x35
#define ESR_ELx_EC_BRK64	0x3c

/* ISS of data and instruction aborts */
#define ESR_ELx_FSC_MASK	_UL(0x3f)	/* fault status code */
#define ESR_ELx_FSC_TYPE	_UL(0x3c)	/* the code without its level */
#define ESR_ELx_FSC_TRANS	0x04
#define ESR_ELx_FSC_ACCESS	0x08
#define ESR_ELx_FSC_PERM	0x0c
#define ESR_ELx_FSC_ALIGN	0x21	/* alignment fault (whole FSC) */
#define ESR_ELx_WNR		BIT(6)	/* write, not read */
#define ESR_ELx_CM		BIT(8)	/* cache maintenance */
#define ESR_ELx_FnV		BIT(10)	/* FAR not valid */

/* PSTATE and SPSR_ELx fields are the ABI's: see <uapi/asm/ptrace.h>. */
#define PSR_MODE_EL1t_MASKED	_UL(0x3c4)
#define PSR_MODE_EL1h_MASKED	_UL(0x3c5)	/* EL1h, D, A, I and F masked */

/* CurrentEL.EL (bits 3:2) */
#define CURRENTEL_EL1		(1 << 2)
#define CURRENTEL_EL2		(2 << 2)

#ifndef __ASSEMBLY__

#include <linux/stringify.h>
#include <linux/types.h>

#define read_sysreg(r) ({						\
	u64 __val;							\
	asm volatile("mrs %0, " __stringify(r) : "=r" (__val));	\
	__val;								\
})

/* "rZ" lets the compiler use xzr when writing zero. */
#define write_sysreg(v, r) do {						\
	u64 __val = (u64)(v);						\
	asm volatile("msr " __stringify(r) ", %x0" : : "rZ" (__val));	\
} while (0)

/*
 * Registers the assembler may not know by name (GICv3 CPU interface
 * on old binutils) are reached through their generic encoding
 * S<op0>_<op1>_C<n>_C<m>_<op2>, which every assembler accepts.
 */
#define read_sysreg_s(r) ({						\
	u64 __val;							\
	asm volatile("mrs %0, " __stringify(r) : "=r" (__val));	\
	__val;								\
})

#define write_sysreg_s(v, r) do {					\
	u64 __val = (u64)(v);						\
	asm volatile("msr " __stringify(r) ", %x0" : : "rZ" (__val));	\
} while (0)

#define isb()		do { asm volatile("isb" : : : "memory"); } while (0)

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_SYSREG_H */
