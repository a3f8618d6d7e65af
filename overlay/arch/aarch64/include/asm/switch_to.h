/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ASM_AARCH64_SWITCH_TO_H
#define __ASM_AARCH64_SWITCH_TO_H

struct task_struct;

struct task_struct *__switch_to(struct task_struct *prev,
				struct task_struct *next);

#define switch_to(prev, next, last)				\
	do {							\
		((last) = __switch_to((prev), (next)));		\
	} while (0)

#endif /* __ASM_AARCH64_SWITCH_TO_H */
