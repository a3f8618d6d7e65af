#!/bin/sh
# build-kernel.sh ARCH OUTDIR
#
# Configure (scripts/mkconfig.sh, from PAGE, VA and TEST in the
# environment) and build one kernel out of tree, build/linux -> OUTDIR.
# The Image's path is the last line printed.  The build's output goes to
# OUTDIR/build.log; a failure prints its tail and one line naming the
# cause.  An Image is only reported when make succeeded, so a half-built
# kernel is never taken for a good one.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
arch=$1
# make runs in build/linux: OUTDIR must not stay relative to here.
out=$(mkdir -p "$2" && cd "$2" && pwd)
PAGE=${PAGE:-4k} VA=${VA:-39} TEST=${TEST:-0}
JOBS=${JOBS:-$(($(nproc) + 1))}

die() { echo "build-kernel: $*" >&2; exit 1; }

command -v ${CROSS_COMPILE:-aarch64-linux-gnu-}gcc >/dev/null ||
	die "aarch64-linux-gnu-gcc not found: run 'make deps'"

sh "$top/scripts/mkconfig.sh" "$arch" "$out" "$PAGE" "$VA" "$TEST"

image=$out/arch/$arch/boot/Image
echo "build-kernel: ARCH=$arch PAGE=$PAGE VA=$VA TEST=$TEST -> $out" >&2
rm -f "$out/.build-ok"
if ! make -C "$top/build/linux" O="$out" ARCH="$arch" \
	CROSS_COMPILE=aarch64-linux-gnu- -j"$JOBS" Image \
	>"$out/build.log" 2>&1; then
	grep -E "error|Error|\*\*\*" "$out/build.log" | head -20 >&2 || true
	echo "..." >&2
	tail -15 "$out/build.log" >&2
	die "the ARCH=$arch build failed (full log: $out/build.log)"
fi
[ -f "$image" ] || die "make succeeded but left no $image"
touch "$out/.build-ok"
echo "$image"
