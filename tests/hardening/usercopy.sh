#!/bin/sh
# hardening/usercopy: HARDENED_USERCOPY checks every copy to or from
# user space against the kernel object it reads or writes.  LKDTM's
# USERCOPY_* types each make one bad copy after a good one: past the
# end of a slab object (to and from user space), outside the usercopy
# whitelist of its cache, from a dead part of the kernel stack, past
# the top of the stack, and from kernel text.  Each bad copy must be
# refused before it happens, with usercopy's report naming what it
# would have exposed or overwritten, and the BUG that kills the writer
# (lib: bug_oops); the good copy before it must pass.
. ./lib
need_symbol __check_object_size CONFIG_HARDENED_USERCOPY
one() {
	attack $1
	bug_oops $1 "^usercopy: Kernel memory $2 attempt detected $3 "
	[ "$bug_file" = "${bug_file%mm/usercopy.c}mm/usercopy.c" ] ||
		fail "$1: the BUG is at $bug_file, not in mm/usercopy.c"
	has "^lkdtm: attempting good " "$1: the good copy came first"
}
one USERCOPY_SLAB_SIZE_TO exposure "from SLUB object 'kmalloc-[0-9a-z]+'"
one USERCOPY_SLAB_SIZE_FROM overwrite "to SLUB object 'kmalloc-[0-9a-z]+'"
one USERCOPY_SLAB_WHITELIST_TO exposure "from SLUB object 'lkdtm-usercopy'"
one USERCOPY_SLAB_WHITELIST_FROM overwrite "to SLUB object 'lkdtm-usercopy'"
one USERCOPY_STACK_FRAME_TO exposure "from process stack"
one USERCOPY_STACK_FRAME_FROM overwrite "to process stack"
one USERCOPY_STACK_BEYOND exposure "from process stack"
one USERCOPY_KERNEL exposure "from kernel text"
exit 0
