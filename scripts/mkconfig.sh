#!/bin/sh
# mkconfig.sh ARCH OUTDIR PAGE VA TEST
#
# Configure one kernel build folder from allnoconfig plus the project's
# fragments: configs/common.config, the arch's own fragment (with PAGE and
# VA filled in), when TEST=1, configs/test.config, else (the normal,
# distribution-style kernels) what a distribution needs, from
# configs/distro.config, the perf events, tracing, probes and BPF
# of configs/tracing.config unless TRACE=0 is in the environment, and
# the hardening of configs/hardened.config and configs/ARCH-hardened.config
# unless HARDEN=0 is (make bench's comparisons without either), and
# then any fragment named in
# WB_EXTRA_FRAGMENTS (space-separated paths; for kernels built by hand,
# such as a KCSAN one, never by 'make check').  The configuration
# is remade every time and replaces .config only when it differs.
# Every option the fragment
# asks for must come out as asked: an option that Kconfig dropped (a
# missing dependency, a renamed symbol) fails here instead of silently
# building a different kernel.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
arch=$1 out=$2 page=$3 va=$4 test=$5
tree=$top/build/linux

die() { echo "mkconfig: $*" >&2; exit 1; }

case $page in
4k|4K) PAGE=4K ;; 16k|16K) PAGE=16K ;; 64k|64K) PAGE=64K ;;
*) die "PAGE=$page: use 4k, 16k or 64k" ;;
esac
case $va in
36|39|42|47|48|52) ;;
*) die "VA=$va: use one of 36 39 42 47 48 52" ;;
esac

case ${HARDEN:-1} in
0|1) ;;
*) die "HARDEN=$HARDEN: use 1 (the default) or 0" ;;
esac
case ${TRACE:-1} in
0|1) ;;
*) die "TRACE=$TRACE: use 1 (the default) or 0" ;;
esac

archfrag=$top/configs/$arch.config
[ -f "$archfrag" ] || die "no $archfrag for ARCH=$arch"

mkdir -p "$out"
out=$(cd "$out" && pwd)
frag=$out/wb-fragment.config
{
	cat "$top/configs/common.config"
	sed -e "s/@PAGE@/$PAGE/g" -e "s/@VA@/$va/g" "$archfrag"
	if [ "$test" = 1 ]; then
		cat "$top/configs/test.config"
	else
		cat "$top/configs/distro.config"
		[ "${TRACE:-1}" = 0 ] || cat "$top/configs/tracing.config"
		if [ "${HARDEN:-1}" != 0 ]; then
			cat "$top/configs/hardened.config"
			[ ! -f "$top/configs/$arch-hardened.config" ] ||
				cat "$top/configs/$arch-hardened.config"
		fi
	fi
	for f in ${WB_EXTRA_FRAGMENTS:-}; do
		[ -r "$f" ] || die "WB_EXTRA_FRAGMENTS: cannot read $f"
		cat "$f"
	done
	true
} >"$frag.new"

mv "$frag.new" "$frag"

# allnoconfig runs every time, into a file of its own: a change to the
# Kconfig files (a new symbol, a new default) must give the
# configuration a clean clone gets, not the defaults syncconfig would
# take for the new symbols in an old .config.  .config is replaced only
# when the result differs, so that an unchanged configuration rebuilds
# nothing.  The compiler is build-kernel.sh's (ccache'd or not): kbuild
# rechecks the configuration when CC changes.
new=.config.wb-new
rm -f "$out/$new"
make -s -C "$tree" O="$out" ARCH="$arch" CROSS_COMPILE=aarch64-linux-gnu- \
	CC="${WB_KCC:-aarch64-linux-gnu-gcc}" KCONFIG_ALLCONFIG="$frag" \
	KCONFIG_CONFIG="$new" allnoconfig >"$out/config.log" 2>&1 && [ -f "$out/$new" ] ||
	{ tail -20 "$out/config.log" >&2; die "allnoconfig failed for ARCH=$arch (log: $out/config.log)"; }

# Check that every request survived.
bad=""
while IFS= read -r line; do
	case $line in
	CONFIG_*=n)
		sym=${line%%=*}
		grep -q "^$sym=" "$out/$new" && bad="$bad $line" ;;
	CONFIG_*=*)
		grep -qxF "$line" "$out/$new" || bad="$bad $line" ;;
	esac
done <"$frag"
if [ -n "$bad" ]; then
	rm -f "$out/$new" "$out/.config"
	die "ARCH=$arch does not accept:$bad (check dependencies in 'make ARCH=$arch menuconfig')"
fi
if cmp -s "$out/$new" "$out/.config"; then
	rm -f "$out/$new"
else
	mv "$out/$new" "$out/.config"
fi
exit 0
