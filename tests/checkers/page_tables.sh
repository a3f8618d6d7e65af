#!/bin/sh
# checkers/page_tables: the kernel's page tables as PTDUMP_DEBUGFS shows
# them in /sys/kernel/debug/kernel_page_tables, in arm64's format
# (arch/arm64/mm/ptdump.c), which the port's dump follows: a line
# "---[ NAME ]---" where each region starts, then one line a run of
# like entries, "0xSTART-0xEND  SIZE LEVEL  ATTRIBUTES", whose words
# say "RW" or "ro", "x" (executable) or "NX", and "F" for an entry not
# valid (DEBUG_PAGEALLOC unmaps freed pages so).  Checked:
#   - the regions both kernels have are marked: the linear map, the
#     modules, vmalloc, vmemmap, the fixmap and, with KASAN, its shadow;
#   - the kernel text (_stext, from /proc/kallsyms) is mapped read-only
#     and executable, its read-only data (__start_rodata) read-only and
#     NX, its data (_sdata) RW and NX;
#   - the linear map (less a kernel image inside it, which the port
#     marks "Kernel image start/end") is mapped RW and NX, executable
#     nowhere;
#   - no valid mapping anywhere is both writable and executable (the
#     boot's DEBUG_WX check, "Checked W+X mappings: passed", is read by
#     check.py; this repeats it now that modules came and went).
# wb-config: test
# wb-timeout: 120
. ./lib
need_debugfs
f=/sys/kernel/debug/kernel_page_tables
[ -f $f ] || fail "no $f (CONFIG_PTDUMP_DEBUGFS)"
cat $f >$W/pt || fail "reading $f failed"
echo "$f: $(wc -l <$W/pt) lines"
grep '^---\[' $W/pt | sed 's/^/  /'

for s in "Linear Mapping start" "Modules start" "vmalloc() area" "vmemmap start" "Fixmap start"; do
	grep -qxF -- "---[ $s ]---" $W/pt || fail "no '---[ $s ]---' marker in $f"
done
if grep -qw kasan_report /proc/kallsyms; then
	grep -qxF -- "---[ Kasan shadow start ]---" $W/pt ||
		fail "a KASAN kernel, and no '---[ Kasan shadow start ]---' marker in $f"
fi

sym() {
	a=$(awk -v s="$1" '$3 == s { print $1; exit }' /proc/kallsyms)
	case $a in
	0000000000000000) fail "/proc/kallsyms hides addresses (kptr_restrict?)" ;;
	????????????????) echo "$a" ;;
	*) fail "no symbol $1 in /proc/kallsyms" ;;
	esac
}
text=$(sym _stext) && rodata=$(sym __start_rodata) && data=$(sym _sdata) || exit 1

# One line of facts a mapping: "WHAT VALID W X LINE", for the lines that
# hold the three addresses, each line of the linear map and each W+X
# line.  Addresses are compared as strings of 16 hex digits ("k"
# prefixed, so that awk never takes them for numbers); an end of 0 is
# the top of the address space.
awk -v text="k$text" -v rodata="k$rodata" -v data="k$data" '
/^---\[ .* \]---$/ {
	sec = substr($0, 6, length($0) - 10)
	# The linear map, but for a kernel image inside it (the port marks
	# its image "Kernel image start/end").
	if (sec == "Linear Mapping start") lin = 1
	if (sec == "Linear Mapping end") lin = 0
	if (sec == "Kernel image start") img = 1
	if (sec == "Kernel image end") img = 0
	next
}
$1 ~ /^0x[0-9a-f]+-0x[0-9a-f]+$/ {
	s = "k" substr($1, 3, 16); e = "k" substr($1, 22, 16)
	if (e == "k0000000000000000") e = "k~"
	valid = 1; w = "?"; x = "?"; n = 0
	for (i = 4; i <= NF; i++) {
		n++
		if ($i == "F") valid = 0
		else if ($i == "RW") w = "RW"
		else if ($i == "ro") w = "ro"
		else if ($i == "x") x = "x"
		else if ($i == "NX") x = "NX"
	}
	if (!n)
		next	# nothing mapped
	f = valid " " w " " x " " $0
	if (s <= text && text < e) print "text " f
	if (s <= rodata && rodata < e) print "rodata " f
	if (s <= data && data < e) print "data " f
	if (lin && !img) print "linear " f
	if (valid && w == "RW" && x == "x") print "wx " f
}' $W/pt >$W/facts

# mapped WHAT W X DESCRIPTION: the line of WHAT is valid with W and X.
mapped() {
	l=$(grep "^$1 " $W/facts)
	[ -n "$l" ] || fail "$4: no mapping of ${1} in $f"
	echo "$1: ${l#* * * * }"
	case $l in
	"$1 1 $2 $3 "*) ;;
	*) fail "$4 is not mapped valid, $2 and $3: ${l#* * * * }" ;;
	esac
}
mapped text ro x "the kernel text (_stext 0x$text)"
mapped rodata ro NX "the kernel's read-only data (__start_rodata 0x$rodata)"
mapped data RW NX "the kernel's data (_sdata 0x$data)"

lin=$(grep -c "^linear 1 " $W/facts)
linrw=$(grep -c "^linear 1 RW NX " $W/facts)
echo "linear map: $lin valid runs, $linrw of them RW NX"
[ "$linrw" -ge 1 ] || fail "no RW NX mapping in the linear map"
if grep -q "^linear 1 [^ ]* x " $W/facts; then
	grep "^linear 1 [^ ]* x " $W/facts | head -5
	fail "executable mappings in the linear map"
fi
if grep -q "^wx " $W/facts; then
	grep "^wx " $W/facts | head -5
	fail "mappings both writable and executable"
fi
exit 0
