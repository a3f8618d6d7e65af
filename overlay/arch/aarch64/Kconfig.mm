# SPDX-License-Identifier: GPL-2.0-only
#
# Translation granule and virtual address size of the aarch64 port.
#

menu "Memory management options"

choice
	prompt "Translation granule (page size)"
	default AARCH64_4K_PAGES
	help
	  The granule selects TCR_ELx.TG0/TG1 and with it the page size
	  and the shape of the page tables.

config AARCH64_4K_PAGES
	bool "4KB"
	select HAVE_PAGE_SIZE_4KB
	help
	  4KB pages: the granule every ARMv8-A CPU implements, and the
	  one most user space is tested with.  Page tables have 3 levels
	  with 39-bit virtual addresses and 4 with 48-bit ones; 2MB and
	  1GB block mappings are available for the linear map.

	  If unsure, say Y.

config AARCH64_16K_PAGES
	bool "16KB"
	select HAVE_PAGE_SIZE_16KB
	help
	  16KB pages.  Optional in the architecture
	  (ID_AA64MMFR0_EL1.TGran16); the kernel stops at boot on a CPU
	  without it.  Page tables have 2 levels with 36-bit and 3 with
	  47-bit virtual addresses.  This configuration builds but has not
	  been booted by the port's test suite yet.

config AARCH64_64K_PAGES
	bool "64KB"
	select HAVE_PAGE_SIZE_64KB
	help
	  64KB pages.  Optional in the architecture
	  (ID_AA64MMFR0_EL1.TGran64); the kernel stops at boot on a CPU
	  without it.  Fewer TLB misses and page faults for large working
	  sets at the cost of memory for small files and mappings; with
	  42-bit virtual addresses the page tables have only 2 levels.

endchoice

choice
	prompt "Virtual address space size"
	default AARCH64_VA_BITS_39 if AARCH64_4K_PAGES
	default AARCH64_VA_BITS_47 if AARCH64_16K_PAGES
	default AARCH64_VA_BITS_42 if AARCH64_64K_PAGES
	help
	  The number of virtual address bits of each half (user, kernel)
	  of the address space: TCR_EL1.T0SZ and T1SZ are 64 minus it.

config AARCH64_VA_BITS_36
	bool "36-bit"
	depends on AARCH64_16K_PAGES
	help
	  64GB of user and of kernel address space, translated with 2
	  levels of 16KB tables.  The smallest layout: enough for small
	  systems, and the fastest table walks with 16KB pages.  RAM
	  beyond what the linear map can hold is not used.

config AARCH64_VA_BITS_39
	bool "39-bit"
	depends on AARCH64_4K_PAGES
	help
	  512GB of user and of kernel address space, translated with 3
	  levels of 4KB tables.  The default with 4KB pages: enough for
	  every QEMU virt machine and most systems, one table level
	  fewer than 48-bit.

config AARCH64_VA_BITS_42
	bool "42-bit"
	depends on AARCH64_64K_PAGES
	help
	  4TB of user and of kernel address space, translated with 2
	  levels of 64KB tables.  The default with 64KB pages: a short
	  table walk and a large address space at once.  The 64KB row of
	  the port's test plan boots this configuration.

config AARCH64_VA_BITS_47
	bool "47-bit"
	depends on AARCH64_16K_PAGES
	help
	  128TB of user and of kernel address space, translated with 3
	  levels of 16KB tables.  The default with 16KB pages; like the
	  other 16KB layouts it builds but has not been booted by the
	  port's test suite yet.

config AARCH64_VA_BITS_48
	bool "48-bit"
	help
	  256TB of user and of kernel address space: 4 levels of tables
	  with 4KB pages, 3 with 16KB or 64KB pages.  Choose it for
	  programs that need a large address space (or expect the
	  48-bit layout of most arm64 distributions).

endchoice

config AARCH64_VA_BITS
	int
	default 36 if AARCH64_VA_BITS_36
	default 39 if AARCH64_VA_BITS_39
	default 42 if AARCH64_VA_BITS_42
	default 47 if AARCH64_VA_BITS_47
	default 48 if AARCH64_VA_BITS_48

config AARCH64_PA_BITS
	int
	default 48

# Generic KASAN finds the shadow byte of an address A at
# (A >> 3) + KASAN_SHADOW_OFFSET.  The port puts the shadow of the whole
# kernel half, 2^(VA_BITS - 3) bytes, at PAGE_END, just above the linear
# map: the offset is PAGE_END - (PAGE_OFFSET >> 3), that is
# 2^64 - 2^61 - 2^(VA_BITS - 1) + 2^(VA_BITS - 3).  kasan_init() checks
# the value against memory.h at build time.
config KASAN_SHADOW_OFFSET
	hex
	depends on KASAN_GENERIC
	default 0xdffffffa00000000 if AARCH64_VA_BITS_36
	default 0xdfffffd000000000 if AARCH64_VA_BITS_39
	default 0xdffffe8000000000 if AARCH64_VA_BITS_42
	default 0xdfffd00000000000 if AARCH64_VA_BITS_47
	default 0xdfffa00000000000 if AARCH64_VA_BITS_48
	default 0xffffffffffffffff

config AARCH64_HW_AFDBM
	bool "Hardware management of the Access flag and dirty state"
	default y
	select ARCH_HAS_HW_PTE_YOUNG
	help
	  CPUs with FEAT_HAFDBS (ARMv8.1 and later: Cortex-A55, A76,
	  Neoverse N1 and their successors, QEMU's "max") can set the
	  Access flag of a page table entry themselves, and mark a
	  writable entry dirty on the first write to its page, where
	  otherwise each of these events costs a fault.  With this option
	  the kernel turns both on, on each CPU that implements them, and
	  updates live user page table entries atomically so that no
	  update the hardware makes is lost.  CPUs without FEAT_HAFDBS are
	  unaffected, and run with the same kernel.

	  If unsure, say Y.

config ARCH_FORCE_MAX_ORDER
	int
	default "13" if AARCH64_64K_PAGES
	default "11" if AARCH64_16K_PAGES
	default "10"
	help
	  The largest buddy allocation is 2^ARCH_FORCE_MAX_ORDER pages; the
	  defaults keep it at or below one last-level block (PMD) size.

# The struct page array is virtually contiguous (VMEMMAP_START in
# <asm/memory.h>), populated only where memory exists.
config ARCH_SPARSEMEM_ENABLE
	def_bool y
	select SPARSEMEM_VMEMMAP_ENABLE
	select SPARSEMEM_VMEMMAP

config ARCH_SPARSEMEM_DEFAULT
	def_bool y

config ARCH_SELECT_MEMORY_MODEL
	def_bool y

endmenu
