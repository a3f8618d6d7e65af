/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Placeholders for the module's PLT veneers, in every module this
 * kernel builds (scripts/module.lds.S includes this file).  The loader
 * sizes them before layout (module_frob_arch_sections()); .init.plt is
 * laid out with, and freed with, the init text.
 */
SECTIONS {
	.plt 0 : { BYTE(0) }
	.init.plt 0 : { BYTE(0) }
}
