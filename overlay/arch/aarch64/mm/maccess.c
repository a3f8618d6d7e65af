// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which addresses copy_from_kernel_nofault() may read: kernel ones.
 *
 * Its callers (kprobe events' memory fetches, BPF's probe reads, the
 * dumpers of faulting instructions) pass whatever address they were
 * given, user pointers included.  An address with VA bit 55 clear is
 * translated by TTBR0_EL1, the user half: not kernel memory.  Reading
 * it with the kernel's accessors would go through whatever TTBR0_EL1
 * holds at that moment, the current task's tables, or under software
 * PAN the reserved empty table, where the fault handler takes it for a
 * uaccess made outside a uaccess window.  Such an address is refused
 * (-ERANGE) before any access, as x86 refuses user addresses here.
 * User memory is read with copy_from_user_nofault().
 */
#include <linux/bits.h>
#include <linux/uaccess.h>

bool copy_from_kernel_nofault_allowed(const void *unsafe_src, size_t size)
{
	return (unsigned long)unsafe_src & BIT(55);
}
