// SPDX-License-Identifier: GPL-2.0-only
/*
 * wb_rwx: the module's own memory has the permissions STRICT_MODULE_RWX
 * promises, checked from inside with stores that may fault and are
 * then reported instead of oopsing:
 *   - text: read-only (a store faults), and it runs (this code);
 *   - .rodata: read-only;
 *   - __ro_after_init data: writable during init (checked in init),
 *     read-only once init is over (checked when the "check" parameter
 *     is read, from user space, after loading);
 *   - .data: writable.
 * The stores are __put_kernel_nofault(), whose fault is fixed up through
 * this module's own exception table.
 * Loading fails with -EINVAL and a pr_err naming the region if a rule
 * does not hold; reading /sys/module/wb_rwx/parameters/check gives
 * "ok" or the failure.
 */
#include <linux/cache.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/uaccess.h>

static const u32 wb_rodata[4] = { 0x11111111, 0x22222222, 0x33333333, 0x44444444 };
static u32 wb_data[4] = { 1, 2, 3, 4 };
static u32 wb_ro_after_init[4] __ro_after_init = { 5, 6, 7, 8 };

static noinline u32 wb_text_fn(u32 x)
{
	return x * 3 + 1;
}

/* 0 if a store to @p worked, -EFAULT if it faulted; the value is kept. */
static int try_store(u32 *p)
{
	u32 v = READ_ONCE(*p);
	int ret = 0;

	pagefault_disable();
	__put_kernel_nofault(p, &v, u32, fault);
	goto out;
fault:
	ret = -EFAULT;
out:
	pagefault_enable();
	return ret;
}

static int expect(const char *what, void *p, int want, char *buf, size_t len)
{
	int got = try_store(p);

	if (got == want)
		return 0;
	snprintf(buf, len, "%s at %px: store gave %d, expected %d", what, p,
		 got, want);
	return -EINVAL;
}

static int check_common(char *buf, size_t len)
{
	if (wb_text_fn(4) != 13) {
		snprintf(buf, len, "text computes wrong");
		return -EINVAL;
	}
	return expect("text", (void *)wb_text_fn, -EFAULT, buf, len) ?:
	       expect(".rodata", (void *)wb_rodata, -EFAULT, buf, len) ?:
	       expect(".data", wb_data, 0, buf, len);
}

static int check_get(char *buf, const struct kernel_param *kp)
{
	char msg[160];
	int ret;

	ret = check_common(msg, sizeof(msg)) ?:
	      expect("__ro_after_init after init", wb_ro_after_init, -EFAULT,
		     msg, sizeof(msg));
	return sysfs_emit(buf, "%s\n", ret ? msg : "ok");
}

static const struct kernel_param_ops check_ops = {
	.get = check_get,
};
module_param_cb(check, &check_ops, NULL, 0444);

static int __init wb_rwx_init(void)
{
	char msg[160];
	int ret;

	ret = check_common(msg, sizeof(msg)) ?:
	      expect("__ro_after_init during init", wb_ro_after_init, 0,
		     msg, sizeof(msg));
	if (ret) {
		pr_err("wb_rwx: %s\n", msg);
		return ret;
	}
	pr_info("wb_rwx: text and .rodata read-only, .data writable\n");
	return 0;
}
module_init(wb_rwx_init);

static void __exit wb_rwx_exit(void)
{
}
module_exit(wb_rwx_exit);

MODULE_DESCRIPTION("Checks the permissions of a module's own memory");
MODULE_LICENSE("GPL");
