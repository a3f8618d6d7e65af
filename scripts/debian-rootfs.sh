#!/bin/sh
# debian-rootfs.sh base IMAGE
#     Make (once) the Debian bookworm arm64 root file system of the
#     debian test group and print the path of its archive.  debootstrap
#     fetches the packages of tests/debian/packages from the mirror of
#     the host's apt sources and unpacks them here (its first stage);
#     the second stage, which runs the packages' maintainer scripts,
#     needs arm64 code to run, so it runs in QEMU, under the kernel
#     IMAGE (a normal kernel, either architecture), with
#     tests/debian/stage2.sh as init.  The result is kept as a tar
#     archive in $WB_ROOTFS_CACHE (default /var/cache/aarch64-wb-rootfs),
#     named for a hash of what made it, so that a clean clone reuses it.
#
# debian-rootfs.sh image KDIR OUT
#     Write OUT, an ext4 image of that root file system with the modules
#     of the kernel built in KDIR (its modules.cpio) and the checks of
#     tests/debian/ installed, which a systemd unit starts at each boot;
#     and OUT.initrd, for a root on a disk whose driver is a module
#     (NVMe): Debian's static busybox, tests/debian/initrd-init.sh as
#     /init, and the kernel's modules.
#
# Each failure ends in one line that names the cause and the fix.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
deb=$top/tests/debian
cache=${WB_ROOTFS_CACHE:-/var/cache/aarch64-wb-rootfs}
suite=bookworm
QEMU=${QEMU:-qemu-system-aarch64}

die() { echo "debian-rootfs: $*" >&2; exit 1; }

# The Debian mirror of the host's apt sources (deb822 or one-line
# format), else Debian's own.
mirror() {
	m=$(sed -n 's/^URIs: *\([^ ]*debian\)\/\{0,1\} *$/\1/p' \
		/etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
	[ -n "$m" ] || m=$(sed -n 's/^deb  *\(http[^ ]*debian\)\/\{0,1\}  *'$suite' .*/\1/p' \
		/etc/apt/sources.list 2>/dev/null | head -1)
	echo "${m:-http://deb.debian.org/debian}"
}

# What the archive is made of: the package list, the second stage and
# the way base() runs them, whose version is this (change it with
# base()).
format=1
key() {
	{ echo "$suite $format"; cat "$deb/packages" "$deb/stage2.sh"; } |
		sha256sum | cut -c1-16
}

base() {
	image=$1
	[ -r "$image" ] || die "no kernel image $image: build one first (make baseline)"
	tarball=$cache/$suite-arm64-$(key).tar
	if [ -f "$tarball" ]; then
		echo "$tarball"
		return 0
	fi
	command -v debootstrap >/dev/null || die "debootstrap not found: run 'make deps'"
	[ "$(id -u)" = 0 ] || die "debootstrap needs root: run 'make check' as root"
	mkdir -p "$cache"
	work=$cache/work.$$
	rm -rf "$work"
	mkdir -p "$work"
	trap 'rm -rf "$work"' EXIT
	pkgs=$(grep -v '^#' "$deb/packages" | tr -s ' \n' ',' | sed 's/^,//; s/,$//')
	echo "debian-rootfs: debootstrap $suite arm64 from $(mirror) (first stage)" >&2
	debootstrap --foreign --arch=arm64 --variant=minbase --include="$pkgs" \
		"$suite" "$work/root" "$(mirror)" >"$work/debootstrap.log" 2>&1 ||
		{ tail -5 "$work/debootstrap.log" >&2
		  die "debootstrap's first stage failed (log above): check the network and the apt sources"; }
	# debootstrap may leave /proc a link to the host's: the guest needs
	# a directory to mount its own on.
	[ -d "$work/root/proc" ] && [ ! -L "$work/root/proc" ] ||
		{ rm -f "$work/root/proc"; mkdir "$work/root/proc"; }
	install -m 755 "$deb/stage2.sh" "$work/root/wb-stage2"
	mkfs.ext4 -q -F -L wbstage2 -d "$work/root" "$work/stage2.img" 3G >/dev/null ||
		die "mkfs.ext4 -d failed: check the space free in $cache"
	truncate -s 2G "$work/out.tar"
	echo "debian-rootfs: second stage in QEMU (some minutes)" >&2
	timeout 3600 "$QEMU" -M virt -cpu cortex-a72 -smp 2 -m 2G -nographic \
		-no-reboot -nic none -kernel "$image" \
		-append "console=ttyAMA0 root=/dev/vda rw init=/wb-stage2 panic=-1" \
		-drive if=none,file="$work/stage2.img",format=raw,id=root \
		-device virtio-blk-pci,drive=root \
		-drive if=none,file="$work/out.tar",format=raw,id=out \
		-device virtio-blk-pci,drive=out \
		</dev/null >"$work/stage2.log" 2>&1 || true
	cp "$work/stage2.log" "$cache/stage2.log"
	grep -q '^wb-stage2: done' "$work/stage2.log" ||
		die "the second stage did not finish: see $cache/stage2.log"
	mkdir "$work/final"
	tar -C "$work/final" --numeric-owner -xpf "$work/out.tar" ||
		die "the second stage's archive does not unpack: see $cache/stage2.log"
	[ -x "$work/final/usr/lib/systemd/systemd" ] ||
		die "the second stage's archive has no systemd: see $cache/stage2.log"
	tar -C "$work/final" --numeric-owner -cf "$tarball.tmp" .
	mv "$tarball.tmp" "$tarball"
	echo "$tarball"
}

image() {
	kdir=$(cd "$1" 2>/dev/null && pwd) || die "no kernel build folder $1"
	out=$2
	tarball=$cache/$suite-arm64-$(key).tar
	[ -f "$tarball" ] || die "no $tarball: run '$0 base IMAGE' first"
	[ -f "$kdir/modules.cpio" ] || die "no $kdir/modules.cpio: build the kernel first"
	work=$out.d
	rm -rf "$work"
	mkdir -p "$work/root" "$work/mods"
	trap 'rm -rf "$work"' EXIT
	tar -C "$work/root" --numeric-owner -xpf "$tarball"
	# The kernel's modules, with depmod's tables: Debian's /lib is a
	# link to /usr/lib, which the cpio's own lib/ must not replace.
	(cd "$work/mods" && cpio -idm --quiet <"$kdir/modules.cpio") ||
		die "cannot unpack $kdir/modules.cpio"
	mkdir -p "$work/root/usr/lib/modules"
	cp -a "$work/mods/lib/modules/." "$work/root/usr/lib/modules/"
	install -m 755 "$deb/check.sh" "$work/root/usr/local/sbin/wb-debian-check"
	install -m 644 "$deb/wb-debian-check.service" "$work/root/etc/systemd/system/"
	ln -s /etc/systemd/system/wb-debian-check.service \
		"$work/root/etc/systemd/system/multi-user.target.wants/"
	rm -f "$out"
	mkfs.ext4 -q -F -L wbroot -d "$work/root" "$out" 2G >/dev/null ||
		die "mkfs.ext4 -d failed for $out: check the space free"

	busybox=$top/build/arm64-root/bin/busybox
	[ -x "$busybox" ] || die "no $busybox: run 'make deps'"
	mkdir -p "$work/initrd/bin" "$work/initrd/dev" "$work/initrd/proc" \
		"$work/initrd/sys" "$work/initrd/root"
	install -m 755 "$busybox" "$work/initrd/bin/busybox"
	install -m 755 "$deb/initrd-init.sh" "$work/initrd/init"
	(cd "$work/initrd" && find . | cpio -o -H newc -R 0:0 --quiet) >"$out.initrd.tmp" &&
		cat "$kdir/modules.cpio" >>"$out.initrd.tmp" ||
		die "cannot pack $out.initrd"
	mv "$out.initrd.tmp" "$out.initrd"
	echo "$out"
}

case ${1:-} in
base) [ $# = 2 ] || die "usage: $0 base IMAGE"; base "$2" ;;
image) [ $# = 3 ] || die "usage: $0 image KDIR OUT"; image "$2" "$3" ;;
*) die "usage: $0 base IMAGE | image KDIR OUT" ;;
esac
