// SPDX-License-Identifier: GPL-2.0
/*
 * wb_static_key: a static key of the module's own, switched from user
 * space, with its branch sites checked after every switch.
 *
 * A static key's branch sites are instructions patched at run time (a
 * NOP, or a B to the out-of-line block).  A module's sites come from its
 * __jump_table, whose entries the loader relocates (PREL32 for the site
 * and target, PREL64 for the key) and which the jump label core patches
 * through the architecture's code patching, in text the loader has made
 * read-only.  The in-tree test_static_keys module (tests/kmod/
 * static_keys.sh) switches keys from inside the kernel at load time only;
 * here user space switches the key on and off, many times, while the
 * module is live:
 *
 *   /sys/module/wb_static_key/parameters/enabled   (rw)
 *       write 1/0 (y/n, on/off): static_branch_enable()/disable();
 *       read: 1 or 0 (static_key_enabled()).  'insmod ... enabled=1'
 *       switches the key on during the load, after the loader has
 *       registered the module's jump entries and before its init runs.
 *   /sys/module/wb_static_key/parameters/branch    (ro)
 *       each read runs the two functions that hold the sites and reads
 *       the sites: "unlikely=on|off likely=on|off sites=N bad=M".
 *       unlikely/likely: which way static_branch_unlikely() and
 *       static_branch_likely() on the key went (they compile to a NOP
 *       and to a B respectively while the key has its default, false);
 *       sites: how many of the key's sites in the core text were read;
 *       bad: how many held neither the expected NOP (0xd503201f) nor the
 *       expected B to the entry's target, each also reported by pr_err.
 *
 * The init function has a site too (pr_info "key on at init" or "key
 * off at init"): its entry is in the init text, which the jump label
 * core must patch while the module is coming and leave alone after.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static DEFINE_STATIC_KEY_FALSE(wb_key);
static unsigned long wb_runs[2][2];	/* [site][branch taken] */

#define AARCH64_NOP	0xd503201f
#define AARCH64_B	0x14000000

static noinline bool wb_site_unlikely(void)
{
	if (static_branch_unlikely(&wb_key)) {
		wb_runs[0][1]++;
		return true;
	}
	wb_runs[0][0]++;
	return false;
}

static noinline bool wb_site_likely(void)
{
	if (static_branch_likely(&wb_key)) {
		wb_runs[1][1]++;
		return true;
	}
	wb_runs[1][0]++;
	return false;
}

/*
 * Read every site of wb_key in the core text: it must be a B to the
 * entry's target when the branch is to be taken (key enabled XOR the
 * entry's default branch bit, as kernel/jump_label.c decides) and a NOP
 * otherwise.  Sites in the init text are gone once the module is live.
 */
static void wb_check_sites(int *nsites, int *nbad)
{
#ifdef CONFIG_JUMP_LABEL
	struct jump_entry *e = THIS_MODULE->jump_entries;
	bool on = static_key_enabled(&wb_key);
	unsigned int i;

	for (i = 0; i < THIS_MODULE->num_jump_entries; i++, e++) {
		unsigned long code, target;
		u32 insn, want;

		if (jump_entry_key(e) != &wb_key.key || jump_entry_is_init(e))
			continue;
		code = jump_entry_code(e);
		target = jump_entry_target(e);
		if (on != jump_entry_is_branch(e))
			want = AARCH64_B | (((target - code) >> 2) & 0x03ffffff);
		else
			want = AARCH64_NOP;
		insn = le32_to_cpu(*(__le32 *)code);
		(*nsites)++;
		if (insn != want) {
			(*nbad)++;
			pr_err("site %pS (%px) holds %08x, want %08x with the key %s\n",
			       (void *)code, (void *)code, insn, want,
			       on ? "on" : "off");
		}
	}
#endif
}

static int wb_enabled_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret)
		return ret;
	if (on)
		static_branch_enable(&wb_key);
	else
		static_branch_disable(&wb_key);
	return 0;
}

static int wb_enabled_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%d\n", static_key_enabled(&wb_key));
}

static const struct kernel_param_ops wb_enabled_ops = {
	.set = wb_enabled_set,
	.get = wb_enabled_get,
};
module_param_cb(enabled, &wb_enabled_ops, NULL, 0644);
MODULE_PARM_DESC(enabled, "the static key: 1 on, 0 off");

static int wb_branch_get(char *buf, const struct kernel_param *kp)
{
	bool u = wb_site_unlikely(), l = wb_site_likely();
	int nsites = 0, nbad = 0;

	wb_check_sites(&nsites, &nbad);
	return scnprintf(buf, PAGE_SIZE, "unlikely=%s likely=%s sites=%d bad=%d\n",
			 u ? "on" : "off", l ? "on" : "off", nsites, nbad);
}

static const struct kernel_param_ops wb_branch_ops = {
	.get = wb_branch_get,
};
module_param_cb(branch, &wb_branch_ops, NULL, 0444);
MODULE_PARM_DESC(branch, "read: run the key's branch sites, say which way they went");

static int __init wb_static_key_init(void)
{
	if (static_branch_unlikely(&wb_key))
		pr_info("key on at init\n");
	else
		pr_info("key off at init\n");
	return 0;
}

static void __exit wb_static_key_exit(void)
{
	pr_info("unlikely site ran %lu times off, %lu on; likely site %lu off, %lu on\n",
		wb_runs[0][0], wb_runs[0][1], wb_runs[1][0], wb_runs[1][1]);
}

module_init(wb_static_key_init);
module_exit(wb_static_key_exit);
MODULE_DESCRIPTION("A static key switched from user space through a module parameter");
MODULE_LICENSE("GPL");
