#!/bin/sh
# MSI-X: the NVMe controller and the virtio-net and virtio-blk functions
# run with MSI-X enabled in their configuration space, one vector per
# queue (per-queue names in /proc/interrupts), delivered through the
# interrupt controller's MSI frame (the GICv3 ITS or the GICv2m frame):
# I/O on each device raises its queue vectors' counts.
. ./lib

load_drivers

# msix_enabled DIR: the MSI-X Enable bit (Message Control bit 15) of the
# function's MSI-X capability (ID 0x11), walking the capability list of
# its configuration space.
msix_enabled() {
	cfg=$(od -An -v -tx1 $1/config | tr -s ' \n' '  ')
	byte() { echo $cfg | cut -d' ' -f$(($1 + 1)); }
	[ $((0x$(byte 6) & 0x10)) != 0 ] || return 1	# Status: capability list
	p=$((0x$(byte 0x34) & 0xfc))
	n=0
	while [ $p != 0 ] && [ $n -lt 48 ]; do
		if [ $((0x$(byte $p))) = $((0x11)) ]; then
			[ $((0x$(byte $((p + 3))) & 0x80)) != 0 ]
			return
		fi
		p=$((0x$(byte $((p + 1))) & 0xfc))
		n=$((n + 1))
	done
	return 1
}

# queues NAME DIR: a regular expression for the names of the function's
# queue vectors: nvme0q0.. (admin and I/O queues), virtioN-req.K
# (virtio-blk), virtioN-input.K/-output.K (virtio-net).
queues() {
	case $1 in
	nvme) echo "^nvme0q[0-9]+$" ;;
	virtio-blk) echo "^$(basename $(ls -d $2/virtio*))-req\\.[0-9]+$" ;;
	virtio-net) echo "^$(basename $(ls -d $2/virtio*))-(input|output)\\.[0-9]+$" ;;
	esac
}

for spec in "nvme 1b36 0010" "virtio-net 1af4 1000" "virtio-blk 1af4 1001"; do
	set -- $spec
	d=$(pci_need $2 $3 $1) || exit 1
	pat=$(queues $1 $d)
	msix_enabled $d || fail "$1 (${d##*/}): MSI-X not enabled in its configuration space"
	[ -d $d/msi_irqs ] || fail "$1: no msi_irqs in sysfs"
	nv=$(ls $d/msi_irqs | wc -l)
	[ $nv -ge 2 ] || fail "$1: $nv MSI vector(s), not one per queue"
	nq=$(irq_count "$pat")
	[ $nq -ge 1 ] || fail "$1: no vector named like '$pat' in /proc/interrupts"
	# The vectors' chip, as /proc/interrupts names it.
	chip=$(awk -v pat="$pat" 'NR == 1 { n = NF; next } $NF ~ pat { print $(n + 2); exit }' /proc/interrupts)
	case $chip in
	*MSI*) ;;
	*) fail "$1: queue vectors on chip '$chip', not an MSI domain" ;;
	esac
	echo "$1 (${d##*/}): MSI-X on, $nv vectors, $nq queue vector(s) on $chip"
done

# Traffic on the NVMe and virtio-blk queues raises their vectors' counts
# (I/O queues only for NVMe: nvme0q1 and up).
for spec in "wb-nvme 1b36 0010" "wb-virtio-blk 1af4 1001"; do
	set -- $spec
	b=$(block_by_serial $1) || fail "no block device with serial $1"
	d=$(pci_need $2 $3 $1) || exit 1
	pat=$(queues ${1#wb-} $d)
	[ $1 = wb-nvme ] && pat="^nvme0q[1-9][0-9]*$"
	echo 3 >/proc/sys/vm/drop_caches || fail "drop_caches"
	before=$(irq_total "$pat")
	dd if=/dev/$b of=/dev/null bs=4096 count=256 2>/dev/null ||
		fail "reading /dev/$b"
	after=$(irq_total "$pat")
	[ $after -gt $before ] || fail "$b: its queue vectors took no interrupt for 1 MiB read past the page cache ($before -> $after)"
	echo "$b: queue interrupts $before -> $after"
done
