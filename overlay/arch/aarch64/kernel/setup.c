// SPDX-License-Identifier: GPL-2.0-only
/*
 * setup_arch(): from the device tree the boot loader passed to a
 * kernel with its memory map, console and CPUs known.
 */
#include <linux/console.h>
#include <linux/cpu.h>
#include <linux/init.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/libfdt.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/panic_notifier.h>
#include <linux/percpu.h>
#include <linux/psci.h>
#include <linux/sched/task.h>
#include <linux/screen_info.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <asm/cpuinfo.h>
#include <asm/cputype.h>
#include <asm/daif.h>
#include <asm/early_ioremap.h>
#include <asm/efi.h>
#include <asm/errata.h>
#include <asm/fixmap.h>
#include <asm/kasan.h>
#include <asm/lse.h>
#include <asm/memory.h>
#include <asm/mmu_context.h>
#include <asm/pan.h>
#include <asm/pgtable.h>
#include <asm/sections.h>
#include <asm/setup.h>
#include <asm/smp_plat.h>
#include <asm/spectre.h>
#include <asm/virt.h>

/* Written by head.S before start_kernel(). */
phys_addr_t __fdt_pointer __initdata;
u32 boot_cpu_mode __ro_after_init;
u64 kimage_voffset __ro_after_init;
EXPORT_SYMBOL(kimage_voffset);

u64 __cpu_logical_map[NR_CPUS] = { [0 ... NR_CPUS - 1] = INVALID_HWID };

u64 cpu_logical_map(unsigned int cpu)
{
	return __cpu_logical_map[cpu];
}

/*
 * Before any console exists: the debug UART (a PL011, data register at
 * 0x00, flag register at 0x18 with TXFF in bit 5), which early_map.c
 * mapped in the earlycon slot of the fixmap.
 */
static void __init debug_uart_puts(const char *s)
{
#if CONFIG_AARCH64_DEBUG_UART_PHYS != 0
	void __iomem *uart = (void __iomem *)__fix_to_virt(FIX_EARLYCON_MEM_BASE);

	for (; *s; s++) {
		while (readl_relaxed(uart + 0x18) & BIT(5))
			cpu_relax();
		writel_relaxed(*s, uart);
	}
#endif
}

/*
 * The device tree is mapped at FDT_VIRT_BASE by early_map.c, at the
 * same offset within the page as its physical address, and is read
 * here first: through that cacheable mapping, not with the MMU off.
 */
static void __init setup_machine_fdt(phys_addr_t dt_phys)
{
	void *dt_virt = (void *)(FDT_VIRT_BASE + offset_in_page(dt_phys));
	const char *name;

	if (fdt_check_header(dt_virt) || fdt_totalsize(dt_virt) > MAX_FDT_SIZE ||
	    !early_init_dt_scan(dt_virt, dt_phys)) {
		char msg[160];

		/*
		 * No console can exist without the device tree: say so on
		 * the debug UART and stop.
		 */
		snprintf(msg, sizeof(msg),
			 "aarch64: invalid device tree blob at physical address %pa (bad header, larger than 2 MB or unreadable); stopping.",
			 &dt_phys);
		debug_uart_puts("\r\n");
		debug_uart_puts(msg);
		debug_uart_puts("\r\n");
		pr_crit("%s\n", msg);
		while (true)
			cpu_relax();
	}

	memblock_reserve(dt_phys, fdt_totalsize(dt_virt));

	name = of_flat_dt_get_machine_name();
	if (name)
		pr_info("Machine model: %s\n", name);
}

static struct resource kernel_code_res = {
	.name	= "Kernel code",
	.flags	= IORESOURCE_SYSTEM_RAM | IORESOURCE_BUSY,
};

static struct resource kernel_data_res = {
	.name	= "Kernel data",
	.flags	= IORESOURCE_SYSTEM_RAM | IORESOURCE_BUSY,
};

/*
 * RAM in the resource tree (/proc/iomem): each memblock memory region
 * as "System RAM", or "reserved" when it is no-map (outside the linear
 * map), and the image's code and data inside.  region_intersects()
 * reads these to tell RAM from I/O: memremap(), /dev/mem and
 * page_is_ram() depend on them.  As arm64 does
 * (request_standard_resources()), without its listing of the reserved
 * ranges.
 */
static void __init register_ram_resources(void)
{
	struct memblock_region *region;
	struct resource *res;
	size_t size = memblock.memory.cnt * sizeof(*res);

	res = memblock_alloc(size, SMP_CACHE_BYTES);
	if (!res)
		panic("cannot allocate %zu bytes for the RAM resources\n", size);

	for_each_mem_region(region) {
		res->start = region->base;
		res->end = region->base + region->size - 1;
		if (memblock_is_nomap(region)) {
			res->name = "reserved";
			res->flags = IORESOURCE_MEM;
		} else {
			res->name = "System RAM";
			res->flags = IORESOURCE_SYSTEM_RAM | IORESOURCE_BUSY;
		}
		insert_resource(&iomem_resource, res++);
	}

	kernel_code_res.start = __pa_symbol(_text);
	kernel_code_res.end = __pa_symbol(__init_begin) - 1;
	kernel_data_res.start = __pa_symbol(_sdata);
	kernel_data_res.end = __pa_symbol(_end) - 1;
	insert_resource(&iomem_resource, &kernel_code_res);
	insert_resource(&iomem_resource, &kernel_data_res);
}

static const char *boot_el_name(u32 mode)
{
	return mode == CURRENTEL_EL2 ? "EL2" : "EL1";
}

void __init setup_arch(char **cmdline_p)
{
	setup_initial_init_mm(_text, _etext, _edata, _end);

	setup_machine_fdt(__fdt_pointer);
	*cmdline_p = boot_command_line;

	/*
	 * Static keys work from here (text is patched through the fixmap,
	 * which is ready): early parameters such as
	 * randomize_kstack_offset= and the CPU feature code below flip
	 * keys before start_kernel() would initialise them.
	 */
	jump_label_init();

	/* earlycon= and the other early parameters */
	parse_early_param();

	/*
	 * Booted by UEFI: its memory map replaces the device tree's memory
	 * nodes, before memblock allocates anything.  Firmware tables are
	 * read through early_memremap() until paging_init().
	 */
	early_ioremap_init();
	efi_init();

	if (IS_ENABLED(CONFIG_RANDOMIZE_BASE))
		kaslr_init();

	/* An SError from here on is reported where it happens (daif.h). */
	daif_unmask_async();

	pr_info("Entered the kernel at %s; running at EL1\n",
		boot_el_name(boot_cpu_mode));

	set_cpu_logical_map(0, read_cpuid_mpidr() & MPIDR_HWID_BITMASK);
	/* The hwcaps and EL0's view of the ID registers come from these. */
	id_regs_init_boot();
	/* Only this CPU runs: no other can be inside a rewritten atomic. */
	lse_atomics_init_boot();
	errata_enable_this_cpu();
	hw_access_dirty_enable_this_cpu();
	pan_init_boot();

	aarch64_memblock_init();
	paging_init();
	kasan_init();

	unflatten_device_tree();

	bootmem_init();
	register_ram_resources();

	psci_dt_init();
	/* After PSCI: the firmware may say what it mitigates (SMCCC). */
	spectre_enable_this_cpu();
	smp_init_cpus();
}
