#!/bin/sh
# hardening/write_ro_after_init: LKDTM's WRITE_RO_AFTER_INIT writes to
# its __ro_after_init variable, which its init wrote and which the
# module loader then made read-only (STRICT_MODULE_RWX).  The write must
# fault as a permission fault (a data abort from EL1 with WnR set) at
# the address LKDTM printed, end in an oops that kills the writer, and
# nothing else may be reported (lib: oops).  LKDTM skips the attack,
# and the test fails, if its init could not write the variable.
. ./lib
attack WRITE_RO_AFTER_INIT
oops WRITE_RO_AFTER_INIT
attempted "ro_after_init write"
fault_at $addr
fault_kind "write to read-only memory" dabt perm write
exit 0
