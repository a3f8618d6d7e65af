#!/bin/sh
# The virtio-rng-pci function feeds the hardware RNG core: it becomes
# the current source, and /dev/hwrng gives bytes from it that are
# neither constant nor repeated.
. ./lib

load_drivers
cur=$(cat /sys/class/misc/hw_random/rng_current) || fail "no hw_random class"
case $cur in
virtio_rng*) ;;
*) fail "current hardware RNG is '$cur', not the virtio one" ;;
esac
a=$(dd if=/dev/hwrng bs=32 count=1 2>/dev/null | od -An -v -tx1 | tr -d ' \n')
b=$(dd if=/dev/hwrng bs=32 count=1 2>/dev/null | od -An -v -tx1 | tr -d ' \n')
[ ${#a} = 64 ] && [ ${#b} = 64 ] || fail "short reads from /dev/hwrng: '$a' '$b'"
[ "$a" != "$b" ] || fail "/dev/hwrng gave the same 32 bytes twice: $a"
[ "$a" != "$(printf '%064d' 0)" ] || fail "/dev/hwrng gave zeros"
echo "$cur: $a"
