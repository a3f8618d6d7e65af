#!/bin/sh
# kmod/static_key_user: wb_static_key.ko (tests/modules/wb_static_key.c)
# defines a static key that user space switches through
# /sys/module/wb_static_key/parameters/enabled; each read of .../branch
# runs the module's static_branch_unlikely() and static_branch_likely()
# sites on the key and reads the patched instructions back ("unlikely=on
# likely=on sites=N bad=0").  The key is switched on and off several
# times, written twice in a row each way, and given a bad value; then the
# module is loaded again with enabled=1, which switches the key while the
# module is still coming (its init's own site must see it on), and
# switched off again.
# wb-timeout: 60
. ./lib
need_modules
m=wb_static_key
project_module $m
P=/sys/module/$m/parameters

# expect on|off: the key's state and both sites' branches, every site
# patched as it should be
expect() {
	en=$(cat $P/enabled) || fail "reading $P/enabled failed"
	want=0
	[ "$1" = on ] && want=1
	[ "$en" = "$want" ] || fail "$P/enabled reads '$en' with the key switched $1"
	got=$(cat $P/branch) || fail "reading $P/branch failed"
	case $got in
	"unlikely=$1 likely=$1 sites="*" bad=0") ;;
	*) fail "with the key $1, $P/branch reads '$got': $(since_mark)" ;;
	esac
	sites=${got#*sites=}
	sites=${sites%% *}
	[ "$sites" -ge 2 ] ||
		fail "only $sites branch sites of the key found (no jump labels?): '$got'"
	echo "key $1: $got"
}

switch() {
	echo "$1" >$P/enabled || fail "writing $1 to $P/enabled failed"
}

mark
$INSMOD "$ko" || fail "insmod $ko exited with $?: $(since_mark)"
is_loaded $m || fail "$m is not in /proc/modules after insmod"
since_mark | grep -q "^$m: key off at init\$" ||
	fail "the init's site did not see the key off: $(since_mark)"
expect off
i=1
while [ $i -le 5 ]; do
	switch 1
	expect on
	switch 0
	expect off
	i=$((i + 1))
done
switch y
switch 1
expect on
switch n
switch 0
expect off
echo maybe >$P/enabled 2>/dev/null && fail "writing 'maybe' to $P/enabled was accepted"
expect off
$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"

# The key switched on during the load, by the module parameter.
mark
$INSMOD "$ko" enabled=1 || fail "insmod $ko enabled=1 exited with $?: $(since_mark)"
since_mark | grep -q "^$m: key on at init\$" ||
	fail "with enabled=1 the init's site did not see the key on: $(since_mark)"
expect on
switch 0
expect off
switch 1
expect on
$RMMOD $m || fail "rmmod $m exited with $?"
is_loaded $m && fail "$m is still loaded after rmmod"
since_mark | grep "^$m: " || true
exit 0
