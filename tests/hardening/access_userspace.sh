#!/bin/sh
# hardening/access_userspace: LKDTM's ACCESS_USERSPACE maps a page in
# the writer's user space, fills it through copy_to_user() (so it is
# present) and then reads it with a plain kernel load.  With Privileged
# Access Never on (FEAT_PAN: PSTATE.PAN set in the kernel), that load
# must fault: a data abort from EL1, a permission fault, a read, at the
# very (user) address LKDTM printed, reported as an access to user
# memory outside the uaccess routines, then an oops that kills the
# writer (lib: oops).  The kernels say at boot whether they turned PAN
# on ("PAN: Privileged Access Never on" from the port, "CPU features:
# detected: Privileged Access Never" from arm64): a CPU without FEAT_PAN
# (Cortex-A53, A57, A72) or a kernel built without it has nothing here
# to show, and the test is skipped, naming which.
. ./lib
if ! dmesg | grep -qE "PAN: Privileged Access Never on|CPU features: detected: Privileged Access Never"; then
	line=$(dmesg | sed -n 's/^\[[^]]*\] \(PAN: .*\)$/\1/p' | head -1)
	skip "the kernel did not turn PAN on: ${line:-it says nothing of PAN (built without it)}"
fi
attack ACCESS_USERSPACE
oops ACCESS_USERSPACE
attempted read
fault_at $addr
fault_kind "access to user memory outside uaccess routines" dabt perm read
exit 0
