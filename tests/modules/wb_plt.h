/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by wb_plt_main.c and wb_plt_asm.S. */
#ifndef WB_PLT_H
#define WB_PLT_H

/*
 * The size of wb_plt's padding, in its module text: 128 MiB, so that the
 * text cannot fit in the window [_end - 128 MiB, _text) where arm64 puts
 * modules whose branches reach the kernel directly, and goes to the
 * fallback window [_end - 2 GiB, _end) instead, at its bottom.
 */
#define WB_PLT_PAD	0x8000000

#endif /* WB_PLT_H */
