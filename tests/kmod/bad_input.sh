#!/bin/sh
# kmod/bad_input: the loader refuses broken modules, each with a failed
# insmod and a kernel message saying why, and goes on working.  Copies
# of lib/test_module.ko are broken in /tmp (kotool: tests/kmod/kotool.c):
#   truncated  its first half                      "Invalid ELF ..."
#   vermagic   vermagic altered after the version  "version magic"
#              (with MODVERSIONS only that part is compared)
#   crc        the CRC of its first __versions     "disagrees about version
#              entry inverted                       of symbol"
#   garbage    not ELF at all                      "Invalid ELF header magic"
#   rela       its first relocation given type     a message about the
#              0x7fff, which no ELF ABI defines     relocation ("reloc")
#   range      its first ADRP relocation (type      the value does not fit
#              275) aimed 2^40 bytes further        ("out of range" on the
#              than its target, beyond ADRP's       port, "overflow" on
#              +/-4 GiB                             arm64)
# Last, the intact module loads and unloads.
# wb-timeout: 120
. ./lib
need_modules
m=test_module
ko=$($MODINFO -F filename $m) && [ -f "$ko" ] || fail "modinfo finds no file for $m"
is_loaded $m && fail "$m is loaded before the test"
w=/tmp/kmod-bad
rm -rf $w && mkdir -p $w || fail "cannot make $w"

# refuse NAME FILE PATTERN: insmod FILE must fail, and a kernel line
# after it match the extended regular expression PATTERN.
refuse() {
	mark
	if $INSMOD "$2" 2>$w/err; then
		$RMMOD $m 2>/dev/null
		fail "$1: insmod of the broken module succeeded"
	fi
	echo "$1: insmod refused it: $(cat $w/err)"
	since_mark >$w/log
	if ! grep -Eiq "$3" $w/log; then
		echo "kernel log since the insmod:"
		cat $w/log
		fail "$1: no kernel message matching '$3'"
	fi
	echo "$1: kernel: $(grep -Ei "$3" $w/log | head -1)"
	is_loaded $m && fail "$1: $m is in /proc/modules after a refused load"
	return 0
}

size=$(wc -c <"$ko")
head -c $((size / 2)) "$ko" >$w/truncated.ko
refuse truncated $w/truncated.ko "Invalid ELF"

cp "$ko" $w/vermagic.ko && ./kotool vermagic $w/vermagic.ko || fail "kotool vermagic failed"
refuse vermagic $w/vermagic.ko "version magic"

cp "$ko" $w/crc.ko && sym=$(./kotool crc $w/crc.ko) || fail "kotool crc failed"
echo "crc: $sym"
refuse crc $w/crc.ko "disagrees about version of symbol ${sym%%:*}"

i=0
while [ $i -lt 256 ]; do
	echo "this is not a kernel module, just text"
	i=$((i + 1))
done >$w/garbage.ko
refuse garbage $w/garbage.ko "Invalid ELF header magic"

cp "$ko" $w/rela.ko && ./kotool rela $w/rela.ko 0x7fff || fail "kotool rela failed"
refuse rela $w/rela.ko "reloc"

cp "$ko" $w/range.ko && ./kotool addend $w/range.ko 275 0x10000000000 ||
	fail "kotool addend failed"
refuse range $w/range.ko "out of range|overflow"

# The loader still works.
$INSMOD "$ko" || fail "insmod of the intact $ko exited with $? after the broken ones"
is_loaded $m || fail "$m is not loaded after insmod of the intact module"
$RMMOD $m || fail "rmmod $m exited with $?"
rm -rf $w
echo "bad_input: 6 broken modules refused; the intact one loads and unloads"
exit 0
