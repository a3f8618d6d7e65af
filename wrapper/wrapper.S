/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wrapper.S - EL3 spin-table boot firmware for QEMU's virt machine.
 *
 * QEMU with -M virt,secure=on,virtualization=on and -bios turns off its
 * own PSCI emulation and starts every CPU at 0x0 (this code, in secure
 * flash) in EL3 with the MMU and caches off.  Here every CPU sets up EL3
 * and the Secure side of the GIC (v2, or v3 with gic-version=3), then
 *   - CPU 0 (MPIDR_EL1.Aff0 == 0) zeroes the release slots, marks the pen
 *     ready and drops to EL2h at the kernel with x0 = DTB, x1-x3 = 0;
 *   - every other CPU waits in the pen (wfe) until the kernel writes a
 *     non-zero address into its slot, then drops to EL2h there with
 *     x0-x3 = 0 (the spin-table protocol of Documentation/arch/arm64/
 *     booting.rst).
 * Without virtualization=on the CPUs implement no EL2
 * (ID_AA64PFR0_EL1.EL2 == 0) and the kernel is entered at EL1h instead.
 * An SMC handler implements just enough PSCI 0.2 for the kernel to power
 * the machine off or reset it; both end QEMU through semihosting.
 * Caches stay off throughout (no cache maintenance is needed before the
 * kernel: QEMU models none, and Cortex-A5x/A7x invalidate at reset).
 *
 * Exit status of QEMU (semihosting SYS_EXIT, ADP_Stopped_ApplicationExit):
 *   0  PSCI SYSTEM_OFF          1  bad boot input (no FDT / no Image)
 *   2  PSCI SYSTEM_RESET        3  unexpected exception taken to EL3
 *
 * The memory map comes from layout.mk through -D (see the Makefile):
 * KERNEL_ENTRY, DTB_ADDR, PEN_BASE, PEN_READY_OFF.  Nothing is ever
 * written to flash: all mutable state is in the pen page (RAM) or the
 * secure SRAM.
 */

#if !defined(KERNEL_ENTRY) || !defined(DTB_ADDR) || !defined(PEN_BASE) || \
    !defined(PEN_READY_OFF)
#error "build with -DKERNEL_ENTRY=, -DDTB_ADDR=, -DPEN_BASE=, -DPEN_READY_OFF= (see Makefile)"
#endif

/* ---- Platform: QEMU virt (addresses as in its DTB) ---------------- */
#define UART_BASE		0x09000000	/* PL011, non-secure UART0 */
#define GICD_BASE		0x08000000	/* GICv2/v3 distributor */
#define GICC_BASE		0x08010000	/* GICv2 CPU interface */
#define GICR_BASE		0x080a0000	/* GICv3 redistributors */
#define STACK_BASE		0x0e000000	/* secure SRAM, 16 MiB */
#define STACK_SIZE		0x1000		/* per CPU */
#define MAX_CPUS		8		/* pen slots (GICv2's limit too) */

/* ---- Pen page (reserved for the kernel by /memreserve/) ----------- */
#define PEN_SLOT(n)		(PEN_BASE + 8 * (n))	/* cpu-release-addr */
#define PEN_READY		(PEN_BASE + PEN_READY_OFF) /* set by CPU 0 */
#define PEN_READY_MAGIC		0x5350494e2d524459	/* "SPIN-RDY" */

/* ---- Architectural register values --------------------------------- */
/* SCTLR_ELx with M, C, I, EE, WXN all 0 and the RES1 bits of ARMv8.0
 * (bits 29:28, 23:22, 18, 16, 11, 5, 4) set.  The same value suits
 * SCTLR_EL3 and the non-VHE SCTLR_EL2. */
#define SCTLR_ELx_SAFE		0x30c50830

/* SCR_EL3 */
#define SCR_NS			(1 << 0)	/* lower ELs are Non-secure */
#define SCR_RES1		(3 << 4)	/* bits 5:4 RES1 */
#define SCR_SMD			(1 << 7)	/* left 0: SMC enabled */
#define SCR_HCE			(1 << 8)	/* HVC enabled at EL1/EL2 */
#define SCR_RW			(1 << 10)	/* next lower EL is AArch64 */
#define SCR_VALUE		(SCR_RW | SCR_RES1 | SCR_NS)	/* + HCE with EL2 */

/* Later SCR_EL3 enables, set only when the ID registers report them */
#define SCR_APK			(1 << 16)	/* PAuth keys not trapped */
#define SCR_API			(1 << 17)	/* PAuth instructions not trapped */
#define SCR_ATA			(1 << 26)	/* MTE allocation tags */
#define SCR_FGTEN		(1 << 27)	/* EL2 fine-grained trap registers */
#define SCR_HXEN		(1 << 38)	/* HCRX_EL2 */
#define SCR_ENTP2		(1 << 41)	/* TPIDR2_EL0 (SME) */
/* CPTR_EL3 enables */
#define CPTR_EZ_BIT		8		/* SVE not trapped */
#define CPTR_ESM_BIT		12		/* SME not trapped */
#define CPTR_EZ			(1 << CPTR_EZ_BIT)
#define CPTR_ESM		(1 << CPTR_ESM_BIT)
#define ZCR_LEN_MAX		0xf		/* ZCR_EL3/SMCR_EL3.LEN */
#define SMCR_FA64_BIT		31
#define MDCR_NSPB_NS		(3 << 12)	/* SPE buffer: Non-secure */
#define MDCR_NSTB_NS		(3 << 24)	/* trace buffer: Non-secure */
/* ID register fields */
#define DFR0_PMSVER_SHIFT	32
#define DFR0_TRBE_SHIFT		44
#define ISAR1_PAUTH_MASK	0xff000ff0	/* GPI, GPA, API, APA */
#define ISAR2_PAUTH_MASK	0xff00		/* APA3, GPA3 */
#define MMFR0_FGT_SHIFT		56
#define MMFR1_HCX_SHIFT		40
#define PFR0_SVE_SHIFT		32
#define PFR1_MTE_SHIFT		8
#define PFR1_SME_SHIFT		24
#define SMFR0_FA64_BIT		63

/* HCR_EL2: 0 = no virtualisation traps; the kernel programs its own. */
#define HCR_EL2_VALUE		0
/* CPTR_EL2 (non-VHE): RES1 bits 13:12 and 9:0, TFP (bit 10) = 0. */
#define CPTR_EL2_VALUE		0x33ff

/* SCTLR_EL1 with M, C, I, EE, E0E, WXN 0 and the ARMv8.0 RES1 bits
 * (29:28, 23:22, 20, 11) set; only written when there is no EL2. */
#define SCTLR_EL1_SAFE		0x30d00800

/* ID_AA64PFR0_EL1.EL2, bits 11:8: 0 = EL2 not implemented. */
#define PFR0_EL2_SHIFT		8

/* SPSR_EL3 for the eret: M[4] = 0 (AArch64), M[3:0] = 0b1001 (EL2h) or
 * 0b0101 (EL1h), PSTATE.D/A/I/F (bits 9:6) all set = all masked. */
#define SPSR_EL2H_DAIF		0x3c9
#define SPSR_EL1H_DAIF		0x3c5

/* ESR_EL3.EC (bits 31:26) for an SMC executed in AArch64 state. */
#define ESR_EC_SHIFT		26
#define ESR_EC_SMC64		0x17

/* GICv2 (IHI 0048B) */
#define GICD_CTLR		0x000
#define GICD_TYPER		0x004
#define GICD_IGROUPR		0x080	/* + 4n: 32 interrupts each */
#define GICD_CTLR_GRP0		(1 << 0)	/* Secure view: EnableGrp0 */
#define GICD_CTLR_GRP1		(1 << 1)	/* Secure view: EnableGrp1 */
#define GICD_TYPER_ITLINES	0x1f	/* ITLinesNumber: 32*(N+1) lines */
#define GICC_CTLR		0x000
#define GICC_PMR		0x004
#define GICC_CTLR_GRP0		(1 << 0)	/* Secure view: EnableGrp0 */
#define GICC_CTLR_GRP1		(1 << 1)	/* Secure view: EnableGrp1 */
/* A Non-secure write to GICC_PMR is ignored while the mask is 0x00-0x7f;
 * 0x80 is the highest Secure value that lets the kernel program it. */
#define GICC_PMR_NS_ACCESS	0x80

/* GICv3 (IHI 0069), used when ID_AA64PFR0_EL1.GIC (27:24) != 0 */
#define PFR0_GIC_SHIFT		24
#define GICD_IGRPMODR		0xd00	/* + 4n */
#define GICD_CTLR_GRP1NS	(1 << 1)	/* Secure view: EnableGrp1NS */
#define GICD_CTLR_ARE_S		(1 << 4)	/* affinity routing, Secure */
#define GICD_CTLR_ARE_NS	(1 << 5)	/* affinity routing, Non-secure */
#define GICD_CTLR_RWP_BIT	31		/* register write pending */
#define GICR_TYPER		0x008	/* 64-bit; Affinity in 63:32 */
#define GICR_TYPER_VLPIS_BIT	1	/* 4 frames per CPU instead of 2 */
#define GICR_TYPER_LAST_BIT	4	/* last redistributor of the region */
#define GICR_WAKER		0x014
#define GICR_WAKER_SLEEP	(1 << 1)	/* ProcessorSleep */
#define GICR_WAKER_ASLEEP_BIT	2		/* ChildrenAsleep */
#define GICR_FRAME		0x10000	/* RD_base, SGI_base, (VLPI x2) */
#define GICR_IGROUPR0		0x080	/* in SGI_base */
#define GICR_IGRPMODR0		0xd00	/* in SGI_base */
/* ICC_SRE_EL3: SRE (0) system registers at EL3, DFB (1) and DIB (2)
 * bypass off, Enable (3) lets EL2/EL1 program ICC_SRE_EL2/EL1. */
#define ICC_SRE_EL3_VALUE	0xf
#define ICC_PMR_NS_ACCESS	0x80	/* same rule as GICC_PMR */

/* PL011 */
#define UART_DR			0x000
#define UART_FR			0x018
#define UART_FR_TXFF		(1 << 5)	/* transmit FIFO full */

/* PSCI 0.2 function IDs (SMC32 calling convention) and results */
#define PSCI_VERSION		0x84000000
#define PSCI_SYSTEM_OFF		0x84000008
#define PSCI_SYSTEM_RESET	0x84000009
#define PSCI_VERSION_0_2	0x00000002	/* major 0 (bits 31:16), minor 2 */
#define PSCI_NOT_SUPPORTED	-1

/* Semihosting (AArch64: HLT #0xf000, operation in w0, block in x1) */
#define SEMIHOST_SYS_EXIT	0x18
#define ADP_STOPPED_APP_EXIT	0x20026

/* Image header (Documentation/arch/arm64/booting.rst) and FDT header */
#define IMAGE_MAGIC_OFFSET	0x38
#define IMAGE_MAGIC		0x644d5241	/* "ARM\x64", little-endian */
#define FDT_MAGIC		0xd00dfeed	/* big-endian in the blob */

#define EXIT_OFF		0
#define EXIT_BAD_INPUT		1
#define EXIT_RESET		2
#define EXIT_EXCEPTION		3

	.section .text.entry, "ax"
	.global	_start
_start:
	/* Known EL3 state first: MMU, caches and alignment checks off,
	 * little-endian (SCTLR_EL3.M/C/I/A/EE = 0). */
	ldr	x0, =SCTLR_ELx_SAFE
	msr	sctlr_el3, x0
	isb

	/* Which CPU is this?  virt numbers up to 8 CPUs as Aff0 = 0..7 of
	 * cluster 0; anything else (Aff3/Aff2/Aff1 != 0, Aff0 >= 8) has no
	 * stack and no slot: it is parked. */
	mrs	x19, mpidr_el1
	ldr	x0, =0xff00ffff00		/* MPIDR_EL1.Aff3, Aff2, Aff1 */
	tst	x19, x0
	b.ne	park
	and	x20, x19, #0xff			/* x20 = MPIDR_EL1.Aff0 */
	cmp	x20, #MAX_CPUS
	b.hs	park

	/* Per-CPU EL3 stack in secure SRAM (SP_EL3: SPSel is 1 at reset),
	 * used by the SMC handler and the UART helpers. */
	ldr	x0, =STACK_BASE + STACK_SIZE
	mov	x1, #STACK_SIZE
	madd	x0, x20, x1, x0
	mov	sp, x0

	adr	x0, el3_vectors
	msr	vbar_el3, x0

	/* The EL the kernel is entered at: EL2 if implemented, else EL1.
	 * x28 = the SPSR_EL3 for the eret, kept for the whole boot. */
	mrs	x0, id_aa64pfr0_el1
	ubfx	x0, x0, #PFR0_EL2_SHIFT, #4
	cbz	x0, 1f
	bl	el3_setup
	bl	el2_setup
	mov	x28, #SPSR_EL2H_DAIF
	b	2f
1:	bl	el3_setup
	bl	el1_setup
	mov	x28, #SPSR_EL1H_DAIF
2:	bl	gic_secure_cpu_init
#ifdef EL2_TRAPS
	cmp	x28, #SPSR_EL2H_DAIF
	b.ne	3f
	bl	el2_traps
3:
#endif
	cbnz	x20, secondary

	/* ---- CPU 0 ---------------------------------------------------- */
	bl	gic_secure_dist_init
	bl	check_boot_input		/* exits on error */

	/* Zero every release slot before anyone may look at them; the
	 * slots may hold anything (RAM is not cleared on a real reset). */
	ldr	x0, =PEN_SLOT(0)
	mov	x1, #MAX_CPUS
1:	str	xzr, [x0], #8
	subs	x1, x1, #1
	b.ne	1b
	/* Publish: the zeroes must be observable before the ready word.
	 * stlr is a store-release (ordered after every earlier access);
	 * the dsb makes it complete before the sev that wakes the pen. */
	ldr	x0, =PEN_READY
	ldr	x1, =PEN_READY_MAGIC
	stlr	x1, [x0]
	dsb	sy
	sev

	adr	x0, msg_enter
	bl	uart_puts
	adr	x0, msg_el2h
	cmp	x28, #SPSR_EL2H_DAIF
	b.eq	1f
	adr	x0, msg_el1h
1:	bl	uart_puts
	adr	x0, msg_enter_at
	bl	uart_puts

	ldr	x0, =DTB_ADDR			/* x0 = physical address of the DTB */
	mov	x1, xzr
	mov	x2, xzr
	mov	x3, xzr
	ldr	x4, =KERNEL_ENTRY
	b	drop_to_kernel

	/* ---- CPUs 1..7: the pen --------------------------------------- */
secondary:
	/* Wait until CPU 0 has zeroed the slots.  ldar is a load-acquire:
	 * the slot reads below cannot be satisfied before it. */
	ldr	x0, =PEN_READY
	ldr	x1, =PEN_READY_MAGIC
1:	ldar	x2, [x0]
	cmp	x2, x1
	b.eq	2f
	wfe
	b	1b
2:	/* Poll this CPU's cpu-release-addr.  Load before wfe: an sev sent
	 * between the load and the wfe sets the event register, so the
	 * wfe returns at once and no release is missed. */
	ldr	x0, =PEN_SLOT(0)
	add	x0, x0, x20, lsl #3
3:	ldr	x4, [x0]
	cbnz	x4, 4f
	wfe
	b	3b
4:	mov	x0, xzr
	mov	x1, xzr
	mov	x2, xzr
	mov	x3, xzr
	/* fall through */

/* Enter the kernel at EL2h (or EL1h), MMU off, DAIF masked: x4 = entry
 * point, x28 = SPSR_EL3, x0-x3 already hold the boot arguments. */
drop_to_kernel:
	msr	elr_el3, x4
	msr	spsr_el3, x28
	eret

park:
	wfi
	b	park

/* ---- EL3 and EL2 set-up (every CPU; leaf functions) ----------------- */
el3_setup:	/* x0 = ID_AA64PFR0_EL1.EL2 */
	cmp	x0, #0
	ldr	x0, =SCR_VALUE
	orr	x1, x0, #SCR_HCE		/* HCE is RES0 without EL2 */
	csel	x1, x0, x1, eq			/* x1 = SCR_EL3 */
	/* CPTR_EL3: TCPAC (31), TAM (30), TTA (20), TFP (10) = 0: neither
	 * FP/SIMD, activity monitors, trace nor CPACR/CPTR accesses trap
	 * to EL3.  x2 = CPTR_EL3. */
	mov	x2, xzr

	/* Features after ARMv8.0 whose registers or instructions trap to
	 * EL3 until enabled here; each enabled only if the ID registers
	 * report it (an ARMv8.0 core such as cortex-a57 has none). */
	mrs	x3, id_aa64isar1_el1
	ldr	x4, =ISAR1_PAUTH_MASK
	mrs	x5, S3_0_C0_C6_2		/* ID_AA64ISAR2_EL1 (RAZ on v8.0) */
	and	x5, x5, #ISAR2_PAUTH_MASK
	and	x3, x3, x4
	orr	x3, x3, x5
	cbz	x3, 1f
	orr	x1, x1, #(SCR_APK | SCR_API)	/* pointer authentication */
1:	mrs	x3, id_aa64mmfr0_el1
	ubfx	x3, x3, #MMFR0_FGT_SHIFT, #4
	cbz	x3, 1f
	orr	x1, x1, #SCR_FGTEN		/* fine-grained traps at EL2 */
1:	mrs	x3, id_aa64mmfr1_el1
	ubfx	x3, x3, #MMFR1_HCX_SHIFT, #4
	cbz	x3, 1f
	orr	x1, x1, #SCR_HXEN		/* HCRX_EL2 */
1:	mrs	x3, id_aa64pfr1_el1
	ubfx	x3, x3, #PFR1_MTE_SHIFT, #4
	cmp	x3, #2
	b.lo	1f
	orr	x1, x1, #SCR_ATA		/* allocation tags (MTE2) */
1:	mrs	x3, id_aa64pfr0_el1
	ubfx	x3, x3, #PFR0_SVE_SHIFT, #4
	cbz	x3, 1f
	orr	x2, x2, #CPTR_EZ		/* SVE */
1:	mrs	x3, id_aa64pfr1_el1
	ubfx	x3, x3, #PFR1_SME_SHIFT, #4
	cbz	x3, 1f
	orr	x2, x2, #CPTR_ESM		/* SME */
	orr	x1, x1, #SCR_ENTP2		/* TPIDR2_EL0 */
1:	msr	scr_el3, x1
	msr	cptr_el3, x2
	isb
	/* With the trap gone, let lower ELs use the longest vectors:
	 * ZCR_EL3.LEN / SMCR_EL3.LEN = 0xf (the field's maximum), and
	 * SMCR_EL3.FA64 if ID_AA64SMFR0_EL1.FA64 says it exists. */
	tbz	x2, #CPTR_EZ_BIT, 1f
	mov	x3, #ZCR_LEN_MAX
	msr	S3_6_C1_C2_0, x3		/* ZCR_EL3 */
1:	tbz	x2, #CPTR_ESM_BIT, 1f
	mrs	x4, S3_0_C0_C4_5		/* ID_AA64SMFR0_EL1 */
	lsr	x4, x4, #SMFR0_FA64_BIT
	mov	x3, #ZCR_LEN_MAX
	bfi	x3, x4, #SMCR_FA64_BIT, #1
	msr	S3_6_C1_C2_6, x3		/* SMCR_EL3 */
1:	/* MDCR_EL3: TDA, TPM, TDOSA, TTRF = 0: debug, PMU and trace
	 * filter registers do not trap to EL3.  The statistical profiling
	 * and trace buffers, if any, are given to the Non-secure world
	 * (NSPB, NSTB = 0b11) or their registers would trap too. */
	mov	x1, xzr
	mrs	x3, id_aa64dfr0_el1
	ubfx	x4, x3, #DFR0_PMSVER_SHIFT, #4
	cbz	x4, 2f
	orr	x1, x1, #MDCR_NSPB_NS
2:	ubfx	x4, x3, #DFR0_TRBE_SHIFT, #4
	cbz	x4, 2f
	orr	x1, x1, #MDCR_NSTB_NS
2:	msr	mdcr_el3, x1
	isb
	/* CNTFRQ_EL0 is writable only at the highest EL, so it is ours to
	 * set.  QEMU 7.2 resets it to the frequency its counter really
	 * runs at (62.5 MHz on virt); keep that, and only fill in 62.5 MHz
	 * if the reset value is 0 (architecturally UNKNOWN). */
	mrs	x0, cntfrq_el0
	cbnz	x0, 1f
	ldr	x0, =62500000
	msr	cntfrq_el0, x0
1:	isb
	ret

el2_setup:
	/* Writable EL2 registers the kernel may read before it writes them
	 * get known values (booting.rst: "initialised by software at a
	 * higher exception level"). */
	ldr	x0, =SCTLR_ELx_SAFE
	msr	sctlr_el2, x0
	mov	x0, #HCR_EL2_VALUE
	msr	hcr_el2, x0
	ldr	x0, =CPTR_EL2_VALUE
	msr	cptr_el2, x0
	msr	cntvoff_el2, xzr		/* virtual count == physical count */
	msr	vttbr_el2, xzr
	isb
	ret

#ifdef EL2_TRAPS
/* Built with EL2_TRAPS=1 (run-spin-table.sh SPIN_EL2_TRAPS=1): leave EL2
 * as a careless firmware or a previous kernel might, every control the
 * CPU has that can reach EL1 or EL0 set to trap, route or distort, so
 * that a kernel entered at EL2 only works if it writes each of them
 * itself.  Bits a CPU does not implement are ignored by QEMU (they are
 * RES0; real firmware must not write them, this is a test). */
el2_traps:
	/* HCR_EL2: RW kept (the kernel's own stage is AArch64); VM, the
	 * FIQ/IRQ/SError routing (FMO, IMO, AMO) and every trap of v8.0
	 * (TWI TWE TID0-3 TSC TIDCP TACR TSW TPCP TPU TTLB TVM TDZ TRVM),
	 * TERR and TEA; API, APK and ATA (enables) clear. */
	ldr	x0, =0x30d7ffe039
	msr	hcr_el2, x0
	/* CPTR_EL2: TCPAC, TAM, TTA, TFP, TZ, TSM all trap. */
	ldr	x0, =0xc01037ff
	msr	cptr_el2, x0
	/* MDCR_EL2: TDE TDA TDOSA TDRA TPM TPMCR trap, HPMN = 0: EL1 would
	 * have no PMU counter. */
	mov	x0, #0xf60
	msr	mdcr_el2, x0
	mov	x0, #0xbfef			/* HSTR_EL2: T4 and T14 are RES0 */
	msr	hstr_el2, x0
	/* Timer: EL1 physical counter and timer trapped, an event stream. */
	mov	x0, #(1 << 2)			/* CNTHCTL_EL2.EVNTEN */
	msr	cnthctl_el2, x0
	ldr	x0, =0x123456789
	msr	cntvoff_el2, x0
	/* Identity registers EL1 reads instead of MIDR/MPIDR. */
	ldr	x0, =0x41ffd0f0
	msr	vpidr_el2, x0
	ldr	x0, =0x80ffffff
	msr	vmpidr_el2, x0
	ldr	x0, =0xdead0000
	msr	vbar_el2, x0
	ldr	x0, =0x5a5a000
	msr	vttbr_el2, x0
	/* GICv3 CPU interface: ICC_SRE_EL1 writes trapped (Enable = 0),
	 * the virtual interface on with TC, TALL0, TALL1 and TDIR. */
	mrs	x0, id_aa64pfr0_el1
	ubfx	x0, x0, #PFR0_GIC_SHIFT, #4
	cbz	x0, 1f
	mov	x0, #1				/* ICC_SRE_EL2: SRE only */
	msr	S3_4_C12_C9_5, x0
	ldr	x0, =0x5c01
	msr	S3_4_C12_C11_0, x0		/* ICH_HCR_EL2 */
1:	/* HCRX_EL2 and the fine-grained traps, where they exist. */
	mrs	x0, id_aa64mmfr1_el1
	ubfx	x0, x0, #MMFR1_HCX_SHIFT, #4
	cbz	x0, 1f
	mov	x0, #-1
	msr	S3_4_C1_C2_2, x0		/* HCRX_EL2 */
1:	mrs	x0, id_aa64mmfr0_el1
	ubfx	x0, x0, #MMFR0_FGT_SHIFT, #4
	cbz	x0, 1f
	mov	x0, #-1
	msr	S3_4_C1_C1_4, x0		/* HFGRTR_EL2 */
	msr	S3_4_C1_C1_5, x0		/* HFGWTR_EL2 */
	msr	S3_4_C1_C1_6, x0		/* HFGITR_EL2 */
	msr	S3_4_C3_C1_4, x0		/* HDFGRTR_EL2 */
	msr	S3_4_C3_C1_5, x0		/* HDFGWTR_EL2 */
1:	isb
	ret
#endif

el1_setup:
	ldr	x0, =SCTLR_EL1_SAFE
	msr	sctlr_el1, x0
	isb
	ret

/* ---- GIC, Secure side ----------------------------------------------- */
/* With the Security Extensions every interrupt resets to Group 0, which
 * the Non-secure kernel can neither see nor configure.  Make them all
 * Non-secure Group 1.  GICv2 or GICv3 by ID_AA64PFR0_EL1.GIC (the CPU
 * has the GICv3 system-register interface), as QEMU's gic-version. */
gic_secure_cpu_init:
	mrs	x0, id_aa64pfr0_el1
	ubfx	x0, x0, #PFR0_GIC_SHIFT, #4
	cbnz	x0, gic3_secure_cpu_init
	ldr	x0, =GICD_BASE
	mov	w1, #~0
	/* GICD_IGROUPR0 (SGIs and PPIs, INTIDs 0-31) is banked per CPU,
	 * so every CPU writes its own copy. */
	str	w1, [x0, #GICD_IGROUPR]
	ldr	x0, =GICC_BASE
	mov	w1, #GICC_PMR_NS_ACCESS
	str	w1, [x0, #GICC_PMR]
	mov	w1, #(GICC_CTLR_GRP0 | GICC_CTLR_GRP1)
	str	w1, [x0, #GICC_CTLR]
	ret

gic_secure_dist_init:
	mrs	x0, id_aa64pfr0_el1
	ubfx	x0, x0, #PFR0_GIC_SHIFT, #4
	cbnz	x0, gic3_secure_dist_init
	ldr	x0, =GICD_BASE
	ldr	w1, [x0, #GICD_TYPER]
	and	w1, w1, #GICD_TYPER_ITLINES	/* N: registers 1..N hold SPIs */
	add	x2, x0, #GICD_IGROUPR
	mov	w3, #~0
	cbz	w1, 2f
1:	str	w3, [x2, x1, lsl #2]		/* GICD_IGROUPR<N>: 32 SPIs */
	subs	w1, w1, #1
	b.ne	1b
2:	mov	w1, #(GICD_CTLR_GRP0 | GICD_CTLR_GRP1)
	str	w1, [x0, #GICD_CTLR]
	ret

gic3_secure_cpu_init:
	mov	x0, #ICC_SRE_EL3_VALUE
	msr	S3_6_C12_C12_5, x0		/* ICC_SRE_EL3 */
	isb
	/* This CPU's redistributor: the one whose GICR_TYPER.Affinity is
	 * its MPIDR affinity (Aff3..1 are 0 here, checked at entry). */
	ldr	x0, =GICR_BASE
1:	ldr	x1, [x0, #GICR_TYPER]
	cmp	x20, x1, lsr #32
	b.eq	3f
	tbnz	x1, #GICR_TYPER_LAST_BIT, 2f
	add	x0, x0, #(2 * GICR_FRAME)
	tbz	x1, #GICR_TYPER_VLPIS_BIT, 1b
	add	x0, x0, #(2 * GICR_FRAME)
	b	1b
2:	adr	x0, msg_no_gicr
	bl	uart_puts
	mov	w0, #EXIT_BAD_INPUT
	b	semihost_exit
3:	/* Wake it up: clear GICR_WAKER.ProcessorSleep, then wait until
	 * ChildrenAsleep reads 0. */
	ldr	w1, [x0, #GICR_WAKER]
	bic	w1, w1, #GICR_WAKER_SLEEP
	str	w1, [x0, #GICR_WAKER]
4:	ldr	w1, [x0, #GICR_WAKER]
	tbnz	w1, #GICR_WAKER_ASLEEP_BIT, 4b
	/* SGIs and PPIs: IGROUPR = 1, IGRPMODR = 0 is Non-secure Group 1. */
	add	x0, x0, #GICR_FRAME		/* SGI_base */
	mov	w1, #~0
	str	w1, [x0, #GICR_IGROUPR0]
	str	wzr, [x0, #GICR_IGRPMODR0]
	mov	x1, #ICC_PMR_NS_ACCESS
	msr	S3_0_C4_C6_0, x1		/* ICC_PMR_EL1 */
	ret

gic3_secure_dist_init:
	ldr	x0, =GICD_BASE
	/* Affinity routing for both Security states, set while every
	 * group is still disabled. */
	mov	w1, #(GICD_CTLR_ARE_S | GICD_CTLR_ARE_NS)
	str	w1, [x0, #GICD_CTLR]
1:	ldr	w1, [x0, #GICD_CTLR]
	tbnz	w1, #GICD_CTLR_RWP_BIT, 1b
	/* SPIs: registers 1..ITLinesNumber (register 0 is RES0 with ARE;
	 * the redistributors hold INTIDs 0-31). */
	ldr	w1, [x0, #GICD_TYPER]
	and	w1, w1, #GICD_TYPER_ITLINES
	add	x2, x0, #GICD_IGROUPR
	add	x3, x0, #GICD_IGRPMODR
	mov	w4, #~0
	cbz	w1, 3f
2:	str	w4, [x2, x1, lsl #2]
	str	wzr, [x3, x1, lsl #2]
	subs	w1, w1, #1
	b.ne	2b
3:	mov	w1, #(GICD_CTLR_ARE_S | GICD_CTLR_ARE_NS | GICD_CTLR_GRP0 | GICD_CTLR_GRP1NS)
	str	w1, [x0, #GICD_CTLR]
4:	ldr	w1, [x0, #GICD_CTLR]
	tbnz	w1, #GICD_CTLR_RWP_BIT, 4b
	ret

/* ---- Boot input checks (CPU 0) -------------------------------------- */
check_boot_input:
	mov	x21, lr
	ldr	x0, =DTB_ADDR
	ldr	w1, [x0]
	rev	w1, w1				/* FDT header fields are big-endian */
	ldr	w2, =FDT_MAGIC
	cmp	w1, w2
	adr	x0, msg_no_fdt
	b.ne	bad_input
	ldr	x0, =KERNEL_ENTRY + IMAGE_MAGIC_OFFSET
	ldr	w1, [x0]
	ldr	w2, =IMAGE_MAGIC
	cmp	w1, w2
	adr	x0, msg_no_image
	b.ne	bad_input
	ret	x21
bad_input:
	bl	uart_puts
	mov	w0, #EXIT_BAD_INPUT
	b	semihost_exit

/* ---- EL3 exception vectors (VBAR_EL3 needs 2 KiB alignment) --------- */
	.macro	ventry, label, n
	.balign	0x80
	mov	x0, #\n
	b	\label
	.endm

	.balign	0x800
el3_vectors:
	ventry	unexpected, 0		/* current EL, SP_EL0: sync */
	ventry	unexpected, 1		/*   IRQ */
	ventry	unexpected, 2		/*   FIQ */
	ventry	unexpected, 3		/*   SError */
	ventry	unexpected, 4		/* current EL, SP_ELx: sync */
	ventry	unexpected, 5
	ventry	unexpected, 6
	ventry	unexpected, 7
	.balign	0x80			/* lower EL, AArch64: sync */
	b	lower_sync
	ventry	unexpected, 9		/*   IRQ */
	ventry	unexpected, 10		/*   FIQ */
	ventry	unexpected, 11		/*   SError */
	ventry	unexpected, 12		/* lower EL, AArch32 */
	ventry	unexpected, 13
	ventry	unexpected, 14
	ventry	unexpected, 15

/* A synchronous exception from EL2/EL1: only SMC is expected.  SMCCC: the
 * function ID is in w0, results go in x0; everything else is preserved.
 * ELR_EL3 already points after the SMC (its preferred return address). */
lower_sync:
	stp	x9, x10, [sp, #-16]!
	mrs	x9, esr_el3
	lsr	x9, x9, #ESR_EC_SHIFT
	and	x9, x9, #0x3f			/* ESR_EL3.EC */
	cmp	x9, #ESR_EC_SMC64
	b.ne	1f
	ldr	w9, =PSCI_VERSION
	cmp	w0, w9
	b.eq	psci_version
	ldr	w9, =PSCI_SYSTEM_OFF
	cmp	w0, w9
	b.eq	psci_system_off
	ldr	w9, =PSCI_SYSTEM_RESET
	cmp	w0, w9
	b.eq	psci_system_reset
	/* MIGRATE_INFO_TYPE, CPU_ON, FEATURES, anything else: CPUs are
	 * brought up by spin-table, not PSCI. */
	mov	x0, #PSCI_NOT_SUPPORTED
	b	smc_return
1:	ldp	x9, x10, [sp], #16
	mov	x0, #8
	b	unexpected

psci_version:
	mov	x0, #PSCI_VERSION_0_2
smc_return:
	ldp	x9, x10, [sp], #16
	eret

psci_system_off:
	adr	x0, msg_off
	bl	uart_puts
	bl	print_slots
	mov	w0, #EXIT_OFF
	b	semihost_exit

psci_system_reset:
	adr	x0, msg_reset
	bl	uart_puts
	bl	print_slots
	mov	w0, #EXIT_RESET
	b	semihost_exit

/* Print the release slots of CPUs 1..7 as the kernel left them: a CPU
 * that the kernel started through spin-table shows the address it was
 * sent to (0 for a CPU never released or absent). */
print_slots:
	mov	x26, lr
	adr	x0, msg_slots
	bl	uart_puts
	mov	x27, #1
1:	mov	w0, #' '
	bl	uart_putc
	ldr	x0, =PEN_SLOT(0)
	ldr	x0, [x0, x27, lsl #3]
	bl	uart_puthex
	add	x27, x27, #1
	cmp	x27, #MAX_CPUS
	b.lo	1b
	adr	x0, msg_nl
	bl	uart_puts
	ret	x26

/* Report an exception nobody should take here and stop: x0 = vector. */
unexpected:
	mov	x22, x0
	mrs	x23, esr_el3
	mrs	x24, elr_el3
	mrs	x25, far_el3
	/* An HLT that was not taken as semihosting (QEMU without
	 * -semihosting-config enable=on) is UNDEFINED and lands here:
	 * exiting through semihosting again would loop, so park. */
	adr	x0, semihost_hlt
	cmp	x24, x0
	b.eq	1f
	adr	x0, msg_exc
	bl	uart_puts
	mov	x0, x22
	bl	uart_puthex
	adr	x0, msg_esr
	bl	uart_puts
	mov	x0, x23
	bl	uart_puthex
	adr	x0, msg_elr
	bl	uart_puts
	mov	x0, x24
	bl	uart_puthex
	adr	x0, msg_far
	bl	uart_puts
	mov	x0, x25
	bl	uart_puthex
	adr	x0, msg_nl
	bl	uart_puts
	mov	w0, #EXIT_EXCEPTION
	b	semihost_exit
1:	adr	x0, msg_no_semihosting
	bl	uart_puts
	b	park

/* ---- Semihosting SYS_EXIT: w0 = status; does not return ------------- */
semihost_exit:
	/* Parameter block {reason, subcode} on this CPU's EL3 stack. */
	ldr	x1, =ADP_STOPPED_APP_EXIT
	uxtw	x0, w0
	stp	x1, x0, [sp, #-16]!
	mov	x1, sp
	mov	x0, #SEMIHOST_SYS_EXIT
semihost_hlt:
	hlt	#0xf000
	b	park

/* ---- PL011 output (used only by CPU 0 and on fatal paths) ----------- */
/* QEMU's PL011 transmits without set-up; the kernel programs it later. */
uart_putc:	/* w0 = character; clobbers x1, x2 */
	ldr	x1, =UART_BASE
1:	ldr	w2, [x1, #UART_FR]
	tbnz	w2, #5, 1b			/* UART_FR_TXFF */
	strb	w0, [x1, #UART_DR]
	ret

uart_puts:	/* x0 = NUL-terminated string; clobbers x0-x4 */
	mov	x4, lr
	mov	x3, x0
1:	ldrb	w0, [x3], #1
	cbz	w0, 2f
	bl	uart_putc
	b	1b
2:	ret	x4

uart_puthex:	/* x0 = value, printed as 0x + 16 digits; clobbers x0-x6 */
	mov	x6, lr
	mov	x5, x0
	mov	w0, #'0'
	bl	uart_putc
	mov	w0, #'x'
	bl	uart_putc
	mov	x4, #60
1:	lsr	x0, x5, x4
	and	x0, x0, #0xf
	cmp	x0, #10
	add	x3, x0, #'0'
	add	x0, x0, #('a' - 10)
	csel	x0, x3, x0, lo
	bl	uart_putc
	subs	x4, x4, #4
	b.pl	1b
	ret	x6

	.ltorg

/* ---- Messages -------------------------------------------------------- */
#define STR(x)	#x
#define XSTR(x)	STR(x)
msg_enter:
	.asciz	"wrapper: EL3 spin-table firmware: CPU0 -> "
msg_el2h:
	.asciz	"EL2h"
msg_el1h:
	.asciz	"EL1h"
msg_enter_at:
	.ascii	" at ", XSTR(KERNEL_ENTRY)
	.ascii	", DTB ", XSTR(DTB_ADDR), ", pen ", XSTR(PEN_BASE)
	.asciz	"\r\n"
msg_no_fdt:
	.ascii	"wrapper: error: no FDT (magic 0xd00dfeed) at DTB address "
	.ascii	XSTR(DTB_ADDR)
	.asciz	"\r\n"
msg_no_image:
	.ascii	"wrapper: error: no arm64 Image (magic \"ARM\\x64\" at +0x38) at "
	.ascii	XSTR(KERNEL_ENTRY)
	.asciz	"\r\n"
msg_no_gicr:
	.asciz	"wrapper: error: no GICv3 redistributor for this CPU\r\n"
msg_off:
	.asciz	"wrapper: PSCI SYSTEM_OFF (QEMU exits with status 0)\r\n"
msg_reset:
	.asciz	"wrapper: PSCI SYSTEM_RESET (QEMU exits with status 2)\r\n"
msg_slots:
	.asciz	"wrapper: cpu-release-addr slots of CPU1-7:"
msg_exc:
	.asciz	"wrapper: unexpected exception at EL3: vector "
msg_esr:
	.asciz	" ESR_EL3 "
msg_elr:
	.asciz	" ELR_EL3 "
msg_far:
	.asciz	" FAR_EL3 "
msg_nl:
	.asciz	"\r\n"
msg_no_semihosting:
	.asciz	"wrapper: semihosting is off (-semihosting-config enable=on,target=native); CPU parked\r\n"
