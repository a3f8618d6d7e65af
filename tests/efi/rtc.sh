#!/bin/sh
# efi/rtc: the UEFI runtime clock (rtc-efi, GetTime() for each read):
# registered, at a date after this test was written, and running: two
# reads 2 s apart differ by 1 to 4 s.
. ./lib

need_runtime
dev=
for d in /sys/class/rtc/rtc*; do
	case $(cat $d/name 2>/dev/null) in
	"rtc-efi "*) dev=$d ;;
	esac
done
[ -n "$dev" ] || fail "no rtc-efi among the clocks: $(cat /sys/class/rtc/rtc*/name 2>&1 | paste -sd, -)"
t1=$(cat $dev/since_epoch) || fail "reading $dev/since_epoch failed"
sleep 2
t2=$(cat $dev/since_epoch) || fail "reading $dev/since_epoch again failed"
[ "$t1" -gt 1767225600 ] || fail "rtc-efi says $t1 s since the epoch, before 2026"
d=$((t2 - t1))
[ $d -ge 1 ] && [ $d -le 4 ] || fail "rtc-efi advanced by $d s over a 2 s sleep"
echo "rtc: $(basename $dev) is rtc-efi, $(cat $dev/date) $(cat $dev/time)"
