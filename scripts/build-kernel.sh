#!/bin/sh
# build-kernel.sh ARCH OUTDIR
#
# Configure (scripts/mkconfig.sh, from PAGE, VA and TEST in the
# environment) and build one kernel out of tree, build/linux -> OUTDIR:
# the Image, its modules (installed stripped into OUTDIR/modroot, with
# depmod's tables) and the project's own test modules of tests/modules/
# built against it (OUTDIR/extmod, installed into modroot's extra/).
# modroot is packed as OUTDIR/modules.cpio, which the harness appends to
# the shared initramfs for the boots of this kernel (wb.initrd_for).  The
# Image's path is the last line printed.  Each step's output goes to a log
# in OUTDIR; a failure prints its tail and one line naming the cause.  An
# Image is only reported when every step succeeded, so a half-built
# kernel is never taken for a good one.
#
# Compiles go through ccache (Debian's) when it is installed: the cache
# lives outside the clone, in $CCACHE_DIR if set, else
# /var/cache/aarch64-wb-ccache (~/.cache/aarch64-wb-ccache when that
# cannot be created), capped at 5G, so clean clones on one machine reuse
# each other's compiles.  CCACHE_DISABLE=1 turns it off.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
arch=$1
# make runs in build/linux: OUTDIR must not stay relative to here.
out=$(mkdir -p "$2" && cd "$2" && pwd)
PAGE=${PAGE:-4k} VA=${VA:-39} TEST=${TEST:-0}
JOBS=${JOBS:-$(($(nproc) + 1))}
cross=aarch64-linux-gnu-

die() { echo "build-kernel: $*" >&2; exit 1; }

command -v ${cross}gcc >/dev/null ||
	die "${cross}gcc not found: run 'make deps'"

# The compiler, for every make of this kernel (mkconfig.sh's too: kbuild
# records the command line of each object and recompiles when it
# changes).  ccache's base_dir makes the paths under the clone relative,
# so that clones at other paths hash the same.
kcc=${cross}gcc
if command -v ccache >/dev/null; then
	if [ -z "${CCACHE_DIR:-}" ]; then
		CCACHE_DIR=/var/cache/aarch64-wb-ccache
		mkdir -p "$CCACHE_DIR" 2>/dev/null && [ -w "$CCACHE_DIR" ] ||
			CCACHE_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/aarch64-wb-ccache
	fi
	mkdir -p "$CCACHE_DIR" || die "cannot create CCACHE_DIR=$CCACHE_DIR"
	export CCACHE_DIR
	export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$top}
	grep -qs '^max_size' "$CCACHE_DIR/ccache.conf" ||
		ccache --max-size=5G >/dev/null ||
		die "ccache --max-size=5G failed for CCACHE_DIR=$CCACHE_DIR"
	kcc="ccache ${cross}gcc"
fi
export WB_KCC="$kcc"

sh "$top/scripts/mkconfig.sh" "$arch" "$out" "$PAGE" "$VA" "$TEST"

kmake() {
	make -C "$top/build/linux" O="$out" ARCH="$arch" CROSS_COMPILE=$cross \
		CC="$kcc" "$@"
}

# step LOG WHAT make-arguments...: run one make, or fail naming WHAT.
step() {
	log=$out/$1 what=$2
	shift 2
	if ! kmake "$@" >"$log" 2>&1; then
		grep -E "error|Error|\*\*\*" "$log" | head -20 >&2 || true
		echo "..." >&2
		tail -15 "$log" >&2
		die "$what (log: $log)"
	fi
}

image=$out/arch/$arch/boot/Image
echo "build-kernel: ARCH=$arch PAGE=$PAGE VA=$VA TEST=$TEST -> $out" >&2
rm -f "$out/.build-ok"
step build.log "the ARCH=$arch build failed" -j"$JOBS" Image
[ -f "$image" ] || die "make succeeded but left no $image"

mods=$out/modroot
rm -rf "$mods" "$out/modules.cpio"
if grep -qx 'CONFIG_MODULES=y' "$out/.config"; then
	step modules.log "the modules of ARCH=$arch failed to build" -j"$JOBS" modules
	# Stripped of debug information, to keep the initrd small.
	step modules.log "installing the modules of ARCH=$arch failed" \
		INSTALL_MOD_PATH="$mods" INSTALL_MOD_STRIP=1 modules_install

	# The project's test modules (tests/modules/: sources and a Kbuild
	# file), installed in extra/ (kbuild's default for M= is updates/).  kbuild writes an external module's objects beside its
	# sources, so they are built in a copy: rsync keeps the mtimes (the
	# build stays incremental) and deletes sources gone from tests/modules
	# but not the build's own files.
	src=$top/tests/modules
	if [ -f "$src/Kbuild" ] || [ -f "$src/Makefile" ]; then
		rsync -a --delete --filter='P *.o' --filter='P *.ko' \
			--filter='P *.mod' --filter='P *.mod.c' --filter='P .*.cmd' \
			--filter='P .*.d' --filter='P modules.order' \
			--filter='P Module.symvers' "$src/" "$out/extmod/" ||
			die "could not copy tests/modules to $out/extmod"
		step extmod.log "the test modules of tests/modules failed to build against ARCH=$arch" \
			M="$out/extmod" -j"$JOBS" modules
		sh "$src/check-relocs.sh" "$out/extmod/wb_reloc.ko" >>"$out/extmod.log" 2>&1 ||
			die "wb_reloc.ko lacks relocation types it must test (log: $out/extmod.log)"
		step extmod.log "installing the test modules of tests/modules failed for ARCH=$arch" \
			M="$out/extmod" INSTALL_MOD_PATH="$mods" INSTALL_MOD_STRIP=1 \
			INSTALL_MOD_DIR=extra modules_install
	fi

	kver=$(cat "$out/include/config/kernel.release") ||
		die "no kernel.release in $out"
	# The link back to the build tree means nothing in the guest.
	rm -f "$mods/lib/modules/$kver/build"
	[ -f "$mods/lib/modules/$kver/modules.dep" ] ||
		die "depmod left no modules.dep in $mods/lib/modules/$kver (is kmod installed? run 'make deps')"
	(cd "$mods" && find lib | LC_ALL=C sort |
		cpio -o -H newc -R 0:0 --quiet) >"$out/modules.cpio.tmp" ||
		die "packing $out/modules.cpio failed"
	mv "$out/modules.cpio.tmp" "$out/modules.cpio"
fi
touch "$out/.build-ok"
echo "$image"
