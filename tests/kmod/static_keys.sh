#!/bin/sh
# kmod/static_keys: lib/test_static_keys.ko and test_static_key_base.ko
# (CONFIG_TEST_STATIC_KEYS, with CONFIG_JUMP_LABEL).  The base module
# exports static keys; test_static_keys checks every key's branches,
# its own and the base's, before and after flipping them, and fails its
# load (-EINVAL) when a branch goes the wrong way: the loader must have
# applied the modules' jump tables and relocations.
. ./lib
need_modules

for m in test_static_keys test_static_key_base; do
	is_loaded $m && fail "$m is loaded before the test"
done
mark
$MODPROBE test_static_key_base ||
	fail "modprobe test_static_key_base exited with $?: $(since_mark)"
is_loaded test_static_key_base || fail "test_static_key_base is not in /proc/modules"
$MODPROBE test_static_keys ||
	fail "modprobe test_static_keys exited with $? (a static key misbehaved?): $(since_mark)"
is_loaded test_static_keys || fail "test_static_keys is not in /proc/modules"
grep "^test_static_key" /proc/modules
grep -q "^test_static_key_base .* test_static_keys," /proc/modules ||
	fail "/proc/modules does not show test_static_keys using test_static_key_base"

# The base is in use: it must refuse to go first.
$RMMOD test_static_key_base 2>/dev/null &&
	fail "rmmod test_static_key_base succeeded while test_static_keys uses it"
$RMMOD test_static_keys || fail "rmmod test_static_keys exited with $?"
$RMMOD test_static_key_base || fail "rmmod test_static_key_base exited with $?"
for m in test_static_keys test_static_key_base; do
	is_loaded $m && fail "$m is still loaded after rmmod"
done
echo "static keys: both modules loaded, checked their keys and unloaded"
exit 0
