/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PCI on the port: host bridges come from the device tree (or, later,
 * from ACPI), and no firmware is trusted to have numbered the buses or
 * placed the BARs unless it says so in /chosen ("linux,pci-probe-only").
 */
#ifndef __ASM_AARCH64_PCI_H
#define __ASM_AARCH64_PCI_H

#include <linux/types.h>
#include <asm/io.h>

/*
 * Keep the first 4 KiB of each I/O space free: ISA-era devices (legacy
 * VGA, serial and IDE ports) decode fixed addresses there.
 */
#define PCIBIOS_MIN_IO		0x1000

/* The kernel numbers buses itself unless told to keep the firmware's. */
#define pcibios_assign_all_busses() \
	(pci_has_flag(PCI_REASSIGN_ALL_BUS))

/* Normal Non-cacheable mappings give write-combining (ioremap_wc()). */
#define arch_can_pci_mmap_wc()	1

#include <asm-generic/pci.h>

#endif /* __ASM_AARCH64_PCI_H */
