/* SPDX-License-Identifier: GPL-2.0-only */
/* The instructions kprobes and uprobes simulate: simulate.c */
#ifndef __AARCH64_PROBES_SIMULATE_H
#define __AARCH64_PROBES_SIMULATE_H

#include <asm/probes.h>

probe_simulate_t simulate_b_bl;
probe_simulate_t simulate_b_cond;
probe_simulate_t simulate_cbz;
probe_simulate_t simulate_tbz;
probe_simulate_t simulate_br_blr_ret;
probe_simulate_t simulate_adr_adrp;
probe_simulate_t simulate_ldr_literal;
probe_simulate_t simulate_mrs_daif;
probe_simulate_t simulate_nop;

#endif /* __AARCH64_PROBES_SIMULATE_H */
