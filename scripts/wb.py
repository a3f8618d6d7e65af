"""Host side of the workbench: machines, kernels and QEMU boots.

Shared by check.py (the test suite) and run.py (make run).  A boot runs
qemu-system-aarch64 with a hard timeout, keeps the whole console log, and
reads from it the runner's TAP lines and any kernel report (WARN, BUG,
oops, panic, lockdep, hung task) that must fail the run, except those a
test provoked on purpose inside an expect-report window.
"""
import json
import os
import re
import shlex
import shutil
import socket
import struct
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(TOP, "build")
QEMU = "qemu-system-aarch64"
# Debian's U-Boot for QEMU's virt machine (package u-boot-qemu).
UBOOT = "/usr/lib/u-boot/qemu_arm64/u-boot.bin"
# Debian's EDK2 for QEMU's virt machine (package qemu-efi-aarch64): the
# firmware, and the variable store each boot starts from.
AAVMF_CODE = "/usr/share/AAVMF/AAVMF_CODE.fd"
AAVMF_VARS = "/usr/share/AAVMF/AAVMF_VARS.fd"

# Kernel reports that fail a boot wherever they appear in the console log.
# Only kernel lines are searched (they carry a printk timestamp), so a
# test's own output cannot trip them.
BAD_REPORTS = [
    (r"------------\[ cut here \]------------", "kernel WARN/BUG"),
    (r"WARNING: CPU: \d+ PID: \d+", "kernel WARNING"),
    (r"\bBUG: ", "kernel BUG"),
    (r"kernel BUG at", "kernel BUG"),
    (r"Internal error: ", "kernel oops"),
    (r"\bOops\b", "kernel oops"),
    (r"Unable to handle kernel", "kernel fault"),
    (r"Kernel panic", "kernel panic"),
    (r"possible circular locking dependency", "lockdep"),
    (r"possible recursive locking", "lockdep"),
    (r"inconsistent lock state", "lockdep"),
    (r"DEBUG_LOCKS_WARN_ON", "lockdep"),
    (r"INFO: lockdep is turned off", "lockdep"),
    (r"suspicious RCU usage", "lockdep (RCU)"),
    (r"INFO: task \S+ blocked for more than", "hung task"),
    (r"rcu: INFO: rcu_\w+ detected stall", "RCU stall"),
    (r"soft lockup", "soft lockup"),
    (r"KASAN", "KASAN"),
    (r"UBSAN", "UBSAN"),
    # Power-off and reboot stop the other CPUs first (smp_send_stop).
    (r"failed to stop secondary CPUs", "CPUs not stopped"),
    # A secondary CPU that did not start or stop (arm64's messages, then
    # the port's).
    (r"CPU\d+: (failed to (boot|come online|die)|did not die|may not have|"
     r"[Uu]nknown IPI|enable-method \S+ could not start|could not power off|"
     r"started by \S+ but not online)", "CPU start/stop failed"),
]
# A test that makes the kernel report a bug on purpose (tests/checkers/)
# writes these two kernel lines (to /dev/kmsg) around it:
#   wb: expect-report begin NAME
#   wb: expect-report end NAME
# Reports between a begin and the end of the same NAME are the test's
# to judge: it reads them back from dmesg and fails unless they are
# exactly the ones it provoked, so an unrelated report that lands in
# the window (another CPU's WARN) still fails, through the test.  A
# window must be closed, one at a time, by its own NAME: otherwise the
# boot fails and the reports inside count as usual.
EXPECT = re.compile(r"wb: expect-report (begin|end) (\S+)")
# A test that stops the kernel on purpose (tests/fatal/) writes
#   wb: expect-fatal GROUP/NAME
# just before: the console after that kernel line is the test's, judged
# by check.py (FATAL_TESTS), and its reports do not fail the boot.
EXPECT_FATAL = re.compile(r"wb: expect-fatal (\S+)")
PRINTK = re.compile(r"\[\s*\d+\.\d{6}\]")
TAP = re.compile(r"^(not )?ok (\d+) (\S+)(?: # (.*))?$")


def die(msg):
    print(msg, file=sys.stderr)
    sys.exit(2)


def read_table(path, ncols, optional=0):
    """Rows of a whitespace-separated data file, comments dropped; the
    last `optional` columns may be left out."""
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            if not ncols - optional <= len(line) <= ncols:
                die(f"{os.path.relpath(path, TOP)}:{n}: expected {ncols} columns")
            rows.append(line)
    return rows


class Machine:
    def __init__(self, name, cpu, smp, el, gic, mem, boot="psci"):
        self.name, self.cpu, self.smp = name, cpu, int(smp)
        self.el, self.gic, self.mem = int(el), int(gic), mem
        # spin+N: N more cpu nodes in the DT than QEMU has CPUs;
        # spin-el2traps: the firmware leaves EL2's controls set to trap.
        m = re.fullmatch(r"spin\+([1-7])", boot)
        self.boot, self.phantom = ("spin", int(m.group(1))) if m else (boot, 0)
        # icount: PSCI, with QEMU counting instructions (its PMU's
        # INST_RETIRED exists only then).
        self.icount = boot == "icount"
        if self.icount:
            self.boot = "psci"
        # uboot: PSCI, with Debian's U-Boot as the firmware (-bios): it
        # takes the kernel and initrd QEMU offers through fw_cfg and
        # starts them with booti, the device tree being QEMU's.
        # ubootefi: the same U-Boot, which finds no kernel through fw_cfg
        # (QEMU gets none) and boots from a disk (bootefi_disk()): its
        # script starts the Image with bootefi, as a UEFI application,
        # the EFI stub loading the initrd named on the command line.
        self.bootefi = boot == "ubootefi"
        self.uboot = boot in ("uboot", "ubootefi")
        if self.uboot:
            self.boot = "psci"
        # uefi: PSCI, with Debian's EDK2 as the firmware (pflash): it
        # starts the kernel QEMU offers through fw_cfg as a UEFI
        # application, which the EFI stub in the Image makes it, with
        # the initrd through the LoadFile2 protocol.
        self.uefi = boot == "uefi"
        if self.uefi:
            self.boot = "psci"
        self.el2_traps = boot == "spin-el2traps"
        if self.el2_traps:
            self.boot = "spin"
            if self.el != 2:
                die(f"tests/machines: {name}: spin-el2traps enters at EL2: EL must be 2")
        boot = self.boot
        if self.el not in (1, 2):
            die(f"tests/machines: {name}: EL must be 1 or 2")
        if self.gic == 2 and self.smp > 8:
            die(f"tests/machines: {name}: GICv2 takes at most 8 CPUs")
        if boot not in ("psci", "spin"):
            die(f"tests/machines: {name}: BOOT must be psci, icount, uboot, ubootefi, uefi, spin, "
                "spin+N or spin-el2traps")
        if boot == "spin" and self.smp + self.phantom > 8:
            die(f"tests/machines: {name}: the spin-table pen has 8 slots")

    def qemu_args(self):
        m = f"virt,gic-version={self.gic}"
        if self.el == 2:
            m += ",virtualization=on"
        if self.uefi:
            # EDK2 hands the OS the device tree only when QEMU gives it
            # no ACPI tables; neither kernel is built with ACPI.
            m += ",acpi=off"
        icount = ["-icount", "shift=0,align=off,sleep=off"] if self.icount else []
        # The firmware changes the machine (QEMU leaves out the devices
        # it keeps for itself, such as the PL061): the device tree the
        # harness dumps and edits must be made with it too.
        bios = []
        if self.uboot:
            if not os.path.exists(UBOOT):
                die(f"{UBOOT} not found: run 'make deps' (apt-get install u-boot-qemu)")
            bios = ["-bios", UBOOT]
        if self.uefi:
            for f in (AAVMF_CODE, AAVMF_VARS):
                if not os.path.exists(f):
                    die(f"{f} not found: run 'make deps' (apt-get install qemu-efi-aarch64)")
            # The variables start from Debian's empty store each boot:
            # snapshot=on keeps what the guest writes until QEMU exits,
            # across the guest's reboots, and never in the file.
            bios = ["-drive", f"if=pflash,format=raw,readonly=on,file={AAVMF_CODE}",
                    "-drive", f"if=pflash,format=raw,snapshot=on,file={AAVMF_VARS}",
                    "-smbios", f"type=1,serial={self.dmi_serial()}"]
        return ["-M", m, "-cpu", self.cpu, "-smp", str(self.smp),
                "-m", self.mem] + icount + bios

    def dmi_serial(self):
        """The SMBIOS serial number a UEFI machine's firmware is given
        (efi/dmi reads it back, told by wb_dmi_serial=)."""
        return f"wb-{self.name}"

    def __str__(self):
        return (f"{self.name} ({self.cpu}, {self.smp} CPU, EL{self.el}, "
                f"GICv{self.gic}, {self.mem}"
                + (", spin-table" if self.boot == "spin" else "")
                + (f" + {self.phantom} absent in the DT" if self.phantom else "")
                + (", EL2 left trapping" if self.el2_traps else "")
                + (", -icount" if self.icount else "")
                + (", U-Boot bootefi" if self.bootefi else
                   ", U-Boot booti" if self.uboot else "")
                + (", UEFI (EDK2)" if self.uefi else "")
                + ")")


def machines():
    return {r[0]: Machine(*r) for r in
            read_table(os.path.join(TOP, "tests", "machines"), 7, optional=1)}


KERNELS = {
    # name: (ARCH, build folder prefix)
    "port": "aarch64",
    "baseline": "arm64",
}


def kernel_dir(kernel, test=False, page="4k", va="39", harden=True,
               trace=True):
    """A kernel's build folder,
    build/out/ARCH-PAGE-vaVA[-test|[-plain][-notrace]]: -test for the
    checkers' configuration, -plain for a normal kernel built without
    the hardening fragments (HARDEN=0), -notrace for one without
    configs/tracing.config (TRACE=0).  The one place that names it: the
    Makefile and shell scripts ask for it on the command line (see
    main)."""
    suffix = f"{page}-va{va}"
    if test:
        suffix += "-test"
    else:
        suffix += ("" if harden else "-plain") + ("" if trace else "-notrace")
    return os.path.join(BUILD, "out", f"{KERNELS[kernel]}-{suffix}")


# A kernel build's progress: the compiles kbuild has logged so far
# ("  CC ", "  AS " lines of OUTDIR/*.log), against the count and time of
# the folder's last full build, kept in OUTDIR/.wb-progress.
PROGRESS_FILE = ".wb-progress"
COMPILE_RE = re.compile(rb"^  (CC|AS) ", re.M)


def _compiles(out):
    n = 0
    for name in ("build.log", "modules.log", "extmod.log"):
        try:
            with open(os.path.join(out, name), "rb") as f:
                n += len(COMPILE_RE.findall(f.read()))
        except OSError:
            pass
    return n


def _mmss(seconds):
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


class BuildProgress:
    """Reports a build in progress on stderr: on a terminal, one line
    rewritten every 2 s; otherwise a line a minute (CI logs)."""

    def __init__(self, what, out):
        self.what, self.out = what, out
        self.tty = sys.stderr.isatty()
        self.start = time.monotonic()
        self.last = self.start
        self.prev = None
        try:
            with open(os.path.join(out, PROGRESS_FILE)) as f:
                c, t = f.read().split()
                self.prev = (int(c), float(t))
        except (OSError, ValueError):
            pass

    def line(self):
        done = _compiles(self.out)
        el = time.monotonic() - self.start
        msg = f"build {self.what}: {done} compiles, {_mmss(el)} elapsed"
        if self.prev and self.prev[0]:
            pc, pt = self.prev
            msg += (f"; the last full build of this folder: {pc} compiles "
                    f"in {_mmss(pt)}")
            if done < pc:
                msg += f", so about {_mmss(pt * (1 - done / pc))} to go"
        return msg

    def tick(self):
        now = time.monotonic()
        if now - self.last >= (2 if self.tty else 60):
            self.last = now
            if self.tty:
                sys.stderr.write("\r\033[K" + self.line())
            else:
                sys.stderr.write(self.line() + "\n")
            sys.stderr.flush()

    def done(self, ok):
        if self.tty:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
        if ok:
            # The estimate is for a full build: a build that recompiled
            # a few files (a usual incremental one) keeps the old figures.
            done = _compiles(self.out)
            if done and (not self.prev or done * 2 >= self.prev[0]):
                with open(os.path.join(self.out, PROGRESS_FILE), "w") as f:
                    f.write(f"{done} {time.monotonic() - self.start:.0f}\n")


def kernel_cache():
    """Where make check keeps finished kernels across clean clones
    (build-kernel.sh, WB_KERNEL_CACHE): $WB_KERNEL_CACHE if set ("off"
    for none), else /var/cache/aarch64-wb-kernels, or
    ~/.cache/aarch64-wb-kernels where that cannot be made."""
    d = os.environ.get("WB_KERNEL_CACHE", "")
    if d == "off":
        return ""
    if d:
        return d
    for d in ("/var/cache/aarch64-wb-kernels",
              os.path.join(os.environ.get("XDG_CACHE_HOME") or
                           os.path.expanduser("~/.cache"), "aarch64-wb-kernels")):
        try:
            os.makedirs(d, exist_ok=True)
            if os.access(d, os.W_OK):
                return d
        except OSError:
            pass
    return ""


def env_config():
    """The kernel configuration make asks for, from PAGE, VA, TEST,
    HARDEN and TRACE in the environment (defaults 4k, 39, 0, 1, 1): the
    keyword arguments of kernel_dir() and build_kernel()."""
    return dict(page=os.environ.get("PAGE", "4k"),
                va=os.environ.get("VA", "39"),
                test=os.environ.get("TEST", "0") == "1",
                harden=os.environ.get("HARDEN", "1") != "0",
                trace=os.environ.get("TRACE", "1") != "0")


def build_kernel(kernel, test=False, page="4k", va="39", log=None,
                 harden=True, cache=False, trace=True):
    """Build one kernel; return (image path or None, error line).  With
    cache, a kernel built from the same inputs before is taken from
    kernel_cache() instead."""
    arch = KERNELS[kernel]
    out = kernel_dir(kernel, test, page, va, harden, trace)
    env = dict(os.environ, PAGE=page, VA=va, TEST="1" if test else "0",
               HARDEN="1" if harden else "0", TRACE="1" if trace else "0",
               WB_KERNEL_CACHE=kernel_cache() if cache else "")
    progress = BuildProgress(os.path.basename(out), out)
    p = subprocess.Popen(["sh", os.path.join(TOP, "scripts", "build-kernel.sh"),
                          arch, out], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    # build-kernel.sh writes little to its pipes (make's output goes to
    # the logs in OUTDIR), so reading them only at the end cannot stall it.
    while p.poll() is None:
        progress.tick()
        time.sleep(0.5)
    stdout, stderr = p.communicate()
    progress.done(p.returncode == 0)
    if log:
        log.write(stderr)
    if p.returncode != 0:
        err = [l for l in stderr.splitlines() if l.strip()]
        return None, (err[-1] if err else f"{arch} build failed")
    return stdout.strip().splitlines()[-1], ""


def build_userspace():
    r = subprocess.run(["sh", os.path.join(TOP, "scripts", "build-userspace.sh")],
                       stdout=subprocess.PIPE, text=True)
    if r.returncode != 0:
        die("build-userspace failed: see the message above")
    return r.stdout.strip().splitlines()[-1]


def initrd_for(image, base, extra=()):
    """The initrd of a kernel's boots: the shared user space (`base`,
    build-userspace.sh's initramfs), the archives of `extra` (such as
    perf.cpio, for the rows that run the tools group), then the kernel's
    own modules.cpio (build-kernel.sh: /lib/modules/KVER with depmod's
    tables); the kernel unpacks them in that order.  Written beside the
    kernel's build as initrd.cpio (initrd-NAME-....cpio with extras)
    when a part changed; a kernel without modules or extras boots
    `base` itself."""
    out = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(image))))
    mods = os.path.join(out, "modules.cpio")
    parts = [base] + list(extra) + ([mods] if os.path.isfile(mods) else [])
    if len(parts) == 1:
        return base
    name = "-".join(["initrd"] + [os.path.splitext(os.path.basename(e))[0]
                                  for e in extra])
    initrd = os.path.join(out, name + ".cpio")
    try:
        fresh = os.path.getmtime(initrd) >= max(os.path.getmtime(p) for p in parts)
    except OSError:
        fresh = False
    if not fresh:
        tmp = initrd + ".tmp"
        with open(tmp, "wb") as w:
            for part in parts:
                with open(part, "rb") as r:
                    shutil.copyfileobj(r, w)
        os.replace(tmp, initrd)
    return initrd


def debian_rootfs(base_image, image, out):
    """The Debian system of the debian test group for the kernel image
    (a normal kernel's Image): an ext4 image at out with that kernel's
    modules, made by scripts/debian-rootfs.sh from the cached root file
    system (made first, if need be, with base_image running debootstrap's
    second stage).  Returns (path, "") or (None, why)."""
    script = os.path.join(TOP, "scripts", "debian-rootfs.sh")
    kdir = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(image))))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    for cmd in (["base", base_image], ["image", kdir, out]):
        r = subprocess.run(["sh", script] + cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            err = r.stderr.strip().splitlines()
            return None, err[-1] if err else f"debian-rootfs.sh {cmd[0]}: exit {r.returncode}"
    return out, ""


def qemu_check():
    if not shutil.which(QEMU):
        die(f"{QEMU} not found: run 'make deps' (apt-get install qemu-system-arm)")


class Boot:
    """One QEMU boot and what its console said."""

    def __init__(self, log_path):
        self.log_path = log_path
        self.text = ""
        self.timed_out = False
        self.ended = ""  # why the harness ended the boot, if it did
        self.rc = None
        self.seconds = 0.0
        # pci boots: (what the host gave the guest's virtio-serial port,
        # what the guest wrote to it)
        self.pci_token = None

    def tap(self):
        """The runner's results: {name: (ok, skip, comment)}.  A failed
        test's comment ends with the last line it printed that starts
        with "FAIL" (the C tests' wb_fail()), else its last line, so
        that the report says which check failed."""
        res = {}
        said = []
        for line in self.text.splitlines():
            line = line.rstrip("\r")
            if line.startswith("# run "):
                said = []
            elif line.startswith("# "):
                said.append(line[2:])
            m = TAP.match(line)
            if m:
                comment = m.group(4) or ""
                skip = comment.startswith("SKIP")
                ok = m.group(1) is None
                if not ok and said:
                    fails = [s for s in said if s.startswith("FAIL")]
                    last = (fails or said)[-1].strip()
                    comment += f": {last[:300]}"
                res[m.group(3)] = (ok, skip, comment)
                said = []
        return res

    def finished(self):
        return "# runner: done" in self.text

    def fatal_part(self):
        """(GROUP/NAME, console text after its expect-fatal line), or
        (None, "") when no test said it would stop the kernel."""
        for m in EXPECT_FATAL.finditer(self.text):
            line_start = self.text.rfind("\n", 0, m.start()) + 1
            if PRINTK.search(self.text[line_start:m.start()]):
                return m.group(1), self.text[m.end():]
        return None, ""

    def reports(self):
        """Kernel reports that fail the boot: [(kind, line)].  Those of a
        closed expect-report window are left out; a window left open or
        closed out of turn is a report of its own."""
        found = []
        window, held = None, []  # the open window (name, line), its reports

        def broken(why):
            found.append(("expect-report window", why))
            found.extend(held)
            held.clear()

        for line in self.text.splitlines():
            m = PRINTK.search(line)
            if not m:
                continue
            kline = line[m.end():]
            if EXPECT_FATAL.search(kline):
                break
            w = EXPECT.search(kline)
            if w:
                what, name = w.groups()
                if what == "begin":
                    if window:
                        broken(f"'{window[0]}' still open when '{name}' began: {window[1]}")
                    window = (name, line.strip())
                elif window and window[0] == name:
                    held.clear()
                    window = None
                else:
                    broken(f"end of '{name}' outside its window: {line.strip()}")
                    window = None
                continue
            for pat, kind in BAD_REPORTS:
                if re.search(pat, kline):
                    (held if window else found).append((kind, line.strip()))
                    break
        if window:
            broken(f"'{window[0]}' never closed (its test did not finish): {window[1]}")
        return found

    def tail(self, n=40):
        return "\n".join(self.text.splitlines()[-n:])


# A kernel report after which the guest cannot carry on (a panic that did
# not reboot, a stall, a hung task): the boot is ended FATAL_GRACE seconds
# later (time for the trace to be printed) rather than left to run into
# its timeout.  An oops is not among them: the kernel kills the task and
# goes on, and the later tests still say something (the boot fails all
# the same).  A boot whose console says nothing for SILENCE seconds is
# hung: the runner prints a line at least every test timeout (<= 120 s).
FATAL = re.compile(r"\[\s*\d+\.\d{6}\] (Kernel panic|"
                   r"rcu: INFO: rcu_\w+ detected stall|"
                   r"watchdog: BUG: soft lockup|INFO: task \S+ blocked for more than)")
FATAL_GRACE = 10
SILENCE = 180


def watch(p, log_path, b, start, timeout, on_output=None):
    """Wait for QEMU, ending it on a timeout, a fatal report or silence.
    on_output(text), if given, sees the whole console log each time it
    grows; a reason it returns ends the boot at once."""
    fatal_at = stop = None
    size, quiet_since = 0, time.monotonic()
    while True:
        try:
            return p.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
        now = time.monotonic()
        cur = os.path.getsize(log_path)
        if cur != size:
            size, quiet_since = cur, now
            if fatal_at is None or on_output:
                with open(log_path, "rb") as f:
                    text = f.read().decode("utf-8", "replace")
                if on_output:
                    stop = on_output(text)
            if fatal_at is None:
                m = FATAL.search(text)
                if m:
                    fatal_at = now
                    b.ended = f"ended {FATAL_GRACE}s after '{m.group(1).strip()}'"
        reason = None
        if stop:
            reason = stop
        elif now - start > timeout:
            reason, b.timed_out = f"no power-off within {timeout}s", True
        elif fatal_at is not None and now - fatal_at > FATAL_GRACE:
            reason = b.ended
        elif now - quiet_since > SILENCE:
            reason, b.timed_out = f"no console output for {SILENCE}s (hung)", True
        if reason:
            b.ended = reason
            p.kill()
            p.wait()
            return None


# The test boots' disk: an empty 16 MiB image per boot, given to the
# guest as /dev/vda through a modern (version 2) virtio-mmio transport
# with VIRTIO_F_ACCESS_PLATFORM (iommu_platform=on), so that the driver
# maps its buffers with the DMA API (tests/smoke/disk.sh).  QEMU marks
# its virtio-mmio nodes "dma-coherent"; a PSCI boot with a disk gets
# QEMU's own device tree less those properties (noncoherent_dtb()), so
# that the kernel takes its non-coherent DMA path for every transfer.
# Spin-table boots keep them (their firmware makes its own tree): the
# coherent path.
DISK_BYTES = 16 << 20


def noncoherent_dtb(machine, path):
    """Write QEMU's device tree for machine to path, without
    "dma-coherent" on the virtio-mmio transports."""
    args = machine.qemu_args()
    args[1] += f",dumpdtb={path}"
    r = subprocess.run([QEMU] + args + ["-display", "none", "-nic", "none"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0 or not os.path.exists(path):
        die(f"QEMU could not dump the device tree of {machine.name}: {r.stdout.strip()[-200:]}")
    nodes = subprocess.run(["fdtget", "-l", path, "/"], stdout=subprocess.PIPE,
                           text=True, check=True).stdout.split()
    for n in nodes:
        if n.startswith("virtio_mmio@"):
            subprocess.run(["fdtput", "-d", path, "/" + n, "dma-coherent"], check=True)


def kaslr_seed(append):
    """The wb_kaslr_seed= of a command line: None, "none", or the seed as
    an integer (0x-prefixed hex in tests/plan)."""
    m = re.search(r"(?:^| )wb_kaslr_seed=(\S*)", append)
    if not m:
        return None
    v = m.group(1)
    if v == "none":
        return v
    if not re.fullmatch(r"0|0x[0-9a-fA-F]{1,16}", v):
        die(f"wb_kaslr_seed={v}: write 0x<up to 16 hex digits>, 0 or none")
    return int(v, 16)


def set_kaslr_seed(path, seed):
    """Give the device tree at path the KASLR seed seed (kaslr_seed()):
    /chosen/kaslr-seed, two big-endian 32-bit cells, or none at all."""
    if seed == "none":
        cmd = ["fdtput", "-d", path, "/chosen", "kaslr-seed"]
    else:
        cmd = ["fdtput", "-t", "x", path, "/chosen", "kaslr-seed",
               f"{seed >> 32:x}", f"{seed & 0xffffffff:x}"]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        die(f"cannot set the KASLR seed in {path}: {r.stdout.strip()}")


def disk_args(path):
    with open(path, "wb") as f:
        f.truncate(DISK_BYTES)
    return ["-global", "virtio-mmio.force-legacy=false",
            "-drive", f"if=none,file={path},format=raw,id=wbdisk",
            "-device", "virtio-blk-device,drive=wbdisk,iommu_platform=on"]


# The PCI Express devices of the boots that run the pci test group
# (tests/pci/), all behind the virt machine's ECAM host bridge: a
# virtio-blk, an NVMe and a USB mass-storage disk (on an xHCI
# controller), each a small empty image of its own; a virtio-net NIC on
# a user-mode network that cannot reach the host or beyond
# (restrict=on); a virtio-rng; a virtio-serial port on which the host
# gives the guest a random token and receives what the guest writes
# back (PciToken); and an empty PCIe root port, for hot-plug (Hotplug).
# The NIC has no option ROM (romfile=): nothing boots from it, and the
# ROM would need Debian's ipxe-qemu.  The files are beside the boot's
# log, removed afterwards.
PCI_DISK_BYTES = 4 << 20

# Hot-plug: pci/hotplug asks for it on the console (a "wb-hotplug: add"
# or "wb-hotplug: remove" line); the host then plugs a virtio-blk-pci
# function into the empty root port, or unplugs it, through QEMU's QMP
# monitor (a socket beside the log).  The guest's PCIe hot-plug driver
# must see the slot's events by itself.
HOTPLUG_MARKS = {
    "add": {"execute": "device_add",
            "arguments": {"driver": "virtio-blk-pci", "bus": "wbslot",
                          "drive": "pcihotplug", "serial": "wb-hotplug",
                          "id": "wbhotplug"}},
    "remove": {"execute": "device_del", "arguments": {"id": "wbhotplug"}},
}


def qmp(path, command):
    """Run one QMP command on QEMU's monitor socket at path; returns
    an error message, or "" on success."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sk:
            sk.settimeout(10)
            sk.connect(path)
            f = sk.makefile("rw")
            f.readline()  # the greeting
            for cmd in ({"execute": "qmp_capabilities"}, command):
                f.write(json.dumps(cmd) + "\n")
                f.flush()
                while True:
                    r = json.loads(f.readline())
                    if "event" not in r:
                        break
                if "error" in r:
                    return f"{cmd['execute']}: {r['error'].get('desc', r['error'])}"
    except (OSError, ValueError) as e:
        return f"QMP on {path}: {e}"
    return ""


class Hotplug:
    """The host's half of pci/hotplug: each mark the guest prints is
    acted on once; a failed QMP command is reported on stderr (the
    guest's test then fails, waiting for the device)."""

    def __init__(self, sock):
        self.sock = sock
        self.done = []

    def __call__(self, text):
        for mark, cmd in HOTPLUG_MARKS.items():
            if mark not in self.done and re.search(f"^wb-hotplug: {mark}\r?$", text, re.M):
                self.done.append(mark)
                err = qmp(self.sock, cmd)
                if err:
                    print(f"wb: hot-plug {mark}: {err}", file=sys.stderr)


class PciToken:
    """The host's end of the virtio-serial port: a pair of FIFOs, PATH.in
    (to the guest) and PATH.out (from it), which QEMU's pipe chardev
    opens.  The host holds both open read-write for the whole boot, so
    neither side ever blocks on an open, the token waits in PATH.in
    until the guest reads it, and what the guest writes stays in
    PATH.out after QEMU has exited."""

    def __init__(self, path):
        self.path = path
        self.token = f"wb-token-{os.urandom(8).hex()}\n"
        for end in (".in", ".out"):
            if os.path.exists(path + end):
                os.unlink(path + end)
            os.mkfifo(path + end)
        self.fd_in = os.open(path + ".in", os.O_RDWR)
        os.write(self.fd_in, self.token.encode())
        self.fd_out = os.open(path + ".out", os.O_RDWR | os.O_NONBLOCK)

    def close(self):
        """(the token given, what the guest wrote back)"""
        got = b""
        while True:
            try:
                chunk = os.read(self.fd_out, 4096)
            except BlockingIOError:
                break
            if not chunk:
                break
            got += chunk
        os.close(self.fd_in)
        os.close(self.fd_out)
        return self.token, got.decode("utf-8", "replace")


def pci_args(base):
    """QEMU arguments for the pci group's devices; base is the path
    prefix of their files.  Returns (args, files, PciToken)."""
    files = []
    args = []
    if os.path.exists(f"{base}.qmp"):
        os.unlink(f"{base}.qmp")
    for drive in ("virtio", "nvme", "usb", "hotplug"):
        path = f"{base}.pci-{drive}.img"
        with open(path, "wb") as f:
            f.truncate(PCI_DISK_BYTES)
        files.append(path)
        args += ["-drive", f"if=none,file={path},format=raw,id=pci{drive}"]
    token = PciToken(f"{base}.pci-token")
    files += [token.path + ".in", token.path + ".out"]
    args += [
        "-device", "virtio-blk-pci,drive=pcivirtio,serial=wb-virtio-blk",
        "-device", "nvme,drive=pcinvme,serial=wb-nvme",
        "-device", "qemu-xhci,id=xhci",
        "-device", "usb-storage,bus=xhci.0,drive=pciusb,serial=wb-usb",
        "-netdev", "user,id=wbnet,restrict=on",
        "-device", "virtio-net-pci,netdev=wbnet,mac=52:54:00:12:34:56,romfile=",
        "-device", "virtio-rng-pci",
        "-chardev", f"pipe,id=wbtoken,path={token.path}",
        "-device", "virtio-serial-pci",
        "-device", "virtserialport,chardev=wbtoken,name=wb.token",
        "-device", "pcie-root-port,id=wbslot,chassis=1,slot=1",
        "-qmp", f"unix:{base}.qmp,server=on,wait=off",
    ]
    files.append(f"{base}.qmp")
    return args, files, token


# The debian test group's boots (tests/debian/): the root file system
# is an ext4 image of a Debian system (scripts/debian-rootfs.sh) on a
# virtio-blk-pci disk, mounted by the kernel (no initrd), or on an NVMe
# disk, whose driver is a module: then the image's initramfs loads it
# and mounts the root (tests/debian/initrd-init.sh).  The other of the
# two is an empty data disk.  A virtio-net NIC on a user-mode network
# that cannot reach the host or beyond (restrict=on), whose DHCP server
# gives the guest its address, and a virtio-rng complete the machine;
# udev loads their drivers.  QEMU runs without -no-reboot: the checks
# reboot the system once, then power it off.
DEBIAN_DATA_BYTES = 64 << 20
DEBIAN_ROOTS = ("virtio", "nvme")


def debian_args(base, rootfs, root="virtio"):
    """QEMU arguments and command-line parameters for a boot of the
    Debian system on the image rootfs from the disk root (virtio or
    nvme); base is the path prefix of the data disk's file.  Returns
    (args, parameters, files)."""
    if root not in DEBIAN_ROOTS:
        die(f"the Debian system boots from {' or '.join(DEBIAN_ROOTS)}, not {root}")
    data = f"{base}.data.img"
    with open(data, "wb") as f:
        f.truncate(DEBIAN_DATA_BYTES)
    disks = {"virtio": rootfs, "nvme": data} if root == "virtio" else \
        {"virtio": data, "nvme": rootfs}
    args = [
        "-drive", f"if=none,file={disks['virtio']},format=raw,id=vblk",
        "-device", "virtio-blk-pci,drive=vblk,serial=wb-virtio",
        "-drive", f"if=none,file={disks['nvme']},format=raw,id=nvme",
        "-device", "nvme,drive=nvme,serial=wb-nvme",
        "-netdev", "user,id=wbnet,restrict=on",
        "-device", "virtio-net-pci,netdev=wbnet,romfile=",
        "-device", "virtio-rng-pci",
    ]
    if root == "nvme":
        args += ["-initrd", rootfs + ".initrd"]
        return args, "root=/dev/nvme0n1 rw wb_root=nvme", [data]
    return args, "root=/dev/vda rw wb_root=virtio", [data]


# The boot disk of the ubootefi machines: an MBR with one bootable
# partition, from 1 MiB, holding an ext2 file system (U-Boot 2023.01
# reads no ext4 of today's features) with the Image, the initrd and
# boot.scr, the script U-Boot's distro boot runs from the first
# partition it finds one on.  The script sets the command line
# (bootargs, which bootefi hands the application as its load options)
# and starts the Image with bootefi and QEMU's device tree; the EFI
# stub loads initrd.cpio, named by initrd= on that command line, from
# the volume it was loaded from.  The disk is NVMe: virtio0, which
# U-Boot scans first, is the test disk.
BOOTEFI_SCRIPT = """\
setenv bootargs "{cmdline} initrd=initrd.cpio"
load ${{devtype}} ${{devnum}}:${{distro_bootpart}} ${{kernel_addr_r}} Image
bootefi ${{kernel_addr_r}} ${{fdtcontroladdr}}
"""
BOOTEFI_OFFSET = 1 << 20


def bootefi_disk(path, image, initrd, cmdline):
    """Write the boot disk of a ubootefi machine at path; returns the
    QEMU arguments that attach it."""
    if any(c in cmdline for c in '"$\\'):
        die(f"the command line of a U-Boot script cannot hold '\"', '$' or '\\': {cmdline}")
    for tool, pkg in (("mkimage", "u-boot-tools"), ("mke2fs", "e2fsprogs")):
        if not shutil.which(tool):
            die(f"{tool} not found: run 'make deps' (apt-get install {pkg})")
    root = path + ".d"
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    try:
        shutil.copyfile(image, os.path.join(root, "Image"))
        shutil.copyfile(initrd, os.path.join(root, "initrd.cpio"))
        with open(path + ".cmd", "w") as f:
            f.write(BOOTEFI_SCRIPT.format(cmdline=cmdline))
        r = subprocess.run(["mkimage", "-A", "arm64", "-O", "linux", "-T", "script",
                            "-C", "none", "-n", "wb bootefi", "-d", path + ".cmd",
                            os.path.join(root, "boot.scr")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode:
            die(f"mkimage failed making the boot script: {r.stderr.strip()}")
        files = sum(os.path.getsize(os.path.join(root, f)) for f in os.listdir(root))
        fs_mib = files // (1 << 20) + 16
        with open(path, "wb") as f:
            f.truncate(BOOTEFI_OFFSET + (fs_mib << 20))
        r = subprocess.run(["mke2fs", "-q", "-F", "-t", "ext2", "-E",
                            f"offset={BOOTEFI_OFFSET}", "-d", root, path,
                            f"{fs_mib}M"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        if r.returncode:
            die(f"mke2fs failed making the boot disk {path}: {r.stderr.strip()}")
        # The partition: bootable (0x80), type Linux (0x83), its CHS
        # fields the "use the LBA" values, then the MBR's signature.
        start = BOOTEFI_OFFSET // 512
        entry = struct.pack("<B3sB3sII", 0x80, b"\xfe\xff\xff", 0x83,
                            b"\xfe\xff\xff", start, fs_mib << 11)
        with open(path, "r+b") as f:
            f.seek(446)
            f.write(entry + bytes(48) + b"\x55\xaa")
    finally:
        shutil.rmtree(root, ignore_errors=True)
        if os.path.exists(path + ".cmd"):
            os.unlink(path + ".cmd")
    return ["-drive", f"if=none,file={path},format=raw,id=wbboot",
            "-device", "nvme,drive=wbboot,serial=wb-boot"]


# U-Boot's banner.  Its machines run with -no-reboot, so that a reset
# ends QEMU: a second banner means the firmware started again without
# one, the kernel having jumped back into the flash (to address 0),
# and would loop until the timeout.
UBOOT_BANNER = "\nU-Boot 20"


def firmware_restart(text):
    if text.count(UBOOT_BANNER) > 1:
        return "U-Boot started again: the kernel jumped back into the firmware"
    return None


def boot(image, initrd, machine, append, timeout, log_path, icount=False,
         interactive=False, extra=(), disk=False, pci=False, rootfs=None,
         root="virtio"):
    """Boot image on machine; with disk, the guest gets an empty disk
    (disk_args(), an image beside log_path, removed afterwards); with
    pci, the PCI Express devices of pci_args(); with rootfs, the Debian
    system of that image, from the disk root, and the devices of
    debian_args(), instead of initrd."""
    qemu_check()
    disk_path = os.path.splitext(log_path)[0] + ".disk" if disk else None
    dev_files = []
    dtb_path = boot_disk = None
    seed = kaslr_seed(append)
    if seed is not None and (machine.boot != "psci" or not disk):
        die(f"wb_kaslr_seed= needs a PSCI machine booted with a disk (the "
            f"device tree is QEMU's, edited), not {machine.name}")
    if disk_path:
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        extra = list(extra) + disk_args(disk_path)
        if machine.boot == "psci":
            dtb_path = os.path.splitext(log_path)[0] + ".dtb"
            noncoherent_dtb(machine, dtb_path)
            if seed is not None:
                set_kaslr_seed(dtb_path, seed)
            extra += ["-dtb", dtb_path]
    cmdline = f"console=ttyAMA0 earlycon=pl011,0x9000000 panic=-1 {append}"
    if machine.uefi:
        cmdline += f" wb_dmi_serial={machine.dmi_serial()}"
    env = None
    if machine.boot == "spin":
        # EL3 firmware that starts the secondaries with spin-table; the
        # script builds it and the DTB, then execs QEMU (same PID/status).
        args = [os.path.join(TOP, "wrapper", "run-spin-table.sh"),
                image, initrd, str(machine.smp), cmdline]
        env = dict(os.environ, QEMU=QEMU, QEMU_CPU=machine.cpu,
                   QEMU_MEM=machine.mem, QEMU_EL=str(machine.el),
                   QEMU_GIC=str(machine.gic),
                   SPIN_DT_CPUS=str(machine.smp + machine.phantom),
                   SPIN_EL2_TRAPS="1" if machine.el2_traps else "0")
    elif rootfs:
        if machine.boot != "psci":
            die(f"a Debian system boots on a PSCI machine, not {machine.name}")
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        dargs, params, dev_files = debian_args(os.path.splitext(log_path)[0], rootfs, root)
        args = [QEMU] + machine.qemu_args() + [
            "-nographic", "-nic", "none", "-kernel", image,
            "-append", f"{cmdline} {params}"] + dargs
    elif machine.bootefi:
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        boot_disk = os.path.splitext(log_path)[0] + ".boot.img"
        args = [QEMU] + machine.qemu_args() + [
            "-nographic", "-nic", "none", "-no-reboot",
        ] + bootefi_disk(boot_disk, image, initrd, cmdline)
    else:
        args = [QEMU] + machine.qemu_args() + [
            "-nographic", "-nic", "none", "-no-reboot",
            "-kernel", image, "-initrd", initrd, "-append", cmdline,
        ]

    if icount:
        args += ["-icount", "shift=0,align=off"]
    if pci:
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        if machine.boot != "psci":
            die(f"the pci test group needs a PSCI machine, not {machine.name}")
        pargs, dev_files, pci_token = pci_args(os.path.splitext(log_path)[0])
        args += pargs
    args += list(extra)
    b = Boot(log_path)
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    start = time.monotonic()
    if interactive:
        b.rc = subprocess.run(args, env=env).returncode
        b.seconds = time.monotonic() - start
        if pci:
            pci_token.close()
        for f in [disk_path, dtb_path, boot_disk] + dev_files:
            if f and os.path.exists(f):
                os.unlink(f)
        return b
    with open(log_path, "wb") as log:
        log.write(("# " + shlex.join(args) + "\n").encode())
        log.flush()
        p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log,
                             stderr=subprocess.STDOUT, env=env)
        on_output = Hotplug(dev_files[-1]) if pci else None
        if machine.uboot:
            on_output = (lambda t, h=on_output: firmware_restart(t) or (h and h(t)))
        b.rc = watch(p, log_path, b, start, timeout, on_output)
    b.seconds = time.monotonic() - start
    if pci:
        b.pci_token = pci_token.close()
    for f in [disk_path, dtb_path, boot_disk] + dev_files:
        if f and os.path.exists(f):
            os.unlink(f)
    with open(log_path, "rb") as log:
        b.text = log.read().decode("utf-8", "replace")
    return b


def main(argv):
    """wb.py kernel-dir port|baseline TEST PAGE VA [HARDEN [TRACE]]:
    print the kernel's build folder.  TEST is on when it is "1", HARDEN
    and TRACE off when they are "0", as for make."""
    if len(argv) in (5, 6, 7) and argv[0] == "kernel-dir" and argv[1] in KERNELS:
        kernel, test, page, va = argv[1:5]
        harden = argv[5] != "0" if len(argv) >= 6 else True
        trace = argv[6] != "0" if len(argv) == 7 else True
        print(kernel_dir(kernel, test == "1", page, va, harden, trace))
        return 0
    die("usage: wb.py kernel-dir port|baseline TEST PAGE VA [HARDEN [TRACE]]")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
