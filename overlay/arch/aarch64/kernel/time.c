// SPDX-License-Identifier: GPL-2.0-only
/*
 * Time keeping comes from the Generic Timer (drivers/clocksource/
 * arm_arch_timer.c), probed from the device tree; it also registers
 * sched_clock.
 */
#include <linux/clk-provider.h>
#include <linux/clocksource.h>
#include <linux/delay.h>
#include <linux/init.h>
#include <linux/of_clk.h>
#include <linux/sched_clock.h>
#include <linux/smp.h>
#include <linux/timex.h>
#include <clocksource/arm_arch_timer.h>

void __init time_init(void)
{
	u32 rate;

	of_clk_init(NULL);
	timer_probe();

	rate = arch_timer_get_rate();
	if (!rate)
		panic("No architected timer rate: the device tree needs an "
		      "\"arm,armv8-timer\" node (and CNTFRQ_EL0 a value).");

	/* udelay() counts timer ticks: no need to calibrate a loop. */
	lpj_fine = rate / HZ;
}
