// SPDX-License-Identifier: GPL-2.0-only
/*
 * KASLR, once the kernel runs where kaslr_early.c placed it: what the
 * boot log and a panic say about it.  The messages are arm64's
 * (arch/arm64/kernel/kaslr.c and setup.c), so that tools reading either
 * kernel's log find the same lines.
 */
#include <linux/init.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/printk.h>
#include <asm/memory.h>
#include <asm/setup.h>

/* Written by kaslr_early_init() before .bss is cleared: not in .bss. */
u8 kaslr_status __initdata = KASLR_NO_SEED;
u16 memstart_offset_seed __initdata;

void __init kaslr_init(void)
{
	switch (kaslr_status) {
	case KASLR_DISABLED_CMDLINE:
		pr_info("KASLR disabled on command line\n");
		break;
	case KASLR_ENABLED:
		pr_info("KASLR enabled\n");
		break;
	default:
		pr_warn("KASLR disabled due to lack of seed\n");
		break;
	}
}

/* Read by kaslr_early.c, which also looks for the word in /chosen/bootargs. */
static int __init parse_nokaslr(char *unused)
{
	return 0;
}
early_param("nokaslr", parse_nokaslr);

/* So that a panic log can be matched against System.map offline. */
static int kaslr_panic_dump(struct notifier_block *nb, unsigned long v,
			    void *p)
{
	if (kaslr_enabled())
		pr_emerg("Kernel Offset: 0x%lx from 0x%lx\n", kaslr_offset(),
			 KIMAGE_VADDR);
	else
		pr_emerg("Kernel Offset: disabled\n");
	return NOTIFY_DONE;
}

static struct notifier_block kaslr_panic_nb = {
	.notifier_call = kaslr_panic_dump,
};

static int __init kaslr_panic_register(void)
{
	atomic_notifier_chain_register(&panic_notifier_list, &kaslr_panic_nb);
	return 0;
}
device_initcall(kaslr_panic_register);
