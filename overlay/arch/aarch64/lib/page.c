// SPDX-License-Identifier: GPL-2.0-only
/* Whole-page clear and copy; plain C until tuned versions exist. */
#include <linux/export.h>
#include <linux/string.h>
#include <asm/page.h>

void clear_page(void *to)
{
	memset(to, 0, PAGE_SIZE);
}
EXPORT_SYMBOL(clear_page);

void copy_page(void *to, const void *from)
{
	memcpy(to, from, PAGE_SIZE);
}
EXPORT_SYMBOL(copy_page);
