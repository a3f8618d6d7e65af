# The workbench of the arch/aarch64 port.
#
#   make run       install what is missing, build, boot in QEMU to a shell
#   make check     build and run the whole test suite: "N passed, N failed"
#   make image     build the port; the Image's path is the last line
#   make baseline  build mainline arch/arm64 from the same tree, likewise
#   make bench     micro-benchmarks, port and baseline, under -icount
#                  (their ratios drawn as bars in build/bench/ratios.svg)
#   make profile NAME=signal_self
#                  one benchmark operation's instructions per kernel
#                  function, baseline and port side by side
#   make series    the port as a git format-patch series
#
# Configuration variables (defaults in brackets):
#   PAGE=4k|16k|64k [4k]   VA=39|48|... [39]   TEST=0|1 [0]: add the
#   in-kernel self-tests of configs/test.config
#   HARDEN=1|0 [1]         0 builds the normal kernels without the
#                          hardening of configs/*hardened.config (in
#                          build/out/ARCH-PAGE-vaVA-plain), for make bench
#   TRACE=1|0 [1]          0 builds the normal kernels without the perf
#                          events, tracing, probes and BPF of
#                          configs/tracing.config (in build/out/
#                          ARCH-PAGE-vaVA[-plain]-notrace), for make bench
#   KERNEL=port|baseline   which kernel 'make run' boots (default: the port
#                          once it reaches user space, else the baseline)
#   MACHINE=NAME           a row of tests/machines for 'make run'
#   ROOTFS=debian          'make run' boots a Debian system under systemd
#                          from a disk (root, no password) instead of the
#                          busybox initramfs
#   BOOTS=A,B              'make check' boots only these rows of tests/plan
#                          [all], building only the kernels they need
#                          (and, with the port, the patch series)
#   KERNELS=port|baseline  'make check' builds and boots only this kernel [both]
#   RUNS=N                 boots per kernel for make bench [2]: figures must repeat
#   CPU=MODEL              QEMU's CPU for make bench and make profile [cortex-a57]
#   APPEND=PARAMS          kernel parameters added to both kernels' bench boots
#   WB_PARALLEL=N          boots 'make check' runs side by side [2]

PAGE	?= 4k
VA	?= 39
TEST	?= 0
HARDEN	?= 1
TRACE	?= 1
JOBS	?= $(shell echo $$(( $$(nproc) + 1 )))

TOP	:= $(CURDIR)
B	:= $(TOP)/build
CROSS	:= aarch64-linux-gnu-
# A kernel's build folder, as scripts/wb.py names it (kernel_dir).  Set
# with '=', so that it is asked for only when a recipe runs, after 'deps'
# has installed python3.
kernel_dir = $(or $(shell python3 $(TOP)/scripts/wb.py kernel-dir $(1) '$(TEST)' '$(PAGE)' '$(VA)' '$(HARDEN)' '$(TRACE)'),$(error scripts/wb.py named no build folder for the $(1): see the line above))
PORT_O	= $(call kernel_dir,port)
BASE_O	= $(call kernel_dir,baseline)
PORT_IMAGE = $(PORT_O)/arch/aarch64/boot/Image
BASE_IMAGE = $(BASE_O)/arch/arm64/boot/Image

export PAGE VA TEST HARDEN TRACE JOBS

# What make check boots unless KERNELS says otherwise.  (A variable: a
# comma inside $(or ...) would separate its arguments.)
ALL_KERNELS := baseline,port

.PHONY: all deps tree image baseline initramfs run check bench profile series clean distclean help

all: image

help:
	@sed -n '2,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

deps:
	@sh scripts/deps.sh

tree: deps
	@sh scripts/prepare-tree.sh

# build-kernel.sh configures (scripts/mkconfig.sh) and builds one kernel,
# printing the Image's path as its last line.
image: tree
	@sh scripts/build-kernel.sh aarch64 $(PORT_O)

baseline: tree
	@sh scripts/build-kernel.sh arm64 $(BASE_O)

initramfs: tree
	@sh scripts/build-userspace.sh

run: tree
	@python3 scripts/run.py --kernel "$(KERNEL)" --machine "$(MACHINE)" --rootfs "$(ROOTFS)"

check: tree
	@python3 scripts/check.py --boots "$(BOOTS)" --kernels "$(or $(KERNELS),$(ALL_KERNELS))"

bench: tree
	@python3 scripts/bench.py --runs $(or $(RUNS),2)

profile: tree
	@python3 scripts/profile.py $(or $(NAME),$(error make profile needs NAME=, a figure of make bench: signal_self, fork_exec, ...))

series: tree
	@python3 scripts/series.py --verify

clean:
	rm -rf $(B)/out $(B)/userspace $(B)/check $(B)/bench

distclean:
	rm -rf $(B)
