#!/bin/sh
# kmod/strings: wb_strings.ko (tests/modules/wb_strings.c) checks the
# kernel's strlen(), strnlen(), strcmp(), strncmp() and memcmp(), and
# load_unaligned_zeropad(), against byte-at-a-time references at its
# init: every alignment, the bytes the word-at-a-time zero test treats
# specially, results whose sign depends on bytes being unsigned, and
# strings that end at the last byte of a page an unmapped page follows.
# A wrong result fails the load with the case in the log, a read past
# the page an oops; success logs "wb_strings: N checks passed".  On the
# normal kernels these are the architecture's word-at-a-time versions;
# KASAN kernels keep lib/string.c's.
# wb-timeout: 120
. ./lib
need_modules
m=wb_strings
project_module $m

mark
$INSMOD "$ko" || fail "insmod $ko exited with $?: $(since_mark | grep "^$m: " | head -5)"
since_mark | grep "^$m: " || true
since_mark | grep -q "^$m: [0-9][0-9]* checks passed\$" ||
	fail "no '$m: N checks passed' line in the kernel log"
$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
exit 0
