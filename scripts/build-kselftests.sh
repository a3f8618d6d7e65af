#!/bin/sh
# Build the kselftests named in tests/kselftests.list from the tree's
# tools/testing/selftests for arm64 user space (the port's ABI is arm64's),
# install them under build/userspace/kselftest/install, and write the
# runner's list build/userspace/kselftest.list.  Rebuilt only when the
# list or this script changed, or the install is missing.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
U=$top/build/userspace
K=$U/kselftest
tree=$top/build/linux
list=$top/tests/kselftests.list

die() { echo "build-kselftests: $*" >&2; exit 1; }

entries=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$list")
# Targets of which only the listed programs are built: mm, where 6.12's
# khugepaged.c does not compile (KSFT_SKIP undeclared) and migration.c
# and ksm_tests.c need libnuma, so that its make stops before it
# installs anything.
listed_only="mm"
targets=$(echo "$entries" | awk '{ split($1, p, "/"); print p[1] }' | sort -u |
	grep -vxF "$(echo $listed_only | tr ' ' '\n')" | tr '\n' ' ')

stamp=$K/.stamp
want=$(cat "$list" "$0" | md5sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
	rm -rf "$K" "$U/hdr"
	mkdir -p "$K"
	echo "build-kselftests: $targets$listed_only" >&2
	make -s -C "$tree" O="$U/hdr" ARCH=arm64 headers_install \
		INSTALL_HDR_PATH="$U/hdr/usr" >"$K/build.log" 2>&1 ||
		{ tail -20 "$K/build.log" >&2; die "headers_install failed (log: $K/build.log)"; }
	# The selftests' own make carries on past a target that fails to
	# build; every listed program is checked below instead.
	make -C "$tree/tools/testing/selftests" ARCH=arm64 \
		CROSS_COMPILE=aarch64-linux-gnu- TARGETS="$targets" \
		ARM64_SUBTARGETS="abi signal" O="$K/build" \
		KHDR_INCLUDES="-isystem $U/hdr/usr/include" \
		INSTALL_PATH="$K/install" install >>"$K/build.log" 2>&1 || true
	for t in $listed_only; do
		progs=$(echo "$entries" | awk -v t="$t" -v o="$K/build/kselftest/$t" \
			'{ n = split($1, p, "/"); if (p[1] == t) print o "/" p[n] }' | tr '\n' ' ')
		[ -n "$progs" ] || continue
		make -C "$tree/tools/testing/selftests" ARCH=arm64 \
			CROSS_COMPILE=aarch64-linux-gnu- TARGETS="$t" O="$K/build" \
			KHDR_INCLUDES="-isystem $U/hdr/usr/include" \
			TEST_GEN_FILES="$progs" TEST_GEN_PROGS= \
			INSTALL_PATH="$K/install" install >>"$K/build.log" 2>&1 || true
	done
	echo "$want" >"$stamp"
fi

# The runner's list: "NAME TIMEOUT COMMAND", run from /tests/kselftest.
missing=""
echo "$entries" | while read -r prog limit args; do
	dir=${prog%/*}
	[ -x "$K/install/$prog" ] || { echo "MISSING $prog"; continue; }
	echo "$prog $limit cd $dir && ./${prog##*/} $args"
done >"$U/kselftest.list.new"
missing=$(sed -n 's/^MISSING //p' "$U/kselftest.list.new" | tr '\n' ' ')
if [ -n "$missing" ]; then
	rm -f "$stamp"
	die "kselftests not built: $missing(log: $K/build.log; a missing arm64 library? run 'make deps')"
fi
mv "$U/kselftest.list.new" "$U/kselftest.list"
