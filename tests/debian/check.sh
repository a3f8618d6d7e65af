#!/bin/sh
# The debian test group, in the booted Debian system: started by
# wb-debian-check.service at every boot, it reports on the serial
# console, in the lines the harness reads from its own runner ("ok N
# debian/NAME", "# ..." for what the check saw).
#
# The root is on the virtio-blk disk or on the NVMe disk, as the host
# says with wb_root= on the command line; the other disk is empty.
# First boot: the root is the disk asked for; systemd reaches
# multi-user.target with no failed unit; the drivers of the virtio-net,
# virtio-rng and NVMe devices are loaded (by udev; the NVMe one, when
# the root is there, by the initramfs); systemd-networkd has the NIC up
# with its DHCP address; the NIC and the NVMe disk run their queues on
# MSI-X vectors; nftables loads its modules and takes a rule set;
# control groups, seccomp filters and BPF firewalls work for systemd's
# units; overlayfs and FUSE load on first use; a
# file is written to a new file system on the data disk.  Then
# 'systemctl reboot'.  Second boot (same QEMU): the system comes up
# clean again and the file on the data disk reads back with the same
# checksum.  Then 'systemctl poweroff', which must end QEMU.
# Started by UEFI firmware (the harness puts wb_dmi_serial= on the
# command line of those boots): the first boot writes a non-volatile
# UEFI variable through efivarfs, which the second boot must read back,
# the reboot having gone through the firmware; each boot's kernel says
# "KASLR enabled", the EFI stub having had a seed from the firmware's
# EFI_RNG_PROTOCOL, and the image runs at a different address after the
# reboot.
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH
exec >/dev/console 2>&1

state=/var/lib/wb-debian-check
mkdir -p $state
n=0

# say LINE: a line the harness reads, on a line of its own even when
# the serial getty's login prompt, which ends without a newline, came
# just before (each is one write to the console).
say() {
	printf '\n%s\n' "$1"
}

# result NAME STATUS [WHY]: one TAP line; a failure's reason first,
# as a comment the harness attaches to it.
result() {
	n=$((n + 1))
	if [ "$2" = 0 ]; then
		say "ok $n debian/$1"
	else
		say "# FAIL: $3"
		say "not ok $n debian/$1"
	fi
}

# check NAME COMMAND...: run COMMAND; its output becomes comments.
check() {
	name=$1
	shift
	out=$("$@" 2>&1)
	rc=$?
	[ -z "$out" ] || echo "$out" | sed 's/^/# /'
	result $name $rc "$(echo "$out" | tail -1)"
}

system_running() {
	s=$(timeout 600 systemctl is-system-running --wait)
	echo "system state: $s"
	[ "$s" = running ] || { systemctl --failed --no-legend --plain; return 1; }
}

no_failed_units() {
	f=$(systemctl list-units --state=failed --no-legend --plain)
	[ -z "$f" ] || { echo "failed units: $f"; return 1; }
	echo "no failed unit"
}

# The modules udev loaded for the devices, by their modalias: nobody
# else in this system loads them.
udev_modules() {
	rc=0
	for m in virtio_net virtio_rng nvme; do
		i=0
		while [ ! -d /sys/module/$m ] && [ $i -lt 30 ]; do
			sleep 1
			i=$((i + 1))
		done
		# initstate: only a loadable module has it.
		if [ "$(cat /sys/module/$m/initstate 2>/dev/null)" = live ]; then
			echo "$m: loaded"
		else
			echo "module $m not loaded"
			rc=1
		fi
	done
	return $rc
}

# The virtio-net interface: the one whose device is bound to virtio_net.
virtio_nic() {
	for i in /sys/class/net/*; do
		[ "$(basename "$(readlink $i/device/driver 2>/dev/null)")" = virtio_net ] &&
			{ basename $i; return 0; }
	done
	return 1
}

nic_up() {
	nic=$(virtio_nic) || { echo "no interface driven by virtio_net"; ip -o link; return 1; }
	i=0
	while ! ip -4 -o addr show dev $nic | grep -q ' inet '; do
		[ $i -lt 60 ] || { ip -o link show dev $nic; echo "$nic: no IPv4 address after 60s"; return 1; }
		sleep 1
		i=$((i + 1))
	done
	ip -o link show dev $nic | grep -q 'state UP' ||
		{ ip -o link show dev $nic; echo "$nic is not up"; return 1; }
	ip -4 -o addr show dev $nic | sed 's/  */ /g'
}

# msix QUEUES: the queue vectors whose names match QUEUES (extended
# regular expression) are on a PCI MSI-X domain ("...-PCI-MSIX-...").
msix() {
	v=$(grep -E " ($1)\$" /proc/interrupts)
	[ -n "$v" ] || { echo "no vector named like '$1' in /proc/interrupts"; return 1; }
	echo "$v" | sed 's/  */ /g'
	echo "$v" | grep -qv 'PCI-MSIX' && { echo "a queue of '$1' is not on MSI-X"; return 1; }
	[ $(echo "$v" | wc -l) -ge 2 ] || { echo "one vector for '$1': not one per queue"; return 1; }
}

nft_rules() {
	nft add table inet wb &&
	nft add chain inet wb input '{ type filter hook input priority 0; policy accept; }' &&
	nft add rule inet wb input ct state established accept &&
	nft list ruleset | grep -q 'ct state established accept' || return 1
	for m in nf_tables nft_ct; do
		[ -d /sys/module/$m ] || { echo "module $m not loaded"; return 1; }
	done
	echo "rule set accepted; nf_tables and nft_ct loaded on demand"
}

# The unified control group hierarchy, with the controllers systemd
# delegates.
cgroups() {
	c=$(cat /sys/fs/cgroup/cgroup.controllers) || return 1
	echo "controllers: $c"
	for want in cpuset cpu io memory pids; do
		case " $c " in *" $want "*) ;; *) echo "no $want controller"; return 1 ;; esac
	done
}

# SystemCallFilter= (a seccomp filter that libseccomp builds for the
# kernel's AUDIT_ARCH): uname(2) denied with EPERM, and allowed again
# without the filter.
seccomp_filter() {
	systemd-run --wait --pipe --quiet uname -s || { echo "uname fails without a filter"; return 1; }
	if systemd-run --wait --pipe --quiet -p SystemCallFilter=~uname \
		-p SystemCallErrorNumber=EPERM uname -s; then
		echo "uname ran under SystemCallFilter=~uname"
		return 1
	fi
	echo "uname denied by the filter"
}

# IPAddressDeny= (BPF programs attached to the unit's control group):
# a UDP datagram to the loopback is sent without it, refused with it.
bpf_firewall() {
	send='echo wb >/dev/udp/127.0.0.1/9'
	systemd-run --wait --pipe --quiet bash -c "$send" ||
		{ echo "cannot send to 127.0.0.1 without a firewall"; return 1; }
	if systemd-run --wait --pipe --quiet -p IPAddressDeny=any bash -c "$send"; then
		echo "a datagram went out under IPAddressDeny=any"
		return 1
	fi
	echo "the datagram was refused under IPAddressDeny=any"
}

# overlayfs and FUSE, modules loaded on first use (a mount of type
# overlay; an open of /dev/fuse).
overlay_fuse() {
	o=/run/wb-overlay
	mkdir -p $o/lower $o/upper $o/work $o/merged && echo lower >$o/lower/f &&
	mount -t overlay overlay -o lowerdir=$o/lower,upperdir=$o/upper,workdir=$o/work $o/merged &&
	echo upper >$o/merged/f && [ "$(cat $o/lower/f)" = lower ] &&
	[ "$(cat $o/upper/f)" = upper ] && umount $o/merged || { echo "overlay mount failed"; return 1; }
	[ -c /dev/fuse ] && : <>/dev/fuse || { echo "cannot open /dev/fuse"; return 1; }
	for m in overlay fuse; do
		[ "$(cat /sys/module/$m/initstate 2>/dev/null)" = live ] ||
			{ echo "module $m not loaded"; return 1; }
	done
	echo "overlay copied up; /dev/fuse opened; both modules loaded on demand"
}

# The root's disk, as the command line asks (wb_root=), and the other.
want_root=virtio
for arg in $(cat /proc/cmdline); do
	case $arg in wb_root=*) want_root=${arg#wb_root=} ;; esac
done
case $want_root in
nvme) root_disk=/dev/nvme0n1 data=/dev/vda ;;
*) root_disk=/dev/vda data=/dev/nvme0n1 ;;
esac

root_device() {
	src=$(findmnt -n -o SOURCE /)
	echo "/ is $src"
	[ "$src" = $root_disk ] || { echo "/ is on $src, not $root_disk"; return 1; }
}

disk_write() {
	[ -b $data ] || { echo "no $data"; return 1; }
	mkfs.ext4 -q -F -L wbdata $data && mkdir -p /mnt/data &&
	mount $data /mnt/data &&
	head -c 4194304 /dev/urandom >/mnt/data/data &&
	(cd /mnt/data && sha256sum data) >$state/data.sha256 &&
	umount /mnt/data && sync && echo "$data: $(cat $state/data.sha256)"
}

disk_read() {
	mkdir -p /mnt/data && mount $data /mnt/data &&
	(cd /mnt/data && sha256sum -c $state/data.sha256)
	rc=$?
	umount /mnt/data
	return $rc
}

# uefi_check NAME COMMAND...: check, on the boots UEFI firmware started
# only (check.py expects these names from its UEFI machines alone).
uefi=
grep -qw "wb_dmi_serial=[^ ]*" /proc/cmdline && uefi=1
uefi_check() {
	[ -z "$uefi" ] || check "$@"
}

# UEFI: the variable WbDebianCheck of the project's own vendor GUID,
# attributes non-volatile, boot service and runtime access (0x7, the
# first four bytes of an efivarfs file, little-endian), its data a
# token made at the first boot.
efivars=/sys/firmware/efi/efivars
wbvar=$efivars/WbDebianCheck-5e0d2a3c-7c3b-4d0e-9f6a-1b2c3d4e5f60

efi_variable_write() {
	findmnt -n -t efivarfs $efivars ||
		{ echo "no efivarfs at $efivars (/sys/firmware/efi: $(ls /sys/firmware/efi 2>&1 | tr '\n' ' '))"; return 1; }
	cat /proc/sys/kernel/random/uuid >$state/efi-token || return 1
	# One write(2) of attributes and data: efivarfs takes nothing else.
	{ printf '\007\000\000\000'; cat $state/efi-token; } >$state/efi-var &&
	cat $state/efi-var >$wbvar || { echo "writing $wbvar failed"; return 1; }
	cmp $state/efi-var $wbvar || { echo "$wbvar reads back differently"; return 1; }
	echo "$(basename $wbvar): $(cat $state/efi-token)"
}

efi_variable_read() {
	[ -f $wbvar ] || { echo "no $(basename $wbvar) after the reboot"; ls $efivars | sed 's/^/  /'; return 1; }
	cmp $state/efi-var $wbvar || { echo "$wbvar differs from what the first boot wrote"; od -c $wbvar | head; return 1; }
	echo "$(basename $wbvar): $(cat $state/efi-token), as written before the reboot"
	chattr -i $wbvar 2>/dev/null
	rm $wbvar || { echo "cannot delete $wbvar"; return 1; }
	[ ! -e $wbvar ] || { echo "$wbvar still there after rm"; return 1; }
	echo "deleted"
}

# kaslr_efi FILE: the kernel log says "KASLR enabled" once; the image's
# virtual address (_stext) and physical one (the start of "Kernel code"
# in /proc/iomem) are recorded in FILE, and after the reboot (FILE
# exists already) both must have moved.  The physical place is the EFI
# stub's choice, random only with a seed from EFI_RNG_PROTOCOL: without
# one it stays where the firmware loaded the image, the same each boot.
kaslr_efi() {
	n=$(dmesg | sed 's/^\[[^]]*\] //' | grep -cx "KASLR enabled")
	[ "$n" = 1 ] || { echo "$n 'KASLR enabled' lines in the kernel log, expected one"; return 1; }
	stext=$(awk '$3 == "_stext" { print $1; exit }' /proc/kallsyms)
	case $stext in
	0000000000000000|"") echo "no _stext address in /proc/kallsyms"; return 1 ;;
	esac
	phys=$(sed -n 's/^ *\([0-9a-f]*\)-[0-9a-f]* : Kernel code$/\1/p' /proc/iomem)
	[ -n "$phys" ] || { echo "no 'Kernel code' in /proc/iomem"; return 1; }
	echo "KASLR enabled; _stext at $stext, the kernel's code at physical $phys"
	if [ -f $1 ]; then
		read -r old_stext old_phys <$1
		echo "before the reboot: _stext at $old_stext, the code at physical $old_phys"
		[ "$stext" != "$old_stext" ] || { echo "_stext did not move"; return 1; }
		[ "$phys" != "$old_phys" ] || { echo "the image's physical place did not move"; return 1; }
	else
		echo "$stext $phys" >$1
	fi
}

if [ ! -f $state/rebooted ]; then
	say "# run debian (first boot)"
	check root-device root_device
	check running system_running
	check failed-units no_failed_units
	check udev-modules udev_modules
	check nic-up nic_up
	check msix-virtio-net msix "virtio[0-9]+-(input|output)\\.[0-9]+"
	check msix-nvme msix "nvme0q[0-9]+"
	check nftables nft_rules
	check cgroups cgroups
	check seccomp-filter seccomp_filter
	check bpf-firewall bpf_firewall
	check overlay-fuse overlay_fuse
	check disk-write disk_write
	uefi_check efi-variable-write efi_variable_write
	uefi_check kaslr-efi-rng kaslr_efi $state/kernel-place
	touch $state/rebooted
	sync
	say "# runner: reboot (debian)"
	systemctl reboot
else
	say "# run debian (after the reboot)"
	check reboot-running system_running
	check reboot-failed-units no_failed_units
	check disk-after-reboot disk_read
	uefi_check efi-variable-after-reboot efi_variable_read
	uefi_check kaslr-after-reboot kaslr_efi $state/kernel-place
	say "# runner: done; CPUs online: $(cat /sys/devices/system/cpu/online); poweroff"
	systemctl poweroff
fi
