// SPDX-License-Identifier: GPL-2.0-only
/*
 * Switching the kernel's atomics to the FEAT_LSE instructions.
 *
 * Each site lse_atomics_in_use() leaves in .lse_sites (<asm/lse.h>) is
 * a B to the load/store-exclusive form of an atomic.  Where the boot
 * CPU implements the LSE atomics (ID_AA64ISAR0_EL1.Atomic, 2 and up),
 * every site becomes a NOP: the kernel's own in setup_arch(), before
 * any other CPU runs, a module's in module_finalize(), before any of
 * its code runs.  A site that is not a B means the section and the text
 * disagree: nothing of that image is rewritten, and a module is refused.
 *
 * A CPU coming online later without the LSE atomics could not run the
 * rewritten code: its very first atomic would be an undefined
 * instruction.  secondary_start_kernel() asks lse_atomics_fit_this_cpu()
 * before it uses one, and parks a CPU that does not fit; __cpu_up()
 * then says why it never came online.
 *
 * "lse_atomics=off" keeps the exclusive loops on every CPU: to measure
 * what the instructions save, or to rule them out.  The hwcap (and so
 * user space's use of the instructions) does not change.
 */
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/moduleloader.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/cpuinfo.h>
#include <asm/insn.h>
#include <asm/lse.h>
#include <asm/patching.h>
#include <asm/sections.h>
#include <asm/sysreg.h>

extern const s32 __lse_sites_start[], __lse_sites_end[];
extern char __initdata_begin[];

static bool lse_atomics_off __initdata;

/* The kernel's sites are NOPs: every CPU must have the instructions. */
static bool lse_atomics_patched __ro_after_init;

static int __init parse_lse_atomics(char *arg)
{
	if (!arg || strcmp(arg, "off"))
		return -EINVAL;
	lse_atomics_off = true;
	return 0;
}
early_param("lse_atomics", parse_lse_atomics);

static bool id_has_lse_atomics(u64 isar0)
{
	return ((isar0 >> ID_AA64ISAR0_EL1_ATOMIC_SHIFT) & 0xf) >= 2;
}

static u32 *site_addr(const s32 *entry)
{
	return (u32 *)((unsigned long)entry + *entry);
}

/* B <label>: bits [31:26] are 0b000101. */
static bool insn_is_b(u32 insn)
{
	return (insn & 0xfc000000U) == 0x14000000U;
}

/*
 * A site must be in the text of the image that lists it: for the kernel
 * that includes the init and exit text, mapped executable from
 * __init_begin to __initdata_begin (vmlinux.lds.S).
 */
static bool site_in_text(unsigned long addr, struct module *mod)
{
	if (!mod)
		return is_kernel_text(addr) ||
		       (addr >= (unsigned long)__init_begin &&
			addr < (unsigned long)__initdata_begin);
#ifdef CONFIG_MODULES
	return within_module_mem_type(addr, mod, MOD_TEXT) ||
	       within_module_mem_type(addr, mod, MOD_INIT_TEXT);
#else
	return false;
#endif
}

/*
 * Check every site of the kernel (@mod NULL) or a module, then rewrite
 * them all: a bad table leaves the image entirely on the exclusive
 * loops.  Return the number of sites, or -ENOEXEC.
 */
static int lse_patch_sites(const s32 *start, const s32 *end,
			   struct module *mod)
{
	const char *owner = mod ? mod->name : "kernel";
	const s32 *entry;

	for (entry = start; entry < end; entry++) {
		u32 *site = site_addr(entry);
		u32 insn;

		if (!IS_ALIGNED((unsigned long)site, AARCH64_INSN_SIZE) ||
		    !site_in_text((unsigned long)site, mod)) {
			pr_err("%s: LSE atomics site %px is not in its text\n",
			       owner, site);
			return -ENOEXEC;
		}
		insn = le32_to_cpu(*(__le32 *)site);
		if (!insn_is_b(insn)) {
			pr_err("%s: LSE atomics site %pS holds 0x%08x, not a branch\n",
			       owner, site, insn);
			return -ENOEXEC;
		}
	}
	for (entry = start; entry < end; entry++)
		aarch64_patch_text_nosync(site_addr(entry), AARCH64_INSN_NOP);
	return end - start;
}

void __init lse_atomics_init_boot(void)
{
	int n;

	if (!id_has_lse_atomics(boot_id_regs[ID_REG_AA64ISAR0])) {
		pr_info("LSE atomics: not implemented, using exclusive loops\n");
		return;
	}
	if (lse_atomics_off) {
		pr_info("LSE atomics: off (lse_atomics=off), using exclusive loops\n");
		return;
	}
	n = lse_patch_sites(__lse_sites_start, __lse_sites_end, NULL);
	if (n < 0)
		return;
	lse_atomics_patched = true;
	pr_info("LSE atomics: in use at %d sites\n", n);
}

/* Called before the CPU's first atomic: it may not print or take locks. */
bool lse_atomics_fit_this_cpu(void)
{
	return !lse_atomics_patched ||
	       id_has_lse_atomics(read_sysreg(id_aa64isar0_el1));
}

/*
 * A module follows the kernel: its sites become NOPs when the kernel's
 * did, so that a module never uses an instruction the kernel was not
 * allowed to.
 */
#ifdef CONFIG_MODULES
int lse_atomics_apply_module(struct module *mod, const s32 *start,
			     const s32 *end)
{
	int n;

	if (!lse_atomics_patched)
		return 0;
	n = lse_patch_sites(start, end, mod);
	return n < 0 ? n : 0;
}
#endif
