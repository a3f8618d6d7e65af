#!/bin/sh
# hardening/fortify: FORTIFY_SOURCE checks the string and memory
# functions against the sizes the compiler knows of their buffers.
# LKDTM's FORTIFY_* types each overflow a buffer through one: strscpy()
# and strncpy() past a local array, a struct and a struct member, and
# memcpy() past a struct.  Each must be caught before the write, with
# fortify's "detected buffer overflow" report (its WARN first) and the
# BUG that kills the writer (lib: bug_oops).  FORTIFY_MEM_MEMBER, a
# memcpy() from one struct member into the next, is a field-spanning
# write, which fortify only warns of (include/linux/fortify-string.h:
# such copies still exist in the kernel): one WARN naming the field and
# the sizes, and the writer carries on (LKDTM then says the copy was not
# blocked, as it says on every kernel).
. ./lib
need_symbol __fortify_panic CONFIG_FORTIFY_SOURCE
one() {
	attack $1
	want 1 "^WARNING: CPU: [0-9]+ PID: $pid at [^ ]+ __fortify_report" "$1: fortify's WARN"
	bug_oops $1 "^$2: detected buffer overflow: [0-9]+ byte $3 of buffer size [0-9]+\$"
}
one FORTIFY_STRSCPY strnlen read
one FORTIFY_STR_OBJECT strncpy write
one FORTIFY_STR_MEMBER strncpy write
one FORTIFY_MEM_OBJECT memcpy write

attack FORTIFY_MEM_MEMBER
[ "$status" = 0 ] || fail "FORTIFY_MEM_MEMBER: the writer exited with status $status: a field-spanning write only warns"
has "^memcpy: detected field-spanning write \(size 15\) of single field \"target\.a\" at [^ ]+lkdtm/fortify\.c:[0-9]+ \(size 10\)\$" \
	"FORTIFY_MEM_MEMBER: fortify's report"
want 1 "^WARNING: CPU: [0-9]+ PID: $pid at [^ ]+lkdtm/fortify\.c:[0-9]+ lkdtm_FORTIFY_MEM_MEMBER" "FORTIFY_MEM_MEMBER: its WARN"
nothing_else
exit 0
