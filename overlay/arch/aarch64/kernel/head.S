/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel entry: the Image header, the checks of what the boot loader
 * handed over, and the switch to virtual addressing.  The step down
 * from EL2 is el2.S's init_kernel_el.
 *
 * The boot protocol (Documentation/arch/arm64/booting.rst) guarantees
 * on entry: MMU off, D-cache off (the image cleaned to PoC), x0 = the
 * physical address of the device tree blob, x1-x3 = 0, all interrupts
 * masked, at EL2 or non-secure EL1.
 */

#include <linux/init.h>
#include <linux/linkage.h>
#include <asm/assembler.h>
#include <asm/image.h>
#include <asm/memory.h>
#include <asm/page.h>
#include <asm/pgtable-hwdef.h>
#include <asm/ptrace.h>
#include <asm/scs.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/thread_info.h>
#include <asm/asm-offsets.h>

	__HEAD
.Lhead:
#ifdef CONFIG_EFI
	/*
	 * code0: CCMP X18, #0, #0xd, PL, whose encoding 0xfa405a4d begins
	 * with "MZ", the signature UEFI looks for (a PE/COFF image's DOS
	 * header); run, it only sets the flags.  code1 branches on.
	 */
	ccmp	x18, #0, #0xd, pl
	b	primary_entry
#else
	/* code0/code1: "b primary_entry" is the first instruction run. */
	b	primary_entry
	.long	0
#endif
	.quad	0				// text_offset
	.long	_kernel_size_lo32		// image_size (vmlinux.lds.S)
	.long	_kernel_size_hi32
	.quad	__IMAGE_FLAGS			// flags
	.quad	0				// res2
	.quad	0				// res3
	.quad	0				// res4
	.long	IMAGE_MAGIC			// magic "ARM\x64"
#ifdef CONFIG_EFI
	.long	.Lpe_header - .Lhead		// res5: the DOS header's e_lfanew
#include "efi-header.S"
#else
	.long	0				// res5
#endif

/*
 * The code is not in the header's page: the PE/COFF header
 * (kernel/efi-header.S) puts that page in no section, and a UEFI
 * loader need load no more of it than the header structures (U-Boot's
 * bootefi copies just those).  The boot CPU's path is init text; what
 * the secondaries and resume run too is in .text.  The identity map
 * and the stub's copy both span the whole image.
 */
	__INIT

/*
 * Registers kept across the MMU-off part:
 *   x20  CurrentEL at entry
 *   x21  physical address of the device tree (x0 at entry)
 *   x22  physical address of _text
 */
/* Global: the EFI stub enters here (efi_enter_kernel()). */
SYM_CODE_START(primary_entry)
	mov	x21, x0
	bl	init_kernel_el
	mov	x20, x0

	bl	check_granule
	bl	check_fdt

	adr_sym	x22, _text

	/* The C code of early_map.c, on its own stack. */
	adr_sym	x0, __pi_early_stack + EARLY_STACK_SIZE
	mov	sp, x0
	mov	x29, xzr

	mov	x0, x21
	bl	__pi_early_map_kernel
	cmp	x0, #EARLY_MAP_PLACEMENT
	b.eq	.Lbad_placement
	cbnz	x0, .Lbad_pool

	/*
	 * The tables were written with the MMU and D-cache off, straight
	 * to memory.  The walker will read them through the caches
	 * (TCR_EL1.IRGNn/ORGNn = write-back), so drop any stale lines
	 * holding the old contents of that memory.  The DMB first: a DC
	 * IVAC is not ordered after earlier stores by program order alone
	 * (DDI 0487 L.a, "Ordering and completion of data and instruction
	 * cache instructions"), and one performed before the table stores
	 * could let a line speculatively refilled in between go on hiding
	 * them.  QEMU, with no caches, cannot show this.
	 */
	dmb	sy
	adr_sym	x0, __pgtables_start
	adr_sym	x1, __pgtables_end
	bl	dcache_inval_poc	// position independent: fine MMU off

	bl	cpu_setup
	bl	enable_mmu

	/*
	 * Still on the identity map and the early stack, now with the
	 * caches on: map the image where it will run (with RANDOMIZE_BASE,
	 * at a random offset taken from the device tree) and write its
	 * absolute pointers, which the link left 0, before the first of
	 * them is read (the literal below).
	 */
	mov	x0, x21
	bl	__pi_early_map_image
	cbnz	x0, .Lbad_pool_mmu_on

	ldr	x8, =primary_switched
	br	x8

.Lbad_placement:
	adr	x0, .Lmsg_placement
	b	early_fail
.Lbad_pool:
	adr	x0, .Lmsg_pool
	b	early_fail
.Lbad_pool_mmu_on:
	adr	x0, .Lmsg_pool
	mov_const x1, EARLY_UART_VIRT
	b	early_fail_at
SYM_CODE_END(primary_entry)

/*
 * The translation granule chosen at build time must be implemented:
 * ID_AA64MMFR0_EL1.TGran4 (31:28) is 0xf when 4KB is not, TGran64
 * (27:24) is 0xf when 64KB is not, TGran16 (23:20) is 0 when 16KB is
 * not.
 */
SYM_FUNC_START_LOCAL(check_granule)
	mrs	x0, id_aa64mmfr0_el1
#if defined(CONFIG_AARCH64_4K_PAGES)
	ubfx	x0, x0, #28, #4
	cmp	x0, #0xf
	b.eq	1f
#elif defined(CONFIG_AARCH64_64K_PAGES)
	ubfx	x0, x0, #ID_AA64MMFR0_EL1_TGRAN64_SHIFT, #4
	cmp	x0, #0xf
	b.eq	1f
#else
	ubfx	x0, x0, #ID_AA64MMFR0_EL1_TGRAN16_SHIFT, #4
	cbz	x0, 1f
#endif
	ret
1:	adr	x0, .Lmsg_granule
	b	early_fail
SYM_FUNC_END(check_granule)

/*
 * x21 must be the address of a flattened device tree: nonzero and
 * 8-byte aligned (booting.rst).  Its contents are not read here: the
 * boot protocol has the loader clean only the kernel image to the PoC,
 * so with the D-cache off the blob may still be in a cache (the loader
 * may have written it with caches on).  setup_machine_fdt() checks it
 * through the cacheable mapping early_map.c gives it.
 */
SYM_FUNC_START_LOCAL(check_fdt)
	cbz	x21, 1f
	tst	x21, #7
	b.ne	1f
	ret
1:	adr	x0, .Lmsg_fdt
	b	early_fail
SYM_FUNC_END(check_fdt)

/*
 * Boot cannot go on: say why on the debug UART, if one is configured
 * (a PL011: data register at 0x00, flag register at 0x18 with TXFF in
 * bit 5), then wait forever.  Nothing else can report it, as no
 * console exists without a device tree.  x0: the message.  With the
 * MMU on, enter at early_fail_at with x1 = the UART's fixmap slot,
 * which early_map_kernel() maps.
 */
SYM_FUNC_START_LOCAL(early_fail)
	mov_const x1, CONFIG_AARCH64_DEBUG_UART_PHYS
SYM_INNER_LABEL(early_fail_at, SYM_L_LOCAL)	// x1: the UART's address
#if CONFIG_AARCH64_DEBUG_UART_PHYS != 0
1:	ldrb	w2, [x0], #1
	cbz	w2, 3f
2:	ldr	w3, [x1, #0x18]
	tbnz	w3, #5, 2b
	str	w2, [x1]
	b	1b
#endif
3:	wfe
	b	3b
SYM_FUNC_END(early_fail)

.Lmsg_fdt:
	.asciz	"\r\naarch64: no device tree: x0 must hold the physical address of an 8-byte aligned FDT; stopping.\r\n"
.Lmsg_granule:
	.asciz	"\r\naarch64: this CPU does not implement the kernel's page size (ID_AA64MMFR0_EL1.TGran); stopping.\r\n"
.Lmsg_placement:
	.asciz	"\r\naarch64: the image is loaded above what the identity map can reach (2^VA_BITS); stopping.\r\n"
.Lmsg_pool:
	.asciz	"\r\naarch64: the early translation table pool is too small (__early_pool in vmlinux.lds.S); stopping.\r\n"
	.balign	4

	.text

/*
 * Program the translation regime of EL1: memory attributes, the
 * translation control and the two table bases.  Returns the SCTLR_EL1
 * value that turns the MMU on in x0.
 */
SYM_FUNC_START_LOCAL(cpu_setup)
	tlbi	vmalle1
	dsb	nsh

	/* CPACR_EL1.FPEN: FP/SIMD usable at EL0 (the kernel never uses it). */
	mov	x0, #CPACR_EL1_FPEN
	msr	cpacr_el1, x0
	/* MDSCR_EL1 = 0: no debug events until a task is single-stepped. */
	msr	mdscr_el1, xzr
	/*
	 * OSLSR_EL1.OSLK is 1 out of a cold reset, and the OS Lock disables
	 * every debug exception but BRK (DDI 0487 L.a, OSLSR_EL1.OSLK):
	 * unlock it, so that software step works.
	 */
	msr	oslar_el1, xzr

	mov_const x0, (MAIR_ATTR(MAIR_ATTR_NORMAL_WB, MT_NORMAL) | \
		       MAIR_ATTR(MAIR_ATTR_NORMAL_NC, MT_NORMAL_NC) | \
		       MAIR_ATTR(MAIR_ATTR_DEVICE_nGnRnE, MT_DEVICE_nGnRnE) | \
		       MAIR_ATTR(MAIR_ATTR_DEVICE_nGnRE, MT_DEVICE_nGnRE))
	msr	mair_el1, x0

	mov_const x0, TCR_EL1_BASE
	/*
	 * TCR_EL1.IPS = ID_AA64MMFR0_EL1.PARange, at most 48 bits (5):
	 * output addresses wider than the tables can hold are useless.
	 */
	mrs	x1, id_aa64mmfr0_el1
	and	x2, x1, #ID_AA64MMFR0_EL1_PARANGE_MASK
	cmp	x2, #5
	mov	x3, #5
	csel	x2, x2, x3, ls
	bfi	x0, x2, #TCR_IPS_SHIFT, #3
	/* 16-bit ASIDs when ID_AA64MMFR0_EL1.ASIDBits == 2. */
	ubfx	x2, x1, #ID_AA64MMFR0_EL1_ASIDBITS_SHIFT, #4
	cmp	x2, #2
	b.ne	1f
	orr	x0, x0, #TCR_AS
1:	msr	tcr_el1, x0

	adr_sym	x0, idmap_pg_dir
	msr	ttbr0_el1, x0
	adr_sym	x0, swapper_pg_dir
	msr	ttbr1_el1, x0
	isb

	mov_const x0, SCTLR_EL1_KERNEL
	ret
SYM_FUNC_END(cpu_setup)

/*
 * Turn the MMU on with the SCTLR_EL1 value in x0.  Runs from the
 * identity map, so the next instruction is found at the same address
 * whether translated or not.
 */
SYM_FUNC_START(enable_mmu)
	msr	sctlr_el1, x0
	isb
	/* Instructions fetched while the MMU was off may be stale. */
	ic	iallu
	dsb	nsh
	isb
	ret
SYM_FUNC_END(enable_mmu)

	.ltorg

	__INIT

/*
 * Now at the kernel's link address.  Set up what C code expects and
 * enter start_kernel().
 */
SYM_FUNC_START_LOCAL(primary_switched)
	/*
	 * The init task's stack, with a zeroed pt_regs at its top like
	 * every other task, so task_pt_regs(&init_task) is valid.
	 */
	adr_sym	x0, init_thread_union + THREAD_SIZE - PT_REGS_SIZE
	mov	sp, x0
	stp	xzr, xzr, [x0, #S_STACKFRAME]
	add	x29, x0, #S_STACKFRAME

	/* SP_EL0 holds current, TPIDR_EL1 the per-cpu offset (see percpu.h) */
	adr_sym	x0, init_task
	msr	sp_el0, x0
	msr	tpidr_el1, xzr
	scs_load x0			// init_shadow_call_stack (thread_info.h)

	adr_sym	x0, vectors
	msr	vbar_el1, x0
	isb

	adr_sym	x0, __bss_start
	adr_sym	x1, __bss_stop
	sub	x2, x1, x0
	mov	x1, xzr
	bl	__memset

	str_sym	x21, __fdt_pointer, x0
	str_sym	w20, boot_cpu_mode, x0
	/* kimage_voffset = link address of _text - its physical address */
	adr_sym	x0, _text
	sub	x0, x0, x22
	str_sym	x0, kimage_voffset, x1

#ifdef CONFIG_KASAN
	/* Instrumented C code needs the shadow: map it all to a zero page. */
	bl	kasan_early_init
#endif
	bl	start_kernel
	brk	#0
SYM_FUNC_END(primary_switched)

	.text

/*
 * Secondary CPUs start here, at the physical address of this symbol,
 * with the MMU and D-cache off and DAIF masked: PSCI CPU_ON enters it
 * with x0 = the context id (unused), at the EL the boot CPU was entered
 * at; a spin-table pen branches here once cpu-release-addr holds it.
 * The boot CPU has built idmap_pg_dir and swapper_pg_dir long ago, so
 * this CPU only programs its own translation registers and turns the
 * MMU on; it must not touch the tables (no cache invalidation by
 * address here: that could discard the boot CPU's newer lines).
 *
 * x20 keeps CurrentEL at entry, for the check in C that every CPU was
 * entered at the same EL.
 */
SYM_CODE_START(secondary_entry)
	bl	init_kernel_el
	mov	x20, x0
	bl	cpu_setup
	bl	enable_mmu
	ldr	x8, =secondary_switched
	br	x8
SYM_CODE_END(secondary_entry)

	.ltorg

/*
 * At the link address, on the kernel tables.  secondary_data is read
 * only now, through the cacheable mapping, so it is coherent with what
 * the boot CPU wrote without any cache maintenance on either side.
 */
SYM_FUNC_START_LOCAL(secondary_switched)
	adr_sym	x0, vectors
	msr	vbar_el1, x0
	isb

	adr_sym	x0, secondary_data
	ldr	x1, [x0, #SECONDARY_TASK]
	cbz	x1, .Lsecondary_late
	ldr	x2, [x0, #SECONDARY_STACK]
	ldr	x3, [x0, #SECONDARY_PERCPU]

	/* As for the boot CPU: SP_EL0 = current, TPIDR_EL1 = per-cpu offset */
	msr	sp_el0, x1
	msr	tpidr_el1, x3
	scs_load x1			// its base: _cpu_up() resets it
	mov	sp, x2
	stp	xzr, xzr, [x2, #S_STACKFRAME]
	add	x29, x2, #S_STACKFRAME

	mov	w0, w20
	bl	secondary_start_kernel
	brk	#0

	/*
	 * __cpu_up() timed out and withdrew the task: there is nothing
	 * for this CPU to run, and no safe stack.  Park it.
	 */
.Lsecondary_late:
	wfe
	b	.Lsecondary_late
SYM_FUNC_END(secondary_switched)

/*
 * Where firmware would resume the system after PSCI SYSTEM_SUSPEND.
 * Resuming from suspend is not implemented (cpu_suspend() always
 * fails), so nothing should ever come back here: stop.
 */
SYM_CODE_START(cpu_resume)
1:	wfe
	b	1b
SYM_CODE_END(cpu_resume)
