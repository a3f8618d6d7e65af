#!/bin/sh
# kmod/uaccess_outside: a kernel load from user memory outside the
# uaccess routines.  tests/modules/wb_uaccess.ko makes one on each write
# to /dev/wb_uaccess: it maps an anonymous page in the writer's mm,
# leaves it untouched (a VMA, no page yet), logs
#   wb_uaccess: reading ADDR outside the uaccess routines
# and reads ADDR with a plain load, which faults at EL1 from an
# instruction that has no exception table entry.  The write is made by a
# child shell (sh -c 'echo x >/dev/wb_uaccess') inside an expect-report
# window.  Two outcomes are expected:
#   - refused, on the port (wb_kernel=port: its do_page_fault() refuses
#     any such fault), and on arm64 when it uses PAN (the kernel log
#     says "CPU features: detected: Privileged Access Never"): the
#     window holds exactly the oops of that access, whose report
#     headers are
#       Unable to handle kernel access to user memory outside uaccess routines at virtual address ADDR
#       Internal error: Oops: ESR [#N] [PREEMPT] SMP
#     with ADDR the one the module logged, and its "pc :" line names
#     wb_uaccess_write; nothing else is reported, the writing shell was
#     killed (a status above 128), and the module never logged that the
#     read returned.  (arm64 with ARM64_SW_TTBR0_PAN, "CPU features:
#     emulated: Privileged Access Never (PAN) using TTBR0_EL1
#     switching", refuses it the same way.)
#   - resolved, on the baseline without PAN (its test configuration
#     leaves ARM64_PAN and ARM64_SW_TTBR0_PAN out, which the normal,
#     hardened one has, configs/arm64-hardened.config): arm64 only
#     catches such an access with PAN, and otherwise handles the fault
#     like a uaccess one, mapping the zero page, so the load returns.
#     The window holds no report, the write succeeds and the module
#     logged "wb_uaccess: the read of ADDR returned 0".  This asserts
#     arm64's documented behaviour without PAN, so that a change on
#     either side (the baseline starting to catch it, or the harness
#     no longer telling the kernels apart) is noticed.
# Either way rmmod must then succeed: the device's fops are owned by the
# module, so the killed task's open file held the module, and its exit
# closed it.
# The oops taints the kernel (D) and turns lockdep off for the rest of
# the boot, as a KASAN report does: by its name this is the last test of
# the kmod group, which comes after every group in tests/plan but the
# checkers, whose reports do the same.
# wb-timeout: 60
. ../checkers/lib
need_modules
m=wb_uaccess
project_module $m
dev=/dev/$m

case ${wb_kernel:-} in
port)
	refused="the port refuses it" ;;
baseline)
	# arm64 says at boot whether it uses PAN; the start of the log must
	# still be there to tell.
	klog | grep -q "^Linux version " ||
		fail "the start of the kernel log is gone: cannot tell whether arm64 uses PAN"
	# PAN (ARM64_PAN, on a CPU that has it), or its emulation
	# (ARM64_SW_TTBR0_PAN): either way arm64 refuses the access.
	if klog | grep -qE "^CPU features: (detected: Privileged Access Never( on CPU.*)?|emulated: Privileged Access Never \(PAN\) using TTBR0_EL1 switching)\$"; then
		refused="arm64 uses PAN"
	else
		refused=
	fi ;;
*)
	fail "wb_kernel is '${wb_kernel:-}', not port or baseline (check.py sets it on the kernel command line)" ;;
esac
if [ -n "$refused" ]; then
	echo "wb_kernel=$wb_kernel: the access must be refused ($refused)"
else
	echo "wb_kernel=$wb_kernel: the access must be resolved (arm64 without PAN)"
fi

$INSMOD "$ko" || fail "insmod $ko exited with $?"
# devtmpfs makes the node; without it, make it from sysfs.
made=
if [ ! -c $dev ]; then
	nums=$(cat /sys/class/misc/$m/dev) || fail "no $dev and no /sys/class/misc/$m/dev"
	mknod $dev c "${nums%:*}" "${nums#*:}" || fail "mknod $dev c $nums failed"
	made=1
fi

expect_begin $m
sh -c "echo x >$dev"
rc=$?
expect_end
echo "the writing shell exited with $rc"

line=$(grep "^$m: reading " $W/window) || fail "no '$m: reading ADDR' line in the window"
echo "$line"
addr=$(echo "$line" | sed -n "s/^$m: reading \([0-9a-f]\{16\}\) outside the uaccess routines\$/\1/p")
[ -n "$addr" ] || fail "no address in '$line'"

if [ -n "$refused" ]; then
	want 1 "^Unable to handle kernel access to user memory outside uaccess routines at virtual address $addr\$" \
		"the refusal at $addr"
	want 1 "^Internal error: Oops: [0-9a-f]{16} \[#[0-9]+\]( PREEMPT(_RT)?)?( SMP)?\$" "the oops"
	nothing_else
	has "^pc : ${m}_write\+0x[0-9a-f]+/0x[0-9a-f]+ \[$m\]\$" "the oops' pc"
	[ $rc -gt 128 ] || fail "the writing shell exited with $rc: it was not killed by the oops"
	if grep "^$m: the read of " $W/window; then
		fail "the read returned: the oops did not stop the handler"
	fi
	echo "refused: the oops at $addr killed the writer (signal $((rc - 128)))"
else
	nothing_else
	[ $rc = 0 ] || fail "the write failed ($rc) with no report in the window"
	has "^$m: the read of $addr returned 0\$" "the read of the zero page"
	echo "resolved: the read of $addr returned 0, silently"
fi

[ -n "$made" ] && rm -f $dev
$RMMOD $m || fail "rmmod $m exited with $? (did the killed task's file keep the module?)"
is_loaded $m && fail "$m is still loaded after rmmod"
exit 0
