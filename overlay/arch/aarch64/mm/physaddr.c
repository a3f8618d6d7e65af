// SPDX-License-Identifier: GPL-2.0-only
/*
 * CONFIG_DEBUG_VIRTUAL: the virtual-to-physical conversions with a check
 * of what they are given.  __pa() and virt_to_phys() take linear map
 * addresses, __pa_symbol() the addresses of kernel image symbols; each
 * would return a wrong physical address for the other kind the day the
 * two stop being at a fixed distance, so a caller mixing them is a bug
 * even when the result happens to be right.
 */
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/mmdebug.h>
#include <linux/types.h>
#include <asm/memory.h>
#include <asm/sections.h>

phys_addr_t __virt_to_phys(unsigned long x)
{
	WARN(!__is_lm_address(x),
	     "virt_to_phys() of %pK (%pS), not a linear map address\n",
	     (void *)x, (void *)x);
	return __virt_to_phys_nodebug(x);
}
EXPORT_SYMBOL(__virt_to_phys);

phys_addr_t __phys_addr_symbol(unsigned long x)
{
	/* Any address in the image, _end included (a symbol's end). */
	VIRTUAL_BUG_ON(x < (unsigned long)_text || x > (unsigned long)_end);
	return __pa_symbol_nodebug(x);
}
EXPORT_SYMBOL(__phys_addr_symbol);
