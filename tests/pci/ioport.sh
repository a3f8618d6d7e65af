#!/bin/sh
# PCI I/O space: the bridge's I/O window is in /proc/ioports and the
# virtio functions' I/O BARs (their legacy register block: QEMU makes
# the functions on the root bus transitional) are placed inside it.
# The device status byte of the virtio-rng function, read through
# /dev/port (inb() on the kernel's PCI I/O mapping, legacy register
# 0x12), equals the status its driver set, as sysfs reports it.  With
# virtio_pci.force_legacy=1 on the command line the drivers must have
# taken the legacy interface (all their register accesses through I/O
# ports, no VIRTIO_F_VERSION_1), else the modern one.
. ./lib

load_drivers
grep -q "^0*-0*ffff : pcie@" /proc/ioports ||
	fail "no 64 KiB I/O window of the host bridge in /proc/ioports: $(cat /proc/ioports | tr '\n' ';')"
legacy=0
grep -qw "virtio_pci.force_legacy=1" /proc/cmdline && legacy=1
d=$(pci_need 1af4 1005 virtio-rng) || exit 1
read -r start end flags <$d/resource
[ $((flags & 0x100)) != 0 ] || fail "virtio-rng (${d##*/}): BAR 0 is not an I/O BAR (flags $flags)"
s=$(printf '%x' $((start)))
grep -q "^ *0*$s-.* : ${d##*/}\$" /proc/ioports ||
	fail "virtio-rng: I/O BAR 0x$s not in /proc/ioports"
v=$(ls -d $d/virtio* | head -1)
[ -n "$v" ] || fail "virtio-rng: no virtio device under ${d##*/}"
want=$(($(cat $v/status) & 0xff))
[ $want != 0 ] || fail "virtio-rng: device status 0 in sysfs"
got=$(dd if=/dev/port bs=1 skip=$((start + 0x12)) count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
[ -n "$got" ] || fail "reading port 0x$(printf %x $((start + 0x12))) from /dev/port"
[ "$got" = "$want" ] || fail "virtio-rng: status byte $got at I/O port 0x$(printf %x $((start + 0x12))), the driver set $want"
feat=$(cat $v/features)
ver1=$(echo "$feat" | cut -c33)
if [ $legacy = 1 ]; then
	[ "$ver1" = 0 ] || fail "force_legacy: VIRTIO_F_VERSION_1 negotiated: $feat"
	grep -q "virtio-pci-legacy" /proc/ioports ||
		fail "force_legacy: no I/O region claimed by virtio-pci-legacy"
	mode=legacy
else
	[ "$ver1" = 1 ] || fail "VIRTIO_F_VERSION_1 not negotiated: $feat"
	mode=modern
fi
echo "virtio-rng ($mode): I/O BAR 0x$s, status $got read through /dev/port"
