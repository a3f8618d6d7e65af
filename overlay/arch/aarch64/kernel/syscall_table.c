// SPDX-License-Identifier: GPL-2.0-only
/*
 * The system call table, generated from scripts/syscall.tbl with the
 * ABIs of kernel/Makefile.syscalls: the same numbers as arm64.
 */
#include <linux/linkage.h>
#include <linux/syscalls.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

asmlinkage long sys_mmap(unsigned long addr, unsigned long len,
			 unsigned long prot, unsigned long flags,
			 unsigned long fd, unsigned long off);
asmlinkage long sys_rt_sigreturn(void);

#define __SYSCALL_WITH_COMPAT(nr, native, compat)	__SYSCALL(nr, native)

#undef __SYSCALL
#define __SYSCALL(nr, call)						\
	[nr] = (syscall_fn_t)(void *)call,

const syscall_fn_t sys_call_table[__NR_syscalls] = {
	[0 ... __NR_syscalls - 1] = (syscall_fn_t)(void *)sys_ni_syscall,
#include <asm/syscall_table_64.h>
};
