#!/bin/sh
# fatal/corrupt_stack_strong: as fatal/corrupt_stack, but the local that
# LKDTM's CORRUPT_STACK_STRONG overruns is a union of four shorts and a
# pointer: no char array, so only -fstack-protector-strong (which
# guards any local whose address is taken) gives the function a
# canary.  The host checks for "Kernel panic - not syncing:
# stack-protector: Kernel stack is corrupted in:
# lkdtm_CORRUPT_STACK_STRONG+..." (scripts/check.py).
# wb-timeout: 60
. ./lib
provoke CORRUPT_STACK_STRONG
