# The spin-table wrapper's memory map: one definition for the firmware
# (wrapper/Makefile passes these to wrapper.S with -D), the DTB
# (mkdtb.sh) and the QEMU loaders (run-spin-table.sh).
#
# Written as NAME=VALUE lines so that both make (include) and sh (.)
# read it; keep it that way (no spaces around '=', no make functions).
#
# QEMU virt, -M virt,secure=on,virtualization=on, -m 1G:
#   0x00000000  secure flash (64 MiB): wrapper.bin, entered by every CPU
#   0x0e000000  secure SRAM (16 MiB, invisible to the kernel): EL3 stacks
#   0x40000000  RAM start; QEMU copies its own DTB here (unused, not reserved)
#   PEN_BASE    the pen page: release slots + ready word (/memreserve/)
#   KERNEL_BASE the kernel Image (2 MiB aligned; entry = base + text_offset)
#   DTB_ADDR    the spin-table DTB (2 MiB aligned, at most 2 MiB)
#   INITRD_ADDR the initramfs (up to the end of RAM)

PEN_BASE=0x40100000
PEN_SIZE=0x1000
# The pen page: the release slot of CPU n at PEN_BASE + 8n (n < 8), and
# the "slots are zeroed" word that CPU 0 sets at PEN_BASE + PEN_READY_OFF.
PEN_READY_OFF=0x100
KERNEL_BASE=0x40200000
DTB_ADDR=0x48000000
INITRD_ADDR=0x48200000
RAM_BASE=0x40000000
