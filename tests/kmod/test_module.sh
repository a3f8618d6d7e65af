#!/bin/sh
# kmod/test_module: lib/test_module.ko (CONFIG_TEST_LKM) through Debian's
# kmod: modprobe loads it and it says "Hello, world"; lsmod lists it;
# modinfo shows this kernel's vermagic; rmmod removes it (it says
# "Goodbye"); then modprobe and modprobe -r once more.
. ./lib
need_modules
m=test_module

is_loaded $m && fail "$m is loaded before the test"
mark
$MODPROBE $m || fail "modprobe $m exited with $?"
is_loaded $m || fail "$m is not in /proc/modules after modprobe"
since_mark | grep -q "^$m: Hello, world" ||
	fail "no '$m: Hello, world' in the kernel log after modprobe: $(since_mark)"
state=$(cat /sys/module/$m/initstate 2>/dev/null)
[ "$state" = live ] || fail "/sys/module/$m/initstate is '$state', not 'live'"

$LSMOD >/tmp/lsmod.out || fail "lsmod exited with $?"
cat /tmp/lsmod.out
grep -q "^$m " /tmp/lsmod.out || fail "lsmod does not list $m"

$MODINFO $m || fail "modinfo $m exited with $?"
vm=$($MODINFO -F vermagic $m)
case $vm in
"$KVER "*) echo "vermagic: $vm" ;;
*) fail "modinfo gives vermagic '$vm', not one of kernel $KVER" ;;
esac
f=$($MODINFO -F filename $m)
case $f in
$MODDIR/*/test_module.ko) ;;
*) fail "modinfo gives filename '$f', not under $MODDIR" ;;
esac

mark
$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still in /proc/modules after rmmod"
[ -e /sys/module/$m ] && fail "/sys/module/$m is still there after rmmod"
since_mark | grep -q "^$m: Goodbye" ||
	fail "no '$m: Goodbye' in the kernel log after rmmod: $(since_mark)"

$MODPROBE $m || fail "the second modprobe $m exited with $?"
is_loaded $m || fail "$m is not loaded after the second modprobe"
$MODPROBE -r $m || fail "modprobe -r $m exited with $?"
is_loaded $m && fail "$m is still loaded after modprobe -r"
echo "test_module: loaded, listed, described and removed"
exit 0
