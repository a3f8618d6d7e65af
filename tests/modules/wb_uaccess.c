// SPDX-License-Identifier: GPL-2.0
/*
 * wb_uaccess: a kernel read of user memory outside the uaccess routines,
 * made on purpose by each write to /dev/wb_uaccess
 * (tests/kmod/uaccess_outside.sh checks what the kernel does with it).
 *
 * The kernel may touch user memory only through the accessors
 * (copy_from_user(), get_user()...), each of whose loads and stores
 * that may fault has an exception table entry; a plain dereference of
 * a user pointer is a kernel bug.  The write handler makes one: it maps
 * an anonymous private read/write page in the writer's mm with
 * vm_mmap(), leaves it untouched (a VMA, but no page and no PTE yet),
 * logs its address
 *     wb_uaccess: reading ADDR outside the uaccess routines
 * and reads it with a plain 32-bit load (READ_ONCE through a pointer
 * cast from the user address).  The load faults, at EL1, from an
 * instruction with no exception table entry:
 *   - the port (arch/aarch64/mm/fault.c) refuses the fault and oopses,
 *     "Unable to handle kernel access to user memory outside uaccess
 *     routines at virtual address ADDR": the writer is killed and the
 *     handler never returns;
 *   - arm64 with PAN does the same (the fault maps the page, the retried
 *     load takes a PAN permission fault, which it refuses);
 *   - arm64 without PAN resolves the fault by mapping the zero page, and
 *     the load returns 0, which the handler logs
 *         wb_uaccess: the read of ADDR returned 0
 *     before it unmaps the page and returns the write's count.
 *
 * The device is a misc device whose fops have .owner = THIS_MODULE, so
 * the open file holds the module reference, which the killed task's
 * exit drops when it closes its files: rmmod works after the oops.  A
 * module parameter, debugfs or procfs handler would not do: the oops
 * kills the task inside the handler, which would leave the parameter
 * mutex, or debugfs's or procfs's use count of the file, held for good
 * (a hung rmmod, or a lockdep report).
 *
 * The object is built without KASAN and KCSAN (tests/modules/Kbuild),
 * so that the load reaches the MMU as it is: KASAN's inline shadow
 * check of a user address would itself fault on a shadow address that
 * does not exist, and KCSAN's watchpoint would read the address first.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/module.h>
#include <linux/sched.h>

static ssize_t wb_uaccess_write(struct file *file, const char __user *buf,
				size_t count, loff_t *ppos)
{
	unsigned long addr;
	u32 __user *uptr;
	u32 *p;
	u32 v;

	if (!current->mm)
		return -EINVAL;
	addr = vm_mmap(NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, 0);
	if (IS_ERR_VALUE(addr))
		return (ssize_t)addr;
	uptr = (u32 __user *)addr;
	/* The bug on purpose: a user pointer dereferenced as a kernel one. */
	p = (__force u32 *)uptr;
	pr_info("wb_uaccess: reading %px outside the uaccess routines\n", p);
	v = READ_ONCE(*p);
	pr_info("wb_uaccess: the read of %px returned %u\n", p, v);
	vm_munmap(addr, PAGE_SIZE);
	return count;
}

static const struct file_operations wb_uaccess_fops = {
	.owner = THIS_MODULE,
	.write = wb_uaccess_write,
	.llseek = noop_llseek,
};

static struct miscdevice wb_uaccess_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "wb_uaccess",
	.fops = &wb_uaccess_fops,
	.mode = 0200,
};

static int __init wb_uaccess_init(void)
{
	return misc_register(&wb_uaccess_dev);
}
module_init(wb_uaccess_init);

static void __exit wb_uaccess_exit(void)
{
	misc_deregister(&wb_uaccess_dev);
}
module_exit(wb_uaccess_exit);

MODULE_DESCRIPTION("a kernel read of user memory outside the uaccess routines, on purpose");
MODULE_LICENSE("GPL");
