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
 * With KASLR the image is far from that region, and modules follow it
 * (as on arm64, arch/arm64/mm/init.c): into a random 128MB window that
 * holds the whole image, with a random 2GB window around that one as
 * the fallback; with RANDOMIZE_MODULE_REGION_FULL, into the 2GB window
 * only, so that a module's address says less about the kernel's.
 * module_region=far then takes the larger part of the 2GB window that
 * is out of B/BL reach of the image.
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
#include <linux/random.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <asm/memory.h>
#include <asm/pgtable.h>
#include <asm/sections.h>
#include <asm/setup.h>

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

/*
 * A random page-aligned @size window that holds [start, end), which
 * must be smaller.
 */
static unsigned long __init random_window(unsigned long size,
					  unsigned long start,
					  unsigned long end)
{
	unsigned long slack = (size - (end - start)) >> PAGE_SHIFT;

	return start - ((unsigned long)get_random_u32_inclusive(0, slack) <<
			PAGE_SHIFT);
}

static void __init kaslr_module_windows(unsigned long *near_start,
					unsigned long *near_end,
					unsigned long *far_start,
					unsigned long *far_end)
{
	unsigned long text = (unsigned long)_text;
	unsigned long end = PAGE_ALIGN((unsigned long)_end);
	unsigned long direct = random_window(BRANCH_REACH, text, end);
	unsigned long plt = random_window(ADRP_WINDOW, direct,
					  direct + BRANCH_REACH);

	*near_start = direct;
	*near_end = direct + BRANCH_REACH;
	*far_start = plt;
	*far_end = plt + ADRP_WINDOW;

	if (module_region_far) {
		/* The parts of the 2GB window out of B/BL reach of the image */
		unsigned long low_end = text - BRANCH_REACH;
		unsigned long high_start = end + BRANCH_REACH;
		unsigned long below = low_end > plt ? low_end - plt : 0;
		unsigned long above = plt + ADRP_WINDOW > high_start ?
				      plt + ADRP_WINDOW - high_start : 0;

		*near_start = below > above ? plt : high_start;
		*near_end = *near_start + max(below, above);
		*far_start = 0;
		*far_end = 0;
	} else if (IS_ENABLED(CONFIG_RANDOMIZE_MODULE_REGION_FULL)) {
		*near_start = plt;
		*near_end = plt + ADRP_WINDOW;
		*far_start = 0;
		*far_end = 0;
	}
}

struct execmem_info __init *execmem_arch_setup(void)
{
	unsigned long near_start, near_end, window_end, far_start, far_end;

	near_start = max_t(unsigned long, MODULES_VADDR,
			   PAGE_ALIGN((unsigned long)_end) - BRANCH_REACH);
	near_end = MODULES_END;
	window_end = min_t(unsigned long, MODULES_VADDR + ADRP_WINDOW,
			   VMALLOC_END);
	far_start = VMALLOC_START;
	far_end = window_end;

	if (module_region_far) {
		near_start = MODULES_VADDR + ADRP_WINDOW / 2;
		near_end = window_end;
		far_start = 0;
		far_end = 0;
	}
	if (kaslr_enabled())
		kaslr_module_windows(&near_start, &near_end, &far_start,
				     &far_end);
	if (module_region_far)
		pr_info("modules placed out of branch range of the kernel (module_region=far)\n");

	execmem_info = (struct execmem_info){
		.ranges = {
			[EXECMEM_DEFAULT] = {
				.start		= near_start,
				.end		= near_end,
				.pgprot		= PAGE_KERNEL,
				.alignment	= 1,
				.fallback_start	= far_start,
				.fallback_end	= far_end,
			},
		},
	};
	return &execmem_info;
}
