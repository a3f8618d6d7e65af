#!/bin/busybox sh
# /init of the initramfs that boots the Debian system from a disk whose
# driver is a module (root=/dev/nvme0n1), as Debian's initramfs-tools
# would: load the driver, wait for the disk, mount it and hand over to
# its /sbin/init (systemd).  A failure says why and stops.
/bin/busybox --install -s /bin
export PATH=/bin

fail() {
	echo "initrd: $*"
	exec sh
}

mount -t devtmpfs devtmpfs /dev
mount -t proc proc /proc
mount -t sysfs sysfs /sys
root=
for arg in $(cat /proc/cmdline); do
	case $arg in root=*) root=${arg#root=} ;; esac
done
[ -n "$root" ] || fail "no root= on the command line"
case $root in
/dev/nvme*) modprobe nvme || fail "modprobe nvme failed" ;;
esac
i=0
while [ ! -b "$root" ]; do
	[ $i -lt 100 ] || fail "$root did not appear in 10s"
	sleep 0.1
	i=$((i + 1))
done
mount -o rw "$root" /root || fail "cannot mount $root"
umount /proc /sys
mount --move /dev /root/dev
exec switch_root /root /sbin/init
