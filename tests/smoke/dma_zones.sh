#!/bin/sh
# Smoke test: the memory zones and the SWIOTLB bounce buffers.  QEMU's
# virt machine has no dma-ranges, so every bus master reaches the first
# 4 GiB: ZONE_DMA must span RAM from its start up to 4 GiB (or its end),
# ZONE_DMA32 nothing, ZONE_NORMAL whatever lies above.  Bounce buffers
# must exist when RAM extends beyond ZONE_DMA, or when swiotlb=force asks
# for them, and lie wholly inside ZONE_DMA (below 4 GiB here); arm64
# also sets up a small pool otherwise, for kmalloc() buffers it bounces
# for non-coherent devices, which the port, with 128-byte aligned
# kmalloc() buffers, does not need.
# With swiotlb=force every streaming DMA mapping bounces: by now the
# disk test's transfers must have gone through them.
fail() { echo "FAIL: $*"; exit 1; }

# zone NAME: "START END" in page frames (END exclusive), "" if absent
# or empty.
zone() {
	awk -v z="$1" '
		$1 == "Node" { cur = $4 }
		cur == z && $1 == "spanned" { sp = $2 }
		cur == z && $1 == "start_pfn:" { st = $2 }
		END { if (sp > 0) print st, st + sp }' /proc/zoneinfo
}

set -- $(zone DMA)
[ $# = 2 ] || fail "no ZONE_DMA in /proc/zoneinfo"
# The page size: AT_PAGESZ (6) of the auxiliary vector.
ps=$(od -An -v -td8 /proc/self/auxv | tr -s ' \n' '\n\n' |
     awk 'NF { v[n++] = $1 } END { for (i = 0; i < n; i += 2) if (v[i] == 6) print v[i + 1] }')
[ -n "$ps" ] || fail "no AT_PAGESZ in /proc/self/auxv"
four_g=$((0x100000000 / ps))
ram_end=$(awk '/ : System RAM$/ { split($1, r, "-") } END { print r[2] }' /proc/iomem)
ram_end=$(((0x$ram_end + 1) / ps))
want=$four_g
[ $ram_end -lt $four_g ] && want=$ram_end
[ $2 = $want ] || fail "ZONE_DMA ends at page frame $2, not $want (4 GiB or the end of RAM)"
[ -z "$(zone DMA32)" ] || fail "ZONE_DMA32 not empty: $(zone DMA32)"
normal=$(zone Normal)
if [ $ram_end -gt $four_g ]; then
	[ "$normal" = "$four_g $ram_end" ] ||
		fail "ZONE_NORMAL is '$normal', not $four_g $ram_end"
else
	[ -z "$normal" ] || fail "ZONE_NORMAL not empty below 4 GiB: $normal"
fi
echo "zones: DMA $1-$2, Normal ${normal:-empty} (page frames)"

force=0
grep -qw "swiotlb=force" /proc/cmdline && force=1
tlb=$(dmesg | sed -n 's/.*software IO TLB: mapped \[mem \(0x[0-9a-f]*\)-\(0x[0-9a-f]*\)\].*/\1 \2/p')
if [ -z "$tlb" ]; then
	[ $ram_end -le $2 ] && [ $force = 0 ] ||
		fail "no bounce buffers though RAM extends beyond ZONE_DMA or swiotlb=force"
	echo "no bounce buffers: all of RAM is in ZONE_DMA"
	exit 0
fi
set -- $tlb
[ $(($2 / ps)) -le $want ] || fail "bounce buffers at $1-$2, beyond ZONE_DMA"
echo "bounce buffers at $1-$2"
if [ $force = 1 ]; then
	d=/sys/kernel/debug/swiotlb
	mount | grep -q " /sys/kernel/debug " || mount -t debugfs none /sys/kernel/debug ||
		fail "cannot mount debugfs"
	hw=$(cat $d/io_tlb_used_hiwater) || fail "no $d/io_tlb_used_hiwater"
	[ "$hw" -gt 0 ] || fail "swiotlb=force, yet no slot of the bounce buffers was ever used"
	echo "swiotlb=force: up to $hw slots in use at once"
fi
