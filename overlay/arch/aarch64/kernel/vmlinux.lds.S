/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Layout of vmlinux.  The image is linked at KIMAGE_VADDR and loaded by
 * the boot loader at any 2MB-aligned physical address (text_offset 0);
 * everything up to _end is part of image_size in the Image header,
 * including the boot-time page tables at the end.
 */

#define RO_EXCEPTION_TABLE_ALIGN	8
#define RUNTIME_DISCARD_EXIT

#include <asm-generic/vmlinux.lds.h>
#include <asm/cache.h>
#include <asm/image.h>
#include <asm/memory.h>
#include <asm/page.h>
#include <asm/pgtable-hwdef.h>
#include <asm/thread_info.h>

OUTPUT_ARCH(aarch64)
ENTRY(_text)

jiffies = jiffies_64;

SECTIONS
{
	/DISCARD/ : {
		*(.interp .dynamic)
		*(.dynsym .dynstr .hash .gnu.hash)
	}

	. = KIMAGE_VADDR;

	.head.text : {
		_text = .;
		HEAD_TEXT
	}

	. = ALIGN(PAGE_SIZE);
	.text : {
		_stext = .;
		TEXT_TEXT
		SCHED_TEXT
		LOCK_TEXT
		KPROBES_TEXT
		IRQENTRY_TEXT
		SOFTIRQENTRY_TEXT
		ENTRY_TEXT
		*(.gnu.warning)
	}
	. = ALIGN(16);
	_etext = .;

	/*
	 * The linker's own sections: the kernel calls nothing through a
	 * PLT, so this must come out empty (checked below).
	 */
	.plt : {
		*(.plt) *(.plt.*) *(.iplt) *(.igot .igot.plt)
	}
	/*
	 * A shared-object link (RELOCATABLE) always makes a GOT.  GCC
	 * reaches an "extern __weak" object through it, whether or not
	 * something defines it (drivers/firmware/efi/efi-init.c has one):
	 * its entry is relocated with the rest (kernel/relocate.c), or
	 * holds 0 for an undefined one (Makefile.postlink).
	 */
	.got : {
		*(.got)
	}
	.got.plt : {
		*(.got.plt)
	}

	. = ALIGN(PAGE_SIZE);
	/* RO_EXCEPTION_TABLE_ALIGN: __ex_table comes inside RO_DATA. */
	RO_DATA(PAGE_SIZE)

	. = ALIGN(PAGE_SIZE);
	__init_begin = .;
	INIT_TEXT_SECTION(8)
	.exit.text : {
		EXIT_TEXT
	}
	/* Init text is mapped executable, init data not: a page apart. */
	. = ALIGN(PAGE_SIZE);
	__initdata_begin = .;
	INIT_DATA_SECTION(16)
	/* Read once, when setup_arch() chooses the atomics (kernel/lse.c). */
	.init.lse_sites : {
		__lse_sites_start = .;
		KEEP(*(.lse_sites))
		__lse_sites_end = .;
	}
	.exit.data : {
		EXIT_DATA
	}
	/*
	 * The EFI stub's .bss, renamed by libstub's Makefile: the stub
	 * runs before anything could clear it, so it is zeros in the file.
	 */
	.init.bss : {
		*(.init.bss)
	}
	PERCPU_SECTION(L1_CACHE_BYTES)
	/*
	 * The run-time relocations of a RELOCATABLE kernel, applied once
	 * at boot (kernel/relocate.c), then freed with the init data.
	 */
	.rela.dyn : ALIGN(8) {
		__rela_start = .;
		*(.rela .rela*)
		__rela_end = .;
	}
	. = ALIGN(PAGE_SIZE);
	__init_end = .;

	_sdata = .;
	RW_DATA(L1_CACHE_BYTES, PAGE_SIZE, THREAD_ALIGN)
#ifdef CONFIG_EFI
	/*
	 * The file holds the PE/COFF .data section's raw size, a multiple
	 * of its FileAlignment (kernel/efi-header.S): BYTE(0) makes the
	 * padding part of the file.
	 */
	.pecoff_padding : {
		BYTE(0)
		. = ALIGN(0x200);
	}
#endif
	_edata = .;

	BSS_SECTION(0, 0, 0)

	/*
	 * Translation tables built by kernel/early_map.c as the MMU is
	 * turned on.  Not part of .bss: they are filled in before .bss is
	 * zeroed.  The pool holds the intermediate and leaf tables of the
	 * identity map of the image and of the device tree mapping (stage
	 * 1), then those of the image at its final address (stage 2), each
	 * with slack for a partly used table per level and mapping: a
	 * randomised address may cross one more boundary at each level.
	 */
	. = ALIGN(PAGE_SIZE);
	.pgtables (NOLOAD) : {
		__pgtables_start = .;
		idmap_pg_dir = .;
		. += PAGE_SIZE;
		swapper_pg_dir = .;
		. += PAGE_SIZE;
		fixmap_pte = .;
		. += PAGE_SIZE;
		__early_pool_start = .;
		. += PAGE_SIZE * (((. - _text) >> (PAGE_SHIFT + TABLE_BITS)) +
				  (FDT_VIRT_SIZE >> (PAGE_SHIFT + TABLE_BITS)) +
				  4 * CONFIG_PGTABLE_LEVELS);
		__image_pool_start = .;
		. += PAGE_SIZE * (((. - _text) >> (PAGE_SHIFT + TABLE_BITS)) +
				  3 * CONFIG_PGTABLE_LEVELS);
		__early_pool_end = .;
		__pgtables_end = .;
	}

	_end = .;

	STABS_DEBUG
	DWARF_DEBUG
	ELF_DETAILS

	DISCARDS
}

/*
 * What the code head.S runs before the image is at its final address
 * (kernel/early_map.c, relocate.c and kaslr_early.c), linked with its
 * symbols prefixed __pi_, may use of the rest of the image: these and
 * nothing else.
 */
PROVIDE(__pi__text = _text);
PROVIDE(__pi__end = _end);
PROVIDE(__pi___start_rodata = __start_rodata);
PROVIDE(__pi___init_begin = __init_begin);
PROVIDE(__pi___initdata_begin = __initdata_begin);
PROVIDE(__pi___early_pool_start = __early_pool_start);
PROVIDE(__pi___image_pool_start = __image_pool_start);
PROVIDE(__pi___early_pool_end = __early_pool_end);
PROVIDE(__pi_fixmap_pte = fixmap_pte);
PROVIDE(__pi_idmap_pg_dir = idmap_pg_dir);
PROVIDE(__pi_swapper_pg_dir = swapper_pg_dir);
PROVIDE(__pi___rela_start = __rela_start);
PROVIDE(__pi___rela_end = __rela_end);
#ifdef CONFIG_RANDOMIZE_BASE
PROVIDE(__pi_kaslr_status = kaslr_status);
PROVIDE(__pi_memstart_offset_seed = memstart_offset_seed);
#endif

#ifdef CONFIG_EFI
/*
 * Likewise for the EFI stub (drivers/firmware/efi/libstub), whose
 * symbols are prefixed __efistub_ and which runs from wherever the
 * firmware loaded the image: only position-independent code and the
 * image's bounds.
 */
PROVIDE(__efistub_primary_entry = primary_entry);
PROVIDE(__efistub_dcache_clean_inval_poc = dcache_clean_inval_poc);
PROVIDE(__efistub__text = _text);
PROVIDE(__efistub__edata = _edata);
PROVIDE(__efistub__end = _end);
PROVIDE(__efistub___initdata_begin = __initdata_begin);
#if defined(CONFIG_EFI_EARLYCON) || defined(CONFIG_SYSFB)
PROVIDE(__efistub_screen_info = screen_info);
#endif

/* Sizes in the PE/COFF header (kernel/efi-header.S). */
__pecoff_code_size = __initdata_begin - _stext;
__pecoff_data_rawsize = _edata - __initdata_begin;
__pecoff_data_size = _end - __initdata_begin;
#endif

/*
 * The image is mapped by segment with different permissions
 * (kernel/early_map.c): each boundary must fall on a page.
 */
ASSERT(__start_rodata == ALIGN(__start_rodata, PAGE_SIZE), ".rodata is not page aligned")
ASSERT(__init_begin == ALIGN(__init_begin, PAGE_SIZE), "init text is not page aligned")
ASSERT(__initdata_begin == ALIGN(__initdata_begin, PAGE_SIZE), "init data is not page aligned")

/*
 * image_size in the Image header (kernel/head.S), as two 32-bit words:
 * a 64-bit word holding a symbol's value becomes a run-time relocation
 * in a RELOCATABLE link, and reads 0 in the file, where boot loaders
 * look; a 32-bit one cannot be relocated, so the linker writes it.
 * Little-endian, as the kernel.
 */
_kernel_size_lo32 = (_end - _text) & 0xffffffff;
_kernel_size_hi32 = (_end - _text) >> 32;

ASSERT(SIZEOF(.plt) == 0, "unexpected PLT entries in vmlinux")
ASSERT(SIZEOF(.got.plt) == 0 || SIZEOF(.got.plt) == 0x18, "unexpected GOT entries in vmlinux")
#ifndef CONFIG_RELOCATABLE
ASSERT(__rela_end == __rela_start, "unexpected run-time relocations in vmlinux")
#endif
ASSERT(_text == KIMAGE_VADDR, "the Image header must be at KIMAGE_VADDR")
ASSERT(_end - _text <= KIMAGE_VSIZE, "the kernel image is larger than KIMAGE_VSIZE")
/* The user-copy routines have entries: a table the fixup code cannot see
 * (an empty second __ex_table) turns every bad user pointer into an oops. */
ASSERT(__stop___ex_table > __start___ex_table, "__ex_table is empty or misplaced")
