#!/bin/sh
# efi/dmi: the SMBIOS tables EDK2 builds from QEMU's, read by the kernel
# at the address the UEFI configuration table gives and shown in
# /sys/class/dmi/id: QEMU as the system vendor, and the serial number
# the harness sets (wb.py: -smbios type=1,serial=...).
. ./lib

need_uefi
D=/sys/class/dmi/id
[ -d $D ] || fail "no $D: DMI found no SMBIOS table"
vendor=$(cat $D/sys_vendor) || fail "cannot read $D/sys_vendor"
[ "$vendor" = QEMU ] || fail "sys_vendor is '$vendor', expected QEMU"
serial=$(cat $D/product_serial) || fail "cannot read $D/product_serial"
[ "$serial" = "${wb_dmi_serial:-}" ] ||
	fail "product_serial is '$serial', the harness set '${wb_dmi_serial:-}'"
echo "dmi: $vendor, $(cat $D/product_name), serial $serial, firmware $(cat $D/bios_vendor) $(cat $D/bios_version)"
