#!/bin/sh
# kmod/rwx: tests/modules/wb_rwx.ko checks the permissions of its own
# memory (STRICT_MODULE_RWX): its init fails unless its text and
# .rodata refuse a store, its .data takes one, and its __ro_after_init
# data is still writable during init; reading its "check" parameter
# after the load repeats that and requires __ro_after_init read-only.
# The stores are __put_kernel_nofault(): a refused one is fixed up
# through the module's own exception table, so nothing oopses.
. ./lib
need_modules
m=wb_rwx
project_module $m
mark
$INSMOD "$ko" || fail "insmod $ko exited with $?: $(since_mark)"
since_mark | grep "^$m: " || true
r=$(cat /sys/module/$m/parameters/check) || fail "reading $m's check parameter failed"
echo "after init: $r"
[ "$r" = ok ] || fail "after init: $r"
$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
exit 0
