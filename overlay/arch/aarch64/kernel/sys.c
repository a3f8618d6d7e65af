// SPDX-License-Identifier: GPL-2.0-only
/* System calls whose arm64 ABI differs from the generic definitions. */
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/syscalls.h>

/*
 * mmap takes its file offset in bytes, which must be page aligned (the
 * generic mmap_pgoff takes pages).
 */
SYSCALL_DEFINE6(mmap, unsigned long, addr, unsigned long, len,
		unsigned long, prot, unsigned long, flags,
		unsigned long, fd, unsigned long, off)
{
	if (offset_in_page(off))
		return -EINVAL;

	return ksys_mmap_pgoff(addr, len, prot, flags, fd, off >> PAGE_SHIFT);
}
