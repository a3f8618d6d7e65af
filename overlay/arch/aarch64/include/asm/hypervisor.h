/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Services of a KVM host, discovered through SMCCC by
 * drivers/firmware/smccc/kvm_guest.c.  The port uses none of them yet.
 */
#ifndef __ASM_AARCH64_HYPERVISOR_H
#define __ASM_AARCH64_HYPERVISOR_H

#include <linux/arm-smccc.h>

void kvm_init_hyp_services(void);
bool kvm_arm_hyp_service_available(u32 func_id);

static inline void kvm_arch_init_hyp_services(void)
{
}

#endif /* __ASM_AARCH64_HYPERVISOR_H */
