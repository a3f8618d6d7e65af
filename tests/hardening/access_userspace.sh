#!/bin/sh
# hardening/access_userspace: LKDTM's ACCESS_USERSPACE maps a page in
# the writer's user space, fills it through copy_to_user() (so it is
# present) and then reads it with a plain kernel load.  The normal
# kernels keep user memory out of the kernel's reach outside the uaccess
# routines on every CPU (lib: pan): with Privileged Access Never
# (FEAT_PAN, max) the load must take a permission fault; where it is
# emulated by switching TTBR0_EL1 to an empty table (Cortex-A53, A57,
# A72), a translation fault.  Either way a data abort from EL1, a read,
# at the very (user) address LKDTM printed, reported as an access to
# user memory outside the uaccess routines, then an oops that kills the
# writer (lib: oops).  A kernel that says neither has no PAN and fails,
# unless the command line turned it off (nopan).
. ./lib
pan
case $pan in
hw) fsc=perm ;;
sw) fsc=trans ;;
*)
	grep -qw nopan /proc/cmdline && skip "nopan on the command line"
	fail "the kernel did not turn PAN on: ${pan_line:-it says nothing of PAN}" ;;
esac
attack ACCESS_USERSPACE
oops ACCESS_USERSPACE
attempted read
fault_at $addr
fault_kind "access to user memory outside uaccess routines" dabt $fsc read
exit 0
