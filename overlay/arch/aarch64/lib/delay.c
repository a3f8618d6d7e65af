// SPDX-License-Identifier: GPL-2.0-only
/*
 * Busy-wait delays measured with the Generic Timer counter, so they do
 * not depend on the CPU's clock or on a calibrated loop.
 */
#include <linux/delay.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/timex.h>
#include <clocksource/arm_arch_timer.h>

void __delay(unsigned long cycles)
{
	cycles_t start = get_cycles();

	while ((get_cycles() - start) < cycles)
		cpu_relax();
}
EXPORT_SYMBOL(__delay);

/* xloops is the delay in units of 2^-32 seconds (see asm-generic/delay.h) */
void __const_udelay(unsigned long xloops)
{
	u64 ticks = ((u64)xloops * arch_timer_get_rate()) >> 32;

	__delay(ticks + 1);
}
EXPORT_SYMBOL(__const_udelay);

void __udelay(unsigned long usecs)
{
	__const_udelay(usecs * 0x10c7UL);	/* 2^32 / 10^6, rounded up */
}
EXPORT_SYMBOL(__udelay);

void __ndelay(unsigned long nsecs)
{
	__const_udelay(nsecs * 0x5UL);		/* 2^32 / 10^9, rounded up */
}
EXPORT_SYMBOL(__ndelay);
