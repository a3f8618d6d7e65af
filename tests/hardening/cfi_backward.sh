#!/bin/sh
# hardening/cfi_backward: a return address overwritten on the kernel
# stack is not returned to (SHADOW_CALL_STACK: compiled code returns to
# the copy it pushed on the shadow call stack, addressed by x18).
# LKDTM's CFI_BACKWARD first overwrites the saved return address (the
# frame record's, above the frame pointer) of a function built without
# the shadow call stack, which must then return where it was told:
# "ok: redirected stack return address." (the attack works).  It then
# does the same to a function built with it, which must return where it
# was called from: "ok: control flow unchanged."  A kernel without the
# protection says "FAIL: stack return address was redirected!".  The
# writer is not harmed: the attack ends inside LKDTM's own function.
. ./lib
need_symbol scs_alloc SHADOW_CALL_STACK
need_lkdtm
grep -qx CFI_BACKWARD $D || fail "lkdtm does not offer CFI_BACKWARD"
expect_begin cfi_backward
sh -c "echo CFI_BACKWARD >$D" & p=$!
wait $p
status=$?
expect_end
grep "^lkdtm: " $W/window | sed 's/^/  /'
nothing_else
[ "$status" = 0 ] || fail "the writer exited with status $status"
grep -E "^lkdtm: (FAIL|Eek)" $W/window && fail "LKDTM's attack went wrong (the line above)"
has "^lkdtm: ok: redirected stack return address\.\$" \
	"the unprotected function's return address was not redirected: the test proves nothing"
has "^lkdtm: ok: control flow unchanged\.\$" \
	"the protected function did not return where it was called from"
echo "unprotected: redirected; protected: control flow unchanged"
exit 0
