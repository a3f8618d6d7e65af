#!/bin/sh
# checkers/wb_kasan: KASAN catches the five bugs of wb_kasan.ko
# (tests/modules/wb_kasan.c), each made in an expect-report window by a
# write of its name to /sys/module/wb_kasan/parameters/run, and its
# report says what happened; each window holds that one report only:
#   - the bug type and the function that made the access:
#       BUG: KASAN: slab-out-of-bounds in wb_kasan_slab_oob+0x../0x.. [wb_kasan]
#   - the access, at the address the module logged just before:
#       Write of size 8 at addr ADDR by task ...
#   - where the memory came from: the "Allocated by task" stack (and
#     "Freed by task" for the use after free) through the module's
#     function; the frame and its array for the stack; the region and
#     its allocator for vmalloc;
#   - where the address lies: 0 bytes to the right of the allocated
#     120-byte region of a kmalloc-128 object, 8 bytes inside the freed
#     64-byte region, at the end of the 16-byte array in the frame, in a
#     1-page vmalloc region;
#   - for the use after free made in a timer interrupt, a call trace
#     from the interrupt back into the interrupted task.
# The second report onwards needs kasan_multi_shot (tests/plan), as
# KASAN otherwise reports its first bug only.  KFENCE is paused (a
# KFENCE object would be KFENCE's to check, not KASAN's).
# wb-config: test
# wb-timeout: 120
. ./lib
need_modules
m=wb_kasan
project_module $m
grep -qw kasan_multi_shot /proc/cmdline ||
	fail "no kasan_multi_shot on the kernel command line (the selftests row of tests/plan has it): KASAN would report the first bug only"
kfence_pause
$INSMOD "$ko" || fail "insmod $ko exited with $?"
P=/sys/module/$m/parameters/run

# bug CASE TYPE FUNCTION ACCESS SIZE: make the bug CASE in a window and
# check its one report: "BUG: KASAN: TYPE in wb_kasan_FUNCTION" and
# "ACCESS of size SIZE at addr" the address the module logged ($addr;
# the object's is $obj).
bug() {
	expect_begin $m-$1
	echo "$1" >$P
	rc=$?
	expect_end
	[ $rc = 0 ] || fail "$1: writing '$1' to $P failed"
	line=$(grep "^$m: $1: " $W/window) || fail "$1: no '$m: $1:' line in the window"
	echo "$line"
	addr=$(echo "$line" | sed -n 's/.* at \([0-9a-f]\{16\}\), .*/\1/p')
	obj=$(echo "$line" | sed -n 's/.* at \([0-9a-f]\{16\}\)$/\1/p')
	[ -n "$addr" ] && [ -n "$obj" ] || fail "$1: no addresses in '$line'"
	want 1 "^BUG: KASAN: $2 in ${m}_$3\+0x[0-9a-f]+/0x[0-9a-f]+ \[$m\]\$" "$1"
	nothing_else
	has "^$4 of size $5 at addr $addr by task [^ ]+/[0-9]+\$" "$1: the access"
}

# stack ERE FUNCTION WHAT: the section of the window whose first line
# matches ERE (a stack) runs through FUNCTION.
stack() {
	section "$1" >$W/stack
	[ -s $W/stack ] || fail "$3: no '$1' section in the report"
	grep -qE "^ $2\+0x" $W/stack || {
		cat $W/stack
		fail "$3: the '$1' stack does not go through $2"
	}
}

bug slab-oob slab-out-of-bounds slab_oob Write 8
stack "^Allocated by task [0-9]+:\$" ${m}_slab_oob "slab-oob"
has "^The buggy address belongs to the object at $obj\$" "slab-oob: the object"
has "^ which belongs to the cache kmalloc-128 of size 128\$" "slab-oob: the cache"
has "^The buggy address is located 0 bytes to the right of\$" "slab-oob: where"
has "^ allocated 120-byte region \[$obj, [0-9a-f]{16}\)\$" "slab-oob: the region"

bug uaf slab-use-after-free uaf Read 1
stack "^Allocated by task [0-9]+:\$" ${m}_uaf "uaf"
stack "^Freed by task [0-9]+:\$" ${m}_uaf "uaf"
stack "^Freed by task [0-9]+:\$" kfree "uaf"
has "^The buggy address belongs to the object at $obj\$" "uaf: the object"
# The smallest kmalloc cache that holds 64 bytes: kmalloc-64, or bigger
# where kmalloc keeps a larger minimum alignment (the port: 128 bytes).
has "^ which belongs to the cache kmalloc-(64|128) of size (64|128)\$" "uaf: the cache"
has "^The buggy address is located 8 bytes inside of\$" "uaf: where"
has "^ freed (64|128)-byte region \[$obj, [0-9a-f]{16}\)\$" "uaf: the region"

bug stack-oob stack-out-of-bounds stack_oob Read 1
has "^The buggy address belongs to stack of task [^ ]+/[0-9]+\$" "stack-oob: the task"
# The frame is named by the address GCC records for it: the start of
# the function's body, after the NOPs a function-tracer kernel has at
# every entry (-fpatchable-function-entry; ftrace_caller is in kallsyms
# then): two on arm64 (__arm64_sys_* system call functions), one on the
# port (its MOV and BL are before the entry: kernel/ftrace.c).
fo=0x0
if grep -qw ftrace_caller /proc/kallsyms; then
	if grep -qw __arm64_sys_getppid /proc/kallsyms; then fo=0x8; else fo=0x4; fi
fi
has "^ ${m}_stack_oob\+$fo/0x[0-9a-f]+ \[$m\]\$" "stack-oob: the frame"
has "^This frame has 1 object:\$" "stack-oob: the frame's objects"
# The access is at the end of the array: its offset in the frame is
# where the 16 bytes of 'buf' end.
off=$(sed -n 's/^ and is located at offset \([0-9]*\) in frame:$/\1/p' $W/window)
arr=$(sed -n "s/^ \[\([0-9]*\), \([0-9]*\)) 'buf'\$/\1 \2/p" $W/window)
echo "stack-oob: offset ${off:-?} in the frame; 'buf' at [${arr% *}, ${arr#* })"
[ -n "$off" ] && [ -n "$arr" ] || fail "stack-oob: no offset or no 'buf' in the frame description"
[ $((${arr#* } - ${arr% *})) = 16 ] && [ "$off" = "${arr#* }" ] ||
	fail "stack-oob: the access at offset $off is not just past the 16-byte 'buf' [${arr% *}, ${arr#* })"

bug vmalloc-oob vmalloc-out-of-bounds vmalloc_oob Write 1
has "^The buggy address belongs to a 1-page vmalloc region starting at 0x$obj allocated at ${m}_vmalloc_oob\+0x[0-9a-f]+/0x[0-9a-f]+ \[$m\]\$" \
	"vmalloc-oob: the region"

# From hard interrupt context: the same use after free, made by an
# hrtimer callback while the task that armed it spins.  The report's
# call trace runs, in this order, from the callback through the timer
# interrupt's handlers and the exception entry into the interrupted
# function and on to the module's run_set(): the unwinder crosses the
# exception boundary (and, on a kernel with IRQ stacks, the stack
# switch).  The timer is armed with interrupts masked, which
# wb_kasan_irq_wait() unmasks, so the interrupted function is always
# that one.  wb_kasan_irq_uaf() is not required: whether the unwinder
# finds it depends on whether the compiler gave wb_kasan_irq_wait() a
# frame record of its own (its caller's return address may be only in
# the interrupted LR).
bug irq-uaf slab-use-after-free irq_timer Read 1
stack "^Freed by task [0-9]+:\$" ${m}_irq_uaf "irq-uaf"
has "^The buggy address is located 8 bytes inside of\$" "irq-uaf: where"
section "^Call trace:\$" >$W/trace
order="${m}_irq_timer hrtimer_interrupt gic_handle_irq ${m}_irq_wait run_set"
awk -v order="$order" '
	BEGIN { n = split(order, want, " "); i = 1 }
	i <= n && $1 ~ "^" want[i] "\\+0x" { i++ }
	END { exit i <= n }' $W/trace || {
	cat $W/trace
	fail "irq-uaf: the call trace does not run through $order, in that order"
}
echo "irq-uaf: call trace through $order"

kfence_resume
$RMMOD $m || fail "rmmod $m exited with $?"
echo "wb_kasan: 5 bugs, 5 reports, each naming the access, its function and its memory"
exit 0
