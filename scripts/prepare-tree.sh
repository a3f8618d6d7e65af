#!/bin/sh
# Lay out the kernel tree under build/:
#   build/pristine  the tree exactly as Debian ships it (never modified)
#   build/linux     the working tree: pristine + overlay/ + patches/
# Unpacking happens once; later runs only copy what changed (see
# sync-tree.py), so an edit in the overlay rebuilds incrementally.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build
TARBALL=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}

die() { echo "prepare-tree: $*" >&2; exit 1; }

need_space() {
	# $1: MiB needed under build/
	avail=$(df -Pm "$B" | awk 'NR == 2 { print $4 }')
	[ "$avail" -ge "$1" ] ||
		die "only ${avail} MiB free under $B, $1 MiB needed: free some disk space"
}

mkdir -p "$B"

if [ ! -f "$B/pristine/.complete" ]; then
	[ -f "$TARBALL" ] ||
		die "$TARBALL is missing: run 'make deps' (apt-get install linux-source-6.12)"
	need_space 4000
	echo "prepare-tree: unpacking $(basename "$TARBALL")"
	rm -rf "$B/pristine" "$B/pristine.tmp"
	mkdir -p "$B/pristine.tmp"
	tar -C "$B/pristine.tmp" -xJf "$TARBALL" ||
		die "unpacking $TARBALL failed: check disk space, then 'apt-get install --reinstall linux-source-6.12'"
	[ -f "$B/pristine.tmp/linux-source-6.12/Makefile" ] ||
		die "$TARBALL holds no linux-source-6.12/Makefile: reinstall linux-source-6.12"
	mv "$B/pristine.tmp/linux-source-6.12" "$B/pristine"
	rmdir "$B/pristine.tmp"
	touch "$B/pristine/.complete"
	rm -rf "$B/linux"
fi

if [ ! -f "$B/linux/.complete" ]; then
	need_space 2500
	rm -rf "$B/linux" "$B/linux.tmp"
	cp -a "$B/pristine" "$B/linux.tmp" ||
		die "copying the pristine tree failed: check disk space under $B"
	rm -f "$B/linux.tmp/.complete"
	mv "$B/linux.tmp" "$B/linux"
	touch "$B/linux/.complete"
fi

exec python3 "$top/scripts/sync-tree.py" "$top" "$B/pristine" "$B/linux"
