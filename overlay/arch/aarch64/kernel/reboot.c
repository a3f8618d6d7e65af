// SPDX-License-Identifier: GPL-2.0-only
/*
 * Restart, halt and power-off.  The firmware drivers (PSCI SYSTEM_RESET
 * and SYSTEM_OFF) register themselves as the restart handler and the
 * power-off handler; without them the CPUs just stop.
 */
#include <linux/efi.h>
#include <linux/kernel.h>
#include <linux/pm.h>
#include <linux/reboot.h>
#include <linux/smp.h>
#include <asm/barrier.h>
#include <asm/irqflags.h>

static void __noreturn stop_this_cpu_forever(void)
{
	local_irq_disable();
	while (true)
		wfi();
}

void machine_halt(void)
{
	local_irq_disable();
	smp_send_stop();
	stop_this_cpu_forever();
}

void machine_power_off(void)
{
	local_irq_disable();
	smp_send_stop();
	do_kernel_power_off();
	stop_this_cpu_forever();
}

void machine_restart(char *cmd)
{
	local_irq_disable();
	smp_send_stop();
	/*
	 * Through UEFI's ResetSystem() first, when it is there: a capsule
	 * queued by UpdateCapsule() is processed only on that path.
	 */
	if (efi_enabled(EFI_RUNTIME_SERVICES))
		efi_reboot(reboot_mode, NULL);
	do_kernel_restart(cmd);
	pr_crit("Reboot failed: no restart handler, system halted\n");
	stop_this_cpu_forever();
}
