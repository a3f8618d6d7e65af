#!/bin/sh
# efi/variables: UEFI variables through efivarfs, each access a runtime
# service call (GetVariable, SetVariable, GetNextVariableName) made
# through the kernel's EFI page tables:
#   - mounting efivarfs loads its module on demand;
#   - the firmware's own PlatformLang variable is there;
#   - a new non-volatile variable reads back as written, attributes
#     first, and is gone once removed.  It is made under Linux's own
#     vendor GUID (LINUX_EFI_CRASH_GUID, pstore's), whose variables
#     efivarfs lets user space remove; any other would be immutable.
. ./lib

need_runtime
V=/sys/firmware/efi/efivars
grep -q " $V efivarfs " /proc/mounts || mount -t efivarfs efivarfs $V ||
	fail "mounting efivarfs on $V failed"
grep -q "^efivarfs " /proc/modules || fail "efivarfs is mounted but its module is not loaded"

global=8be4df61-93ca-11d2-aa0d-00e098032b8c
[ -f $V/PlatformLang-$global ] || {
	ls $V | sed 's/^/  /'
	fail "no PlatformLang-$global among the variables"
}

name=$V/WbTest-cfc8fc79-be2e-4ddc-97f0-9f98bfe298a0
want="0700000061617263683634"	# NV|BS|RT, then "aarch64"
rm -f $name 2>/dev/null
printf '\007\000\000\000aarch64' >$name || fail "writing $name failed"
got=$(od -An -tx1 -v $name | tr -d ' \n')
[ "$got" = "$want" ] || fail "$name reads back as $got, $want written"
rm $name || fail "removing $name failed"
[ ! -e $name ] || fail "$name is still there after rm"
echo "variables: $(ls $V | wc -l) variables, one written, read back and removed"
