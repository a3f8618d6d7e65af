// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where module text and data are allocated (execmem_alloc()).
 *
 * The module region lies just below the kernel image (asm/memory.h).
 * Modules go first where a B or BL reaches every byte of the image,
 * [_end - 128MB, KIMAGE_VADDR), so that their calls into the kernel
 * need no veneer.  When that is full they go to a fallback window that
 * starts above the image and ends 2GB above the module region: from
 * anywhere in it, ADRP (+/-4GB) still reaches the kernel image and the
 * module's other allocations, and calls that B/BL cannot reach go
 * through PLT veneers (kernel/module_plts.c).
 *
 * "module_region=far" on the command line starts modules in the upper
 * half of that 2GB window, where no kernel text is within B/BL reach:
 * every call from a module into the kernel then takes a veneer.  It
 * exists to test the veneers.
 *
 * Memory is allocated writable and never executable; the module loader
 * makes text read-only and executable (set_memory_rox()) only once it
 * has been written and relocated, so no module page is ever writable
 * and executable at once.
 */
#include <linux/execmem.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <asm/memory.h>
#include <asm/pgtable.h>
#include <asm/sections.h>

/* B and BL: a signed 26-bit word offset. */
#define BRANCH_REACH	SZ_128M
/* ADRP: a signed 21-bit offset in 4KB pages; half of it, with margin. */
#define ADRP_WINDOW	SZ_2G

static bool module_region_far __initdata;

static int __init parse_module_region(char *arg)
{
	if (arg && !strcmp(arg, "far"))
		module_region_far = true;
	else if (arg && !strcmp(arg, "near"))
		module_region_far = false;
	else
		return -EINVAL;
	return 0;
}
early_param("module_region", parse_module_region);

static struct execmem_info execmem_info __ro_after_init;

struct execmem_info __init *execmem_arch_setup(void)
{
	unsigned long near_start, window_end, far_start, far_end;

	near_start = max_t(unsigned long, MODULES_VADDR,
			   PAGE_ALIGN((unsigned long)_end) - BRANCH_REACH);
	window_end = min_t(unsigned long, MODULES_VADDR + ADRP_WINDOW,
			   VMALLOC_END);
	far_start = VMALLOC_START;
	far_end = window_end;

	if (module_region_far) {
		near_start = MODULES_VADDR + ADRP_WINDOW / 2;
		far_start = 0;
		far_end = 0;
		pr_info("modules placed out of branch range of the kernel (module_region=far)\n");
	}

	execmem_info = (struct execmem_info){
		.ranges = {
			[EXECMEM_DEFAULT] = {
				.start		= near_start,
				.end		= module_region_far ? window_end :
								      MODULES_END,
				.pgprot		= PAGE_KERNEL,
				.alignment	= 1,
				.fallback_start	= far_start,
				.fallback_end	= far_end,
			},
		},
	};
	return &execmem_info;
}
