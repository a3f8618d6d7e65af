/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linker script of the vDSO: one read-only, executable PT_LOAD holding
 * everything (the kernel maps the file as it is, page for page), linked
 * at 0 so that a symbol's value is its offset in the mapping, and the
 * data pages just below it (asm/vdso/vdso.h).
 */
#include <asm/vdso/vdso.h>

#define VDSO_PAGE_BYTES		(1 << CONFIG_PAGE_SHIFT)

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)

SECTIONS
{
	/* The generic code names the data with these (vdso/datapage.h). */
	_vdso_data	= . - VDSO_DATA_PAGES * VDSO_PAGE_BYTES;
	_timens_data	= _vdso_data + VDSO_TIMENS_PAGE * VDSO_PAGE_BYTES;
	_vdso_rng_data	= _vdso_data + VDSO_RNG_DATA_OFFSET;

	. = SIZEOF_HEADERS;

	/*
	 * What the dynamic linker reads: the symbols and their names,
	 * both hash tables over them, and the version definitions.
	 */
	.dynsym		: { *(.dynsym) }			:text
	.dynstr		: { *(.dynstr) }
	.gnu.hash	: { *(.gnu.hash) }
	.hash		: { *(.hash) }
	.gnu.version_d	: { *(.gnu.version_d) }
	.gnu.version	: { *(.gnu.version) }
	.gnu.version_r	: { *(.gnu.version_r) }
	.dynamic	: { *(.dynamic) }			:text	:dynamic
	.note		: { *(.note.gnu.build-id) *(.note.Linux) }	:text	:note

	/* Unwind tables, found through PT_GNU_EH_FRAME. */
	.eh_frame_hdr	: { *(.eh_frame_hdr) }			:text	:eh_frame_hdr
	.eh_frame	: { KEEP(*(.eh_frame)) }		:text

	.rodata		: { *(.rodata .rodata.*) }
	/* Must stay empty: the image cannot be relocated (VDSOCHK). */
	.rela.dyn	: { *(.rela.*) }
	.got		: { *(.got .got.plt) }

	/* Padding between functions is NOPs. */
	. = ALIGN(16);
	.text		: { *(.text .text.*) }			=0xd503201f

	/DISCARD/	: {
		*(.data .data.* .bss .bss.* .sbss .dynbss)
		*(.note.GNU-stack .note.gnu.property .ARM.attributes)
		*(.comment)
	}
}

PHDRS
{
	text		PT_LOAD		FLAGS(5) FILEHDR PHDRS;	/* R X */
	dynamic		PT_DYNAMIC	FLAGS(4);		/* R */
	note		PT_NOTE		FLAGS(4);
	eh_frame_hdr	PT_GNU_EH_FRAME;
}

/*
 * The arm64 vDSO's ABI: these names, at this version; nothing else is
 * visible outside the object.
 */
VERSION
{
	LINUX_2.6.39 {
	global:
		__kernel_clock_getres;
		__kernel_clock_gettime;
		__kernel_getrandom;
		__kernel_gettimeofday;
		__kernel_rt_sigreturn;
	local:
		*;
	};
}
