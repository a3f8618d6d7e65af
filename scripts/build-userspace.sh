#!/bin/sh
# Build the guest user space shared by every test boot, port and baseline
# alike, and pack it as build/userspace/initramfs.cpio (printed last):
#   /init                  tests/guest/init, the runner
#   /bin/busybox, bash     Debian's busybox-static:arm64 and bash:arm64
#   /lib/...               Debian's arm64 glibc, for dynamically linked tests
#   /tests/smoke/          tests/smoke/*.sh, busybox shell tests
#   /tests/c/              tests/c/*.c, built static with the cross compiler
#   /tests/kselftest/      the selected kselftests (tests/kselftests.list)
#   /tests/kmod/           tests/kmod/*.sh, module tests, with their
#                          helpers (tests/kmod/*.c built static, lib)
#   /tests/checkers/       tests/checkers/*.sh, tests of the kernel's
#                          memory-safety and debug checkers, with lib
#   /tests/hardening/      tests/hardening/*.sh, LKDTM attacks the kernel
#                          must stop, with lib
#   /tests/kaslr/          tests/kaslr/*.sh, where the kernel image runs
#   /tests/pci/            tests/pci/*.sh, the PCI Express devices of
#                          scripts/wb.py's pci_args(), with lib
#   /tests/fatal/          tests/fatal/*.sh, tests that stop the kernel
#                          on purpose (judged by check.py), with lib
#   /tests/efi/            tests/efi/*.sh, what UEFI firmware handed
#                          over (the rows booted by EDK2), with lib
#   /sbin/kmod             Debian's kmod:arm64 (dynamically linked), and
#                          modprobe, insmod, rmmod, lsmod, modinfo, depmod
#                          as links to it
#   /bench/                bench/*.c and bench/run
# Each piece is rebuilt only when its sources changed.  The modules
# themselves are not here: each kernel's build packs its own
# /lib/modules as modules.cpio, appended to this image for its boots.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
U=$top/build/userspace
CC=aarch64-linux-gnu-gcc
CFLAGS="-O2 -g -Wall -Wextra -Wno-unused-parameter -pthread"

die() { echo "build-userspace: $*" >&2; exit 1; }

command -v $CC >/dev/null || die "$CC not found: run 'make deps'"
A=$top/build/arm64-root
[ -x "$A/bin/busybox" ] || die "no arm64 busybox in $A: run 'make deps'"

mkdir -p "$U/c" "$U/bench" "$U/kmod" "$U/tools"
# One build at a time: several helpers or make invocations may share build/.
exec 9>"$U/.lock"
flock 9

# C programs: one source, one binary, static unless the source says
# "wb-link: dynamic" (then linked against the glibc staged in /lib
# below); a test may ask for a longer timeout with a "wb-timeout:
# SECONDS" comment, and for the boots of one configuration only with
# "wb-config: normal" or "wb-config: test" (see script_group below).
build_c() {
	dir=$1 src=$2
	name=$(basename "$src" .c)
	bin=$U/$dir/$name
	link=-static
	grep -q 'wb-link: dynamic' "$src" && link=
	stale=$(find "$src" "$top/tests/lib" -newer "$bin" -name '*.[ch]' 2>/dev/null | head -1)
	if [ ! -x "$bin" ] || [ -n "$stale" ]; then
		$CC $CFLAGS $link -I"$top/tests/lib" -o "$bin.tmp" "$src" -lm ||
			die "compiling $src failed"
		mv "$bin.tmp" "$bin"
	fi
}

: >"$U/c.list.new"
for src in "$top"/tests/c/*.c; do
	[ -e "$src" ] || continue
	build_c c "$src"
	name=$(basename "$src" .c)
	limit=$(sed -n 's/.*wb-timeout: *\([0-9][0-9]*\).*/\1/p' "$src" | head -1)
	only=$(sed -n 's/.*wb-config: *\([a-z]*\).*/\1/p' "$src" | head -1)
	echo "$name${only:+:$only} ${limit:-60} ./$name" >>"$U/c.list.new"
done
mv "$U/c.list.new" "$U/c.list"

: >"$U/bench.list.new"
for src in "$top"/bench/*.c; do
	[ -e "$src" ] || continue
	build_c bench "$src"
done

# The kmod tests' helpers (tests/kmod/*.c, e.g. kotool, which corrupts
# copies of modules for kmod/bad_input).
for src in "$top"/tests/kmod/*.c; do
	[ -e "$src" ] || continue
	build_c kmod "$src"
done

# The pci group's helpers (tests/pci/*.c, e.g. arp).
mkdir -p "$U/pci"
for src in "$top"/tests/pci/*.c; do
	[ -e "$src" ] || continue
	build_c pci "$src"
done

# The tools group's workloads (tests/tools/*.c), each with its symbols
# as nm lists them (NAME.syms), for tests that need an address.
for src in "$top"/tests/tools/*.c; do
	[ -e "$src" ] || continue
	build_c tools "$src"
	name=$(basename "$src" .c)
	aarch64-linux-gnu-nm "$U/tools/$name" >"$U/tools/$name.syms" ||
		die "nm of $U/tools/$name failed"
done

# Kselftests from the tree, for arm64 user space.
sh "$top/scripts/build-kselftests.sh"

# Stage and pack.
R=$U/root
rm -rf "$R"
mkdir -p "$R/bin" "$R/sbin" "$R/lib/aarch64-linux-gnu" "$R/tests/smoke" "$R/tests/c" \
	"$R/tests/kselftest" "$R/tests/kmod" "$R/tests/checkers" "$R/tests/hardening" \
	"$R/tests/kaslr" "$R/tests/fatal" "$R/tests/tools" "$R/tests/pci" "$R/tests/efi" \
	"$R/bench" "$R/etc"
cp "$A/bin/busybox" "$A/bin/bash" "$R/bin/"
cp -L "$A"/lib/aarch64-linux-gnu/libtinfo.so.6 "$R/lib/aarch64-linux-gnu/"
cp "$top/tests/guest/init" "$R/init"
chmod 755 "$R/init"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$R/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$R/etc/group"

# glibc from Debian's arm64 cross packages, at the paths a Debian arm64
# binary asks for.
L=/usr/aarch64-linux-gnu/lib
for f in ld-linux-aarch64.so.1 libc.so.6 libm.so.6 libpthread.so.0 \
	libdl.so.2 librt.so.1 libgcc_s.so.1 libresolv.so.2; do
	[ -e "$L/$f" ] && cp -L "$L/$f" "$R/lib/aarch64-linux-gnu/$f"
done
# libcap, from Debian's libcap-dev:arm64 (clone3's capability test).
cp -L /usr/lib/aarch64-linux-gnu/libcap.so.2 "$R/lib/aarch64-linux-gnu/" ||
	die "no arm64 libcap.so.2: run 'make deps' (libcap-dev:arm64)"
ln -s aarch64-linux-gnu/ld-linux-aarch64.so.1 "$R/lib/ld-linux-aarch64.so.1"

# Debian's kmod, linked dynamically against glibc and the libraries
# below.  /init's 'busybox --install -s' leaves existing files alone, so
# these links, in /sbin (Debian's place) and in /bin (first in PATH),
# keep busybox's module applets out whichever directory busybox would
# give them; the tests call /sbin/modprobe and the others by path.
[ -x "$A/bin/kmod" ] || die "no arm64 kmod in $A: run 'make deps'"
cp "$A/bin/kmod" "$R/sbin/kmod"
for f in liblzma.so.5 libzstd.so.1 libcrypto.so.3; do
	lib=$(ls "$A"/lib/aarch64-linux-gnu/$f "$A"/usr/lib/aarch64-linux-gnu/$f 2>/dev/null | head -1)
	[ -n "$lib" ] || die "no arm64 $f in $A (kmod needs it): run 'make deps'"
	cp -L "$lib" "$R/lib/aarch64-linux-gnu/$f"
done
for t in modprobe insmod rmmod lsmod modinfo depmod; do
	ln -s kmod "$R/sbin/$t"
	ln -s ../sbin/kmod "$R/bin/$t"
done

for t in "$top"/tests/smoke/*.sh; do
	[ -e "$t" ] || continue
	cp "$t" "$R/tests/smoke/"
	limit=$(sed -n 's/.*wb-timeout: *\([0-9][0-9]*\).*/\1/p' "$t" | head -1)
	echo "$(basename "$t" .sh) ${limit:-60} sh ./$(basename "$t")"
done >"$R/tests/smoke.list"

# kmod, checkers, hardening, kaslr, pci, efi and fatal: one test a script, like smoke,
# with the group's other files (lib).  A script with a "wb-config: test"
# comment runs only on the boots of the 'test' configuration (its list
# name is NAME:test; /init and check.py both honour the suffix).
script_group() {
	for t in "$top"/tests/$1/*.sh; do
		[ -e "$t" ] || continue
		limit=$(sed -n 's/.*wb-timeout: *\([0-9][0-9]*\).*/\1/p' "$t" | head -1)
		only=$(sed -n 's/.*wb-config: *\([a-z]*\).*/\1/p' "$t" | head -1)
		echo "$(basename "$t" .sh)${only:+:$only} ${limit:-60} sh ./$(basename "$t")"
	done >"$R/tests/$1.list"
	for f in "$top"/tests/$1/*; do
		case $f in *.c) continue ;; esac
		[ -f "$f" ] && cp "$f" "$R/tests/$1/"
	done
	return 0
}
script_group kmod
cp "$U"/kmod/* "$R/tests/kmod/" 2>/dev/null || true
script_group checkers
script_group hardening
script_group kaslr
script_group fatal
script_group tools
script_group pci
script_group efi
cp "$U"/pci/* "$R/tests/pci/" 2>/dev/null || true
cp "$U"/tools/* "$R/tests/tools/" 2>/dev/null || true

cp "$U"/c/* "$R/tests/c/" 2>/dev/null || true
cp "$U/c.list" "$R/tests/c.list"

if [ -d "$U/kselftest/install" ]; then
	cp -a "$U/kselftest/install/." "$R/tests/kselftest/"
	cp "$U/kselftest.list" "$R/tests/kselftest.list"
fi

cp "$U"/bench/* "$R/bench/" 2>/dev/null || true
[ -f "$top/bench/run" ] && cp "$top/bench/run" "$R/bench/run" && chmod 755 "$R/bench/run"
# Debian's hackbench (rt-tests), dynamically linked: the hackbench figure.
[ -x "$A/usr/bin/hackbench" ] || die "no arm64 hackbench in $A: run 'make deps'"
cp "$A/usr/bin/hackbench" "$R/bench/hackbench"

# Debian's perf (linux-perf) with the libraries it loads, for the tools
# group only: perf.cpio, which check.py appends to the initrd of the
# rows that run the group (25 MB, too much for every boot).  The
# libraries are perf's DT_NEEDED closure, less those the initramfs has.
P=$U/perf-root
rm -rf "$P"
mkdir -p "$P/usr/bin" "$P/lib/aarch64-linux-gnu"
[ -x "$A/usr/bin/perf" ] || die "no arm64 perf in $A: run 'make deps' (linux-perf)"
cp "$A/usr/bin/perf" "$P/usr/bin/perf"
todo="$P/usr/bin/perf"
while [ -n "$todo" ]; do
	next=""
	for f in $todo; do
		for lib in $(aarch64-linux-gnu-readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			[ -e "$R/lib/aarch64-linux-gnu/$lib" ] && continue
			[ -e "$P/lib/aarch64-linux-gnu/$lib" ] && continue
			src=$(ls "$A"/lib/aarch64-linux-gnu/$lib "$A"/usr/lib/aarch64-linux-gnu/$lib 2>/dev/null | head -1)
			[ -n "$src" ] || die "no arm64 $lib in $A (perf needs it): run 'make deps'"
			cp -L "$src" "$P/lib/aarch64-linux-gnu/$lib"
			next="$next $P/lib/aarch64-linux-gnu/$lib"
		done
	done
	todo=$next
done
(cd "$P" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$U/perf.cpio.tmp" ||
	die "cpio of perf failed"
mv "$U/perf.cpio.tmp" "$U/perf.cpio"

(cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$U/initramfs.cpio.tmp" ||
	die "cpio failed"
mv "$U/initramfs.cpio.tmp" "$U/initramfs.cpio"
echo "$U/initramfs.cpio"
