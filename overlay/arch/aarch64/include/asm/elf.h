/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ELF loading and core dumps for AArch64 executables (ELF for the Arm
 * 64-bit Architecture, "AArch64 ELF ABI").
 */
#ifndef __ASM_AARCH64_ELF_H
#define __ASM_AARCH64_ELF_H

#include <asm/hwcap.h>
#include <asm/processor.h>
#include <uapi/linux/elf-em.h>

/*
 * AArch64 static relocations that kernel modules carry: "ELF for the Arm
 * 64-bit Architecture (AArch64)", IHI 0056, table "Static relocations".
 * 0 and 256 both mean none.
 */
#define R_ARM_NONE			0
#define R_AARCH64_NONE			256

/* Data */
#define R_AARCH64_ABS64			257
#define R_AARCH64_ABS32			258
#define R_AARCH64_ABS16			259
#define R_AARCH64_PREL64		260
#define R_AARCH64_PREL32		261
#define R_AARCH64_PREL16		262

/* MOVZ/MOVN/MOVK immediates, absolute */
#define R_AARCH64_MOVW_UABS_G0		263
#define R_AARCH64_MOVW_UABS_G0_NC	264
#define R_AARCH64_MOVW_UABS_G1		265
#define R_AARCH64_MOVW_UABS_G1_NC	266
#define R_AARCH64_MOVW_UABS_G2		267
#define R_AARCH64_MOVW_UABS_G2_NC	268
#define R_AARCH64_MOVW_UABS_G3		269
#define R_AARCH64_MOVW_SABS_G0		270
#define R_AARCH64_MOVW_SABS_G1		271
#define R_AARCH64_MOVW_SABS_G2		272

/* PC-relative addresses and loads */
#define R_AARCH64_LD_PREL_LO19		273
#define R_AARCH64_ADR_PREL_LO21		274
#define R_AARCH64_ADR_PREL_PG_HI21	275
#define R_AARCH64_ADR_PREL_PG_HI21_NC	276
#define R_AARCH64_ADD_ABS_LO12_NC	277
#define R_AARCH64_LDST8_ABS_LO12_NC	278

/* Branches */
#define R_AARCH64_TSTBR14		279
#define R_AARCH64_CONDBR19		280
#define R_AARCH64_JUMP26		282
#define R_AARCH64_CALL26		283

#define R_AARCH64_LDST16_ABS_LO12_NC	284
#define R_AARCH64_LDST32_ABS_LO12_NC	285
#define R_AARCH64_LDST64_ABS_LO12_NC	286

/* MOVZ/MOVN/MOVK immediates, PC-relative */
#define R_AARCH64_MOVW_PREL_G0		287
#define R_AARCH64_MOVW_PREL_G0_NC	288
#define R_AARCH64_MOVW_PREL_G1		289
#define R_AARCH64_MOVW_PREL_G1_NC	290
#define R_AARCH64_MOVW_PREL_G2		291
#define R_AARCH64_MOVW_PREL_G2_NC	292
#define R_AARCH64_MOVW_PREL_G3		293

#define R_AARCH64_LDST128_ABS_LO12_NC	299

/* Dynamic: the one type a relocatable vmlinux has (kernel/relocate.c) */
#define R_AARCH64_RELATIVE		1027

#define ELF_CLASS		ELFCLASS64
#define ELF_DATA		ELFDATA2LSB
#define ELF_ARCH		EM_AARCH64

#define ELF_PLATFORM		"aarch64"
#define ELF_EXEC_PAGESIZE	PAGE_SIZE

/*
 * PIE executables load at two thirds of the address space, leaving
 * room below for the brk heap and above for mmap and the stack.
 */
#define ELF_ET_DYN_BASE		(2 * DEFAULT_MAP_WINDOW / 3)

#ifndef __ASSEMBLY__

#include <linux/bug.h>
#include <asm/ptrace.h>

typedef unsigned long elf_greg_t;

#define ELF_NGREG	(sizeof(struct user_pt_regs) / sizeof(elf_greg_t))
#define ELF_CORE_COPY_REGS(dest, regs)	\
	(*(struct user_pt_regs *)&(dest) = (regs)->user_regs);

typedef elf_greg_t elf_gregset_t[ELF_NGREG];
typedef struct user_fpsimd_state elf_fpregset_t;

/* Core dumps take their notes from the ptrace regsets (kernel/ptrace.c). */
#define CORE_DUMP_USE_REGSET

#define elf_check_arch(x)	((x)->e_machine == EM_AARCH64)

/*
 * The AAPCS64 leaves x0 undefined at process entry; clear it, as
 * dynamic linkers take a non-zero x0 as an atexit function.
 */
#define ELF_PLAT_INIT(regs, load_addr)	((regs)->regs[0] = 0)

/* kernel/vdso.c maps the vDSO and its data pages at each exec. */
#define ARCH_HAS_SETUP_ADDITIONAL_PAGES
struct linux_binprm;
int arch_setup_additional_pages(struct linux_binprm *bprm, int uses_interp);

/* The stack a signal handler needs: kernel/signal.c. */
unsigned long signal_minsigstksz(void);

/*
 * The auxiliary vector entries of the arm64 ABI: where the vDSO is
 * (AT_SYSINFO_EHDR, which the C library looks for its clock functions
 * in) and the signal stack size.  Keep AT_VECTOR_SIZE_ARCH
 * (<uapi/asm/auxvec.h>) in step with these.
 */
#define ARCH_DLINFO							\
do {									\
	NEW_AUX_ENT(AT_SYSINFO_EHDR,					\
		    (elf_addr_t)current->mm->context.vdso);		\
	NEW_AUX_ENT(AT_MINSIGSTKSZ, signal_minsigstksz());		\
} while (0)

#define SET_PERSONALITY(ex)						\
	set_personality(PER_LINUX | (current->personality & (~PER_MASK)))

#endif /* __ASSEMBLY__ */

#endif /* __ASM_AARCH64_ELF_H */
