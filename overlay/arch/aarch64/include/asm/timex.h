/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_TIMEX_H
#define __ASM_AARCH64_TIMEX_H

#include <asm/arch_timer.h>

/* The kernel's cycle counter is the Generic Timer's counter. */
#define get_cycles()	arch_timer_read_counter()

#include <asm-generic/timex.h>

#endif /* __ASM_AARCH64_TIMEX_H */
