/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PE/COFF header that makes the Image a UEFI application, included
 * by head.S right after the Image header, whose res5 points here (the
 * DOS header's e_lfanew).  Field by field after the "PE Format"
 * specification (include/linux/pe.h has the constants).
 *
 * The file and the memory image have one layout: each section's file
 * offset is its address relative to .Lhead, so the firmware's copy is
 * the image as the boot protocol loads it.  The headers span the whole
 * first page, which holds nothing else: a loader may copy the header
 * structures alone (U-Boot does), and head.S's code is in .text.  Two
 * sections:
 *   .text  code and read-only data, up to the init data
 *   .data  the init and kernel data (raw size padded to FileAlignment
 *          in vmlinux.lds.S), then the BSS and boot tables, zeroed by
 *          the firmware
 * No relocation directory: the stub is position independent and the
 * kernel relocates itself (kernel/relocate.c).
 */
#include <linux/pe.h>

#define PE_FILE_ALIGN	0x200

.Lpe_header:
	/* COFF file header */
	.long	PE_MAGIC
	.short	IMAGE_FILE_MACHINE_ARM64
	.short	2					// sections
	.long	0, 0, 0					// time stamp, no symbols
	.short	.Lpe_sections - .Lpe_optional		// optional header's size
	.short	IMAGE_FILE_EXECUTABLE_IMAGE | IMAGE_FILE_LINE_NUMS_STRIPPED | \
		IMAGE_FILE_DEBUG_STRIPPED

.Lpe_optional:
	/* Standard fields, PE32+ */
	.short	PE_OPT_MAGIC_PE32PLUS
	.byte	0, 0					// linker version
	.long	__pecoff_code_size			// code
	.long	__pecoff_data_rawsize			// initialised data
	.long	0					// uninitialised data
	.long	__efistub_efi_pe_entry - .Lhead		// entry point
	.long	_stext - .Lhead				// code base

	/* Windows-specific fields */
	.quad	0					// preferred base: none
	.long	PAGE_SIZE				// section alignment
	.long	PE_FILE_ALIGN				// file alignment
	.short	0, 0					// OS version
	.short	LINUX_EFISTUB_MAJOR_VERSION, LINUX_EFISTUB_MINOR_VERSION
	.short	0, 0					// subsystem version
	.long	0					// Win32 version
	.long	_end - .Lhead				// image size in memory
	.long	_stext - .Lhead				// headers' size
	.long	0					// checksum
	.short	IMAGE_SUBSYSTEM_EFI_APPLICATION
	.short	IMAGE_DLL_CHARACTERISTICS_NX_COMPAT	// W^X sections
	.quad	0, 0, 0, 0				// stack and heap sizes
	.long	0					// loader flags
	.long	(.Lpe_sections - .Lpe_directories) / 8	// data directories

.Lpe_directories:
	/* export, import, resource, exception, certificate, base relocation */
	.quad	0, 0, 0, 0, 0, 0

.Lpe_sections:
	.ascii	".text\0\0\0"
	.long	__pecoff_code_size			// size in memory
	.long	_stext - .Lhead				// address
	.long	__pecoff_code_size			// size in the file
	.long	_stext - .Lhead				// offset in the file
	.long	0, 0					// no relocations or line numbers
	.short	0, 0
	.long	IMAGE_SCN_CNT_CODE | IMAGE_SCN_MEM_READ | IMAGE_SCN_MEM_EXECUTE

	.ascii	".data\0\0\0"
	.long	__pecoff_data_size			// size in memory
	.long	__initdata_begin - .Lhead		// address
	.long	__pecoff_data_rawsize			// size in the file
	.long	__initdata_begin - .Lhead		// offset in the file
	.long	0, 0
	.short	0, 0
	.long	IMAGE_SCN_CNT_INITIALIZED_DATA | IMAGE_SCN_MEM_READ | \
		IMAGE_SCN_MEM_WRITE
