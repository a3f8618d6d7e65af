#!/bin/sh
# Install what the workbench needs on a Debian 12 machine, and nothing
# when it is all there already.  Each failure ends in one line that names
# the cause and the fix.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
stamp=$top/build/.deps-ok

# Host packages: the tree, the cross toolchain, QEMU, the build tools,
# gnuplot (make bench draws its ratios with it), gdb-multiarch (make
# profile steps through a benchmark with it) and U-Boot for QEMU's
# virt machine (u-boot-qemu: the machines whose BOOT is uboot or
# ubootefi; u-boot-tools' mkimage makes the latter's boot script), EDK2
# for it (qemu-efi-aarch64: the machines whose BOOT is uefi);
# debootstrap and e2fsprogs make the Debian root file system of the
# debian test group (scripts/debian-rootfs.sh).
PKGS="linux-source-6.12 gcc-aarch64-linux-gnu libc6-dev-arm64-cross
      libc6-arm64-cross qemu-system-arm device-tree-compiler flex bison bc
      cpio kmod rsync xz-utils python3 make gcc libc6-dev libssl-dev
      libelf-dev patch git perl python3-docutils ccache gnuplot-nox
      gdb-multiarch u-boot-qemu u-boot-tools qemu-efi-aarch64 debootstrap
      e2fsprogs"

die() { echo "deps: $*" >&2; exit 1; }

mkdir -p "$top/build"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done

apt_updated=no
apt_update() {
	[ "$apt_updated" = yes ] && return 0
	apt-get update -qq >/dev/null 2>&1 ||
		die "apt-get update failed: check the network and /etc/apt/sources.list"
	apt_updated=yes
}

if [ -n "$missing" ]; then
	[ "$(id -u)" = 0 ] || die "missing packages:$missing; run 'make deps' as root (or apt-get install them)"
	echo "deps: installing$missing"
	apt_update
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		$missing >"$top/build/apt.log" 2>&1 ||
		die "apt-get install$missing failed (see build/apt.log): check disk space and the apt sources"
fi

# arm64 libraries that kselftests link against (multiarch, co-installable).
ARM64_PKGS="libcap-dev:arm64"
missing=""
for p in $ARM64_PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	[ "$(id -u)" = 0 ] || die "missing packages:$missing; run 'make deps' as root"
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		dpkg --add-architecture arm64
		apt_updated=no
	fi
	echo "deps: installing$missing"
	apt_update
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		$missing >"$top/build/apt.log" 2>&1 ||
		die "apt-get install$missing failed (see build/apt.log): check disk space and the apt sources"
fi

# Debian arm64 packages unpacked into build/arm64-root, never installed on
# the host: the guest's user space.  Static busybox is its shell and
# tools; bash (with libtinfo) runs the kselftests' bash scripts and shows
# an unmodified, dynamically linked Debian binary at work.  kmod, with
# the libraries its binary links against (liblzma.so.5, libzstd.so.1 and
# libssl3's libcrypto.so.3; libkmod is built into it), gives the guest
# Debian's modprobe, insmod, rmmod, lsmod, modinfo and depmod for the
# kmod tests.  linux-perf is Debian's perf (6.1), for the tools group,
# with the libraries its binary loads (build-userspace.sh packs them
# into perf.cpio).  rt-tests gives make bench its hackbench.
GUEST_DEBS="busybox-static bash libtinfo6 kmod liblzma5 libzstd1 libssl3
	linux-perf libbabeltrace1 libbz2-1.0 libcap2 libcrypt1 libdw1 libelf1
	libexpat1 libglib2.0-0 libnuma1 libopencsd1 libpcre2-8-0 libperl5.36
	libpython3.11 libslang2 libstdc++6 libunwind8 libuuid1 zlib1g rt-tests"
root=$top/build/arm64-root
if [ "$(cat "$root/.complete" 2>/dev/null)" != "$GUEST_DEBS" ]; then
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		[ "$(id -u)" = 0 ] || die "arm64 multiarch not enabled; run 'dpkg --add-architecture arm64' as root"
		dpkg --add-architecture arm64
		apt_updated=no
	fi
	apt_update
	dl=$top/build/arm64-debs
	rm -rf "$dl" "$root.tmp" && mkdir -p "$dl" "$root.tmp"
	for p in $GUEST_DEBS; do
		(cd "$dl" && apt-get download -qq "$p:arm64" >/dev/null 2>&1) ||
			die "could not download $p:arm64: run 'apt-get update' after 'dpkg --add-architecture arm64'"
	done
	for deb in "$dl"/*.deb; do
		dpkg -x "$deb" "$root.tmp" || die "could not unpack $deb"
	done
	[ -x "$root.tmp/bin/busybox" ] || die "busybox-static:arm64 has no bin/busybox"
	[ -x "$root.tmp/bin/kmod" ] || die "kmod:arm64 has no bin/kmod"
	[ -x "$root.tmp/usr/bin/perf" ] || die "linux-perf:arm64 has no usr/bin/perf"
	[ -x "$root.tmp/usr/bin/hackbench" ] || die "rt-tests:arm64 has no usr/bin/hackbench"
	echo "$GUEST_DEBS" >"$root.tmp/.complete"
	rm -rf "$root" "$dl"
	mv "$root.tmp" "$root"
fi

touch "$stamp"
