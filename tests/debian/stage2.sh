#!/bin/sh
# init of the second-stage boot (scripts/debian-rootfs.sh): debootstrap
# runs the maintainer scripts of the unpacked packages, the system is
# set up for the debian test group, and the whole root file system is
# written as a tar archive to the second disk, which the host unpacks.
# "wb-stage2: done" on the console tells the host it all went well.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH

fail() {
	echo "wb-stage2: FAIL: $*"
	tail -20 /debootstrap/debootstrap.log 2>/dev/null
	sync
	poweroff -ff
	exit 1
}

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev

/debootstrap/debootstrap --second-stage || fail "debootstrap --second-stage"

# A machine that has booted before: its machine ID is set, so that
# systemd does not take the first boot for one to be set up.
systemd-machine-id-setup || fail "systemd-machine-id-setup"
echo debian >/etc/hostname
printf '127.0.0.1\tlocalhost\n127.0.1.1\tdebian\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >/etc/hosts
# The root is mounted read-write by the kernel (root= rw): nothing to
# check or remount.
echo "# The root file system is mounted by the kernel (root=... rw)." >/etc/fstab
# root logs in on the serial console without a password (make run
# ROOTFS=debian): a throw-away test system on a restricted network.
passwd -d root || fail "passwd -d root"
# The NIC is configured by systemd-networkd, by DHCP.
mkdir -p /etc/systemd/network
printf '[Match]\nType=ether\n\n[Network]\nDHCP=yes\n' >/etc/systemd/network/20-wired.network
SYSTEMD_OFFLINE=1 systemctl enable systemd-networkd.service || fail "systemctl enable systemd-networkd"
apt-get clean
rm -rf /var/lib/apt/lists/* /debootstrap /wb-stage2

sync
tar -C / --one-file-system --numeric-owner -cf /dev/vdb . || fail "tar to /dev/vdb"
sync
echo "wb-stage2: done"
poweroff -ff
