#!/usr/bin/env python3
"""make run: build a kernel and boot it in QEMU to a busybox shell.

With a terminal on stdin the shell is interactive on the serial console
('exit' powers the guest off; Ctrl-A X quits QEMU).  Without one, the
guest runs a short demonstration (uname, /proc/cpuinfo, a few applets)
and powers off; the run fails if it hangs or the kernel reports a WARN,
BUG, oops or panic.

The kernel is the port once it reaches user space (tests/expectations
has no skip-port line), else the baseline; KERNEL=port|baseline chooses.

ROOTFS=debian boots a Debian bookworm system instead, under systemd,
from a virtio-blk-pci disk made afresh from the cached root file system
of the debian test group (scripts/debian-rootfs.sh) with the kernel's
modules: 'root' logs in on the serial console without a password, and
'poweroff' ends QEMU.  Without a terminal, the system runs the debian
group's checks (a reboot, then a power-off) and the run fails unless
they pass.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wb  # noqa: E402


def port_skipped():
    with open(os.path.join(wb.TOP, "tests", "expectations")) as f:
        for line in f:
            if line.split()[:1] == ["skip-port"]:
                return line.split(None, 2)[2].strip()
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", default="")
    ap.add_argument("--machine", default="")
    ap.add_argument("--rootfs", default="")
    args = ap.parse_args()
    if args.rootfs not in ("", "debian"):
        wb.die(f"run: ROOTFS={args.rootfs}: the one root file system offered is 'debian'")

    kernel = args.kernel
    if not kernel:
        why = port_skipped()
        kernel = "baseline" if why else "port"
        if why:
            print(f"run: booting the baseline: {why} (KERNEL=port to try it)")
    if kernel not in wb.KERNELS:
        wb.die(f"run: KERNEL={kernel}: use port or baseline")
    machines = wb.machines()
    mname = args.machine or "a57"
    if mname not in machines:
        wb.die(f"run: MACHINE={mname}: not in tests/machines ({', '.join(machines)})")
    m = machines[mname]

    print(f"run: building the {kernel}", flush=True)
    img, err = wb.build_kernel(kernel, log=sys.stderr, **wb.env_config())
    if not img:
        wb.die(f"run: {err}")
    log = os.path.join(wb.BUILD, "run", f"{kernel}.log")
    if args.rootfs:
        run_debian(kernel, img, m, log)
        return
    initrd = wb.initrd_for(img, wb.build_userspace())

    if sys.stdin.isatty():
        print(f"run: {kernel} on {m}; 'exit' in the shell powers off, Ctrl-A X quits QEMU",
              flush=True)
        b = wb.boot(img, initrd, m, "wb_mode=demo wb_shell=1", 0, log,
                    interactive=True)
        sys.exit(b.rc)

    print(f"run: {kernel} on {m}, no terminal: demonstration, then power-off",
          flush=True)
    b = wb.boot(img, initrd, m, "wb_mode=demo", 300, log)
    print(b.text)
    reports = b.reports()
    if b.timed_out:
        wb.die(f"run: the guest did not power off within 300s (log: {log}): "
               "boot with -d int,guest_errors to see where it hangs")
    if not b.finished():
        wb.die(f"run: the guest stopped before the demonstration ended (log: {log})")
    if reports:
        wb.die(f"run: the kernel reported: {reports[0][1]} (log: {log})")
    print(f"run: {kernel} booted, ran the demonstration and powered off cleanly")


def run_debian(kernel, img, m, log):
    if wb.env_config()["test"]:
        wb.die("run: ROOTFS=debian boots the normal kernels: drop TEST=1")
    print("run: the Debian root file system (the first time: debootstrap, then "
          "its second stage in QEMU, some minutes)", flush=True)
    rootfs, err = wb.debian_rootfs(img, img, os.path.join(wb.BUILD, "run",
                                                          f"debian-{kernel}.img"))
    if not rootfs:
        wb.die(f"run: {err}")
    if sys.stdin.isatty():
        print(f"run: Debian on the {kernel}, {m}; log in as root (no password), "
              "'poweroff' ends QEMU, Ctrl-A X quits it", flush=True)
        b = wb.boot(img, None, m, "", 0, log, interactive=True, rootfs=rootfs)
        sys.exit(b.rc)
    print(f"run: Debian on the {kernel}, {m}, no terminal: the debian group's "
          "checks, then power-off", flush=True)
    b = wb.boot(img, None, m, "wb_mode=tests", 900, log, rootfs=rootfs)
    print(b.text)
    failed = [n for n, (ok, _, _) in b.tap().items() if not ok]
    if b.ended:
        wb.die(f"run: {b.ended} (log: {log})")
    if b.reports():
        wb.die(f"run: the kernel reported: {b.reports()[0][1]} (log: {log})")
    if failed or "# runner: done" not in b.text or b.rc != 0:
        wb.die(f"run: the checks did not all pass and power off ({', '.join(failed)}; "
               f"log: {log})")
    print(f"run: Debian booted on the {kernel}, passed its checks and powered off cleanly")


if __name__ == "__main__":
    main()
