/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * MMIO accessors.  Every access is a single plain LDR/STR of the exact
 * width with a base register only: a hypervisor emulating the device
 * must be able to decode the access from ESR_EL2.ISS, which excludes
 * pair, writeback and post-indexed forms (ARM ARM, ISV == 1 loads and
 * stores).  The ordering barriers come from asm-generic/io.h.
 */
#ifndef __ASM_AARCH64_IO_H
#define __ASM_AARCH64_IO_H

#include <linux/types.h>
#include <linux/pgtable.h>
#include <asm/barrier.h>
#include <asm/memory.h>

#define __raw_writeb __raw_writeb
static __always_inline void __raw_writeb(u8 val, volatile void __iomem *addr)
{
	asm volatile("strb %w0, [%1]" : : "rZ" (val), "r" (addr));
}

#define __raw_writew __raw_writew
static __always_inline void __raw_writew(u16 val, volatile void __iomem *addr)
{
	asm volatile("strh %w0, [%1]" : : "rZ" (val), "r" (addr));
}

#define __raw_writel __raw_writel
static __always_inline void __raw_writel(u32 val, volatile void __iomem *addr)
{
	asm volatile("str %w0, [%1]" : : "rZ" (val), "r" (addr));
}

#define __raw_writeq __raw_writeq
static __always_inline void __raw_writeq(u64 val, volatile void __iomem *addr)
{
	asm volatile("str %x0, [%1]" : : "rZ" (val), "r" (addr));
}

#define __raw_readb __raw_readb
static __always_inline u8 __raw_readb(const volatile void __iomem *addr)
{
	u8 val;

	asm volatile("ldrb %w0, [%1]" : "=r" (val) : "r" (addr));
	return val;
}

#define __raw_readw __raw_readw
static __always_inline u16 __raw_readw(const volatile void __iomem *addr)
{
	u16 val;

	asm volatile("ldrh %w0, [%1]" : "=r" (val) : "r" (addr));
	return val;
}

#define __raw_readl __raw_readl
static __always_inline u32 __raw_readl(const volatile void __iomem *addr)
{
	u32 val;

	asm volatile("ldr %w0, [%1]" : "=r" (val) : "r" (addr));
	return val;
}

#define __raw_readq __raw_readq
static __always_inline u64 __raw_readq(const volatile void __iomem *addr)
{
	u64 val;

	asm volatile("ldr %0, [%1]" : "=r" (val) : "r" (addr));
	return val;
}

/* The PCI I/O port window, see <asm/memory.h>. */
#define PCI_IOBASE		((void __iomem *)PCI_IO_START)
#define IO_SPACE_LIMIT		(PCI_IO_SIZE - 1)

/* Write-combining: Normal Non-cacheable. */
#define ioremap_wc(addr, size)	\
	ioremap_prot((addr), (size), PROT_NORMAL_NC)
/* Non-posted: Device-nGnRnE (no early write acknowledgment). */
#define ioremap_np(addr, size)	\
	ioremap_prot((addr), (size), PROT_DEVICE_nGnRnE)

/*
 * Normal write-back memory outside the linear map, such as firmware
 * tables in UEFI regions the kernel must not map itself
 * (memremap(MEMREMAP_WB) comes here): the same attributes as the linear
 * map, so an alias of mapped RAM would be harmless too.
 */
#define ioremap_cache(addr, size)	\
	ioremap_prot((addr), (size), _PAGE_KERNEL)

#include <asm/early_ioremap.h>
#include <asm-generic/io.h>

#endif /* __ASM_AARCH64_IO_H */
