#!/bin/sh
# fatal/corrupt_stack: LKDTM's CORRUPT_STACK has a helper write 64 bytes
# of 0xff over an 8-byte char array of its caller, lkdtm_CORRUPT_STACK(),
# which smashes the canary the stack protector put above the array
# (a char array gets one from -fstack-protector up) and the frame
# record beyond it.  The caller's epilogue must find its canary changed
# before it returns through the smashed record, and call
# __stack_chk_fail(), which panics naming it.  The host checks the
# report (scripts/check.py): "Kernel panic - not syncing:
# stack-protector: Kernel stack is corrupted in: lkdtm_CORRUPT_STACK+..."
# wb-timeout: 60
. ./lib
provoke CORRUPT_STACK
