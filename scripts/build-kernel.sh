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
#
# With WB_KERNEL_CACHE=DIR (make check's builds, scripts/wb.py), a
# finished kernel is also kept in DIR, under a hash of everything its
# build reads: the resulting .config (which names the compiler), the
# Debian tree's version, patches/, the overlay's files outside
# Documentation/ (for ARCH=arm64, also outside arch/aarch64/, which its
# build never reads), the test modules, this script and the binutils and
# kmod versions.  A clean clone whose kernel is there takes its Image,
# System.map and modules.cpio, all that the harness boots and checks,
# instead of building; the folder then holds no vmlinux or objects (a
# build without WB_KERNEL_CACHE makes them).  DIR keeps the 24 kernels
# used last.
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

cache=${WB_KERNEL_CACHE:-}
if [ -n "$cache" ]; then
	skip=Documentation
	[ "$arch" = aarch64 ] || skip="$skip arch/aarch64"
	key=$( {
		echo "ARCH=$arch"
		cat "$out/.config"
		dpkg-query -W -f='${Version}\n' linux-source-6.12
		${cross}ld --version | head -1
		depmod --version | head -1
		cd "$top"
		find overlay patches tests/modules scripts/build-kernel.sh -type f |
			LC_ALL=C sort | while read -r f; do
				for d in $skip; do
					case $f in overlay/$d/*) continue 2 ;; esac
				done
				sha256sum "$f"
			done
	} | sha256sum | cut -c1-40) || die "could not hash the inputs of the build"
	hit=$cache/$arch-$key
	if [ -f "$hit/.complete" ]; then
		rm -rf "$out/vmlinux" "$out/modroot" "$out/modules.cpio"
		mkdir -p "$(dirname "$image")"
		cp "$hit/Image" "$image.tmp" && mv "$image.tmp" "$image" &&
			cp "$hit/System.map" "$out/System.map" &&
			{ [ ! -f "$hit/modules.cpio" ] ||
			  cp "$hit/modules.cpio" "$out/modules.cpio"; } ||
			die "copying the kernel out of $hit failed"
		touch "$hit"
		echo "build-kernel: $(basename "$out") is the one built before, from $hit" >&2
		touch "$out/.build-ok"
		echo "$image"
		exit 0
	fi
fi
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

# Into the cache, atomically; a failure there costs only the next build.
if [ -n "$cache" ]; then
	tmp=$cache/.tmp.$$
	if mkdir -p "$cache" && rm -rf "$tmp" && mkdir "$tmp" &&
	   cp "$image" "$tmp/Image" && cp "$out/System.map" "$tmp/System.map" &&
	   { [ ! -f "$out/modules.cpio" ] || cp "$out/modules.cpio" "$tmp/"; } &&
	   touch "$tmp/.complete" && rm -rf "$hit" && mv "$tmp" "$hit"; then
		ls -1dt "$cache"/*-* | tail -n +25 | while read -r old; do
			rm -rf "$old"
		done
	else
		rm -rf "$tmp"
		echo "build-kernel: warning: could not keep the kernel in $cache" >&2
	fi
fi
touch "$out/.build-ok"
echo "$image"
