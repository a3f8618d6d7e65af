#!/usr/bin/env python3
"""Self-tests of the workbench: the harness must be able to fail.

Run by 'make check' before any kernel is built.  Each test feeds the
harness a made-up console log, expectations file or patch and checks
that it reaches the right verdict: a kernel WARN fails a boot unless a
test provoked it inside its expect-report window, a test that printed
'ok' inside another test's output is not counted, an XPASS fails the
run, a patch that no longer applies leaves the tree alone.
"""
import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import unittest.mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wb  # noqa: E402
import check  # noqa: E402
import bench  # noqa: E402


def boot_with(text):
    b = wb.Boot("/dev/null")
    b.text = text
    return b


CLEAN = """[    0.000000] Booting Linux on physical CPU 0x0000000000 [0x411fd070]
# runner: groups smoke
# run smoke/busybox at 1.0
# ok 1 something inside the test
ok 1 smoke/busybox
not ok 2 smoke/other # exit status 1
ok 3 smoke/third # SKIP
1..3
# runner: done; CPUs online: 0-1; poweroff
[    3.000000] reboot: Power down
"""


class ConsoleTests(unittest.TestCase):
    def test_clean_log_has_no_reports(self):
        self.assertEqual(boot_with(CLEAN).reports(), [])

    def test_kernel_reports_are_found(self):
        for line in ["[   12.345678] WARNING: CPU: 1 PID: 42 at mm/x.c:1 f+0x0/0x4",
                     "[    1.000000] BUG: sleeping function called from invalid context",
                     "[    1.000000] Internal error: Oops: 0000000096000004 [#1] SMP",
                     "[    1.000000] Kernel panic - not syncing: Attempted to kill init!",
                     "[    1.000000] WARNING: possible circular locking dependency detected",
                     "[    1.000000] INFO: task kworker/0:1:12 blocked for more than 120 seconds.",
                     "[    1.000000] ------------[ cut here ]------------",
                     "[    1.000000] SMP: failed to stop secondary CPUs 1-3",
                     "[    1.000000] CPU3: started by psci but not online after 5000 ms, giving up",
                     "[    1.000000] CPU2: may not have shut down cleanly: 0x1",
                     "[    1.000000] CPU1: enable-method psci could not start it (-22)"]:
            self.assertTrue(boot_with(CLEAN + line + "\n").reports(), line)

    def test_user_output_is_not_a_kernel_report(self):
        # A test may print these words; only printk lines are searched.
        text = CLEAN + "# BUG: this is a test's own output\n# Kernel panic\n"
        self.assertEqual(boot_with(text).reports(), [])

    def test_expect_report_window(self):
        # A report a test provoked inside its window is the test's to judge.
        begin = "[    4.000000] wb: expect-report begin wb_kasan.7\n"
        bug = "[    5.000000] BUG: KASAN: slab-out-of-bounds in f+0x8/0x40 [wb_kasan]\n"
        ubsan = "[    5.100000] UBSAN: shift-out-of-bounds in lib/test_ubsan.c:58:8\n"
        end = "[    6.000000] wb: expect-report end wb_kasan.7\n"

        def kinds(text):
            return [k for k, _ in boot_with(CLEAN + text).reports()]

        self.assertEqual(kinds(begin + bug + ubsan + end), [])
        # Outside the window the same reports fail the boot.
        self.assertEqual(kinds(bug + begin + end + ubsan), ["kernel BUG", "UBSAN"])
        # A window never closed fails, and hides nothing.
        r = boot_with(CLEAN + begin + bug).reports()
        self.assertEqual([k for k, _ in r], ["expect-report window", "kernel BUG"])
        self.assertIn("'wb_kasan.7' never closed", r[0][1])
        self.assertIn("expect-report begin wb_kasan.7", r[0][1])
        # An end without its begin, or of another window, fails too.
        self.assertEqual(kinds(end + bug), ["expect-report window", "kernel BUG"])
        other = begin + bug + end.replace("wb_kasan.7", "kasan_test.8")
        r = boot_with(CLEAN + other).reports()
        self.assertEqual([k for k, _ in r], ["expect-report window", "kernel BUG"])
        self.assertIn("end of 'kasan_test.8' outside its window", r[0][1])
        # One window at a time: a second begin breaks the first open one.
        nested = begin + bug + begin.replace("wb_kasan.7", "b.9") + \
            end.replace("wb_kasan.7", "b.9")
        self.assertEqual(kinds(nested), ["expect-report window", "kernel BUG"])
        # Markers count only as kernel lines: a test's own output (no
        # printk timestamp) opens no window.
        self.assertEqual(kinds("# wb: expect-report begin x\n" + bug +
                               "# wb: expect-report end x\n"), ["kernel BUG"])

    def test_tap_lines(self):
        tap = boot_with(CLEAN).tap()
        self.assertEqual(tap["smoke/busybox"], (True, False, ""))
        self.assertEqual(tap["smoke/other"][0], False)
        self.assertEqual(tap["smoke/third"], (True, True, "SKIP"))
        self.assertNotIn("something", tap)
        self.assertTrue(boot_with(CLEAN).finished())
        self.assertFalse(boot_with(CLEAN.replace("# runner: done", "")).finished())

    def test_failed_test_says_which_check(self):
        text = ("# run c/a at 1.0\n# first line\n# FAIL a.c:12: x == 1: got 2\n"
                "# after\nnot ok 1 c/a # exit status 1\n"
                "# run c/b at 2.0\n# only line\nnot ok 2 c/b # exit status 3\n"
                "# run c/c at 3.0\n# fine\nok 3 c/c\n")
        tap = boot_with(text).tap()
        self.assertEqual(tap["c/a"], (False, False,
                                      "exit status 1: FAIL a.c:12: x == 1: got 2"))
        self.assertEqual(tap["c/b"][2], "exit status 3: only line")
        self.assertEqual(tap["c/c"], (True, False, ""))

    def test_end_of_boot(self):
        # Every CPU online and the kernel's own last line, QEMU exit 0.
        two = wb.Machine("m", "max", 2, 1, 3, "1G")
        b = boot_with(CLEAN)
        b.rc = 0
        self.assertEqual(check.judge_end(b, two), "")
        self.assertIn("expected '0-2'",
                      check.judge_end(b, wb.Machine("m", "max", 3, 1, 3, "1G")))
        for bad, why in [(CLEAN.replace("0-1;", "0;"), "CPUs online"),
                         (CLEAN.replace("Power down", "Restarting system"), "Power down"),
                         (CLEAN.replace("poweroff", "reboot"), "Restarting system"),
                         (CLEAN.replace("# runner: done", "# runner: gone"), "did not finish")]:
            b = boot_with(bad)
            b.rc = 0
            self.assertIn(why, check.judge_end(b, two))
        b = boot_with(CLEAN)
        b.rc = 1
        self.assertIn("QEMU exited with 1", check.judge_end(b, two))
        # The spin-table wrapper reports SYSTEM_RESET with exit status 2.
        spin = wb.Machine("m", "cortex-a57", 2, 2, 2, "1G", "spin")
        b = boot_with(CLEAN.replace("poweroff", "reboot")
                      .replace("Power down", "Restarting system"))
        b.rc = 2
        self.assertEqual(check.judge_end(b, spin), "")
        self.assertIn("expected 0", check.judge_end(b, two))

    def test_bootefi_console(self):
        # A ubootefi boot must show U-Boot's script, the stub and its
        # initrd loader before the kernel's first line; other machines
        # are not asked.
        ue = wb.Machine("ue", "cortex-a72", 2, 2, 3, "1G", "ubootefi")
        head = "\n".join(check.BOOTEFI_LINES) + "\n"
        first = "[    0.000000] Booting Linux on physical CPU 0x0\n"
        self.assertEqual(check.judge_firmware(boot_with(head + first + CLEAN), ue), "")
        self.assertEqual(check.judge_firmware(boot_with(CLEAN), wb.Machine("m", "max", 2, 1, 3, "1G")), "")
        for line in check.BOOTEFI_LINES:
            self.assertIn(line, check.judge_firmware(
                boot_with(head.replace(line, "") + first + CLEAN), ue))
        # After the kernel started, the lines do not count.
        self.assertIn("no 'Found U-Boot script", check.judge_firmware(
            boot_with(first + head + CLEAN), ue))

    def test_absent_cpu_must_be_reported(self):
        # BOOT spin+1: CPU4 is in the DT only; its failure to start is
        # expected and required, any other CPU's is not.
        m = wb.Machine("m", "cortex-a57", 4, 2, 2, "1G", "spin+1")
        port = "[    7.8] CPU4: started by spin-table but not online after 5000 ms, giving up"
        arm64 = "[    7.3] CPU4: failed to come online\n[    7.3] CPU4: failed in unknown state : 0x0"
        for line in (port, arm64):
            b = boot_with(CLEAN + line.replace(".8]", ".800000]").replace(".3]", ".300000]") + "\n")
            self.assertEqual(check.expected_cpu_failures(b.reports(), m), ([], []))
        left, missing = check.expected_cpu_failures(boot_with(CLEAN).reports(), m)
        self.assertIn("CPU4", missing[0])
        other = boot_with(CLEAN + "[    7.800000] CPU2: failed to come online\n")
        left, missing = check.expected_cpu_failures(other.reports(), m)
        self.assertEqual((len(left), len(missing)), (1, 1))

    def test_plan_extra_column(self):
        self.assertEqual(check.parse_extra("asid_bits=4,wb_end=reboot"),
                         ["asid_bits=4", "wb_end=reboot"])
        self.assertEqual(check.parse_extra(""), [])
        with self.assertRaises(SystemExit):
            with contextlib.redirect_stderr(io.StringIO()):
                check.parse_extra("asid_bits=4;rm")

    def test_kunit_lines(self):
        line = "[    2.000000] ok 1 usercopy"
        sub = "[    2.000000]     ok 1 usercopy_test_valid"
        self.assertTrue(check.KUNIT_TOP.search(line))
        self.assertFalse(check.KUNIT_TOP.search(sub))



# The console of a boot whose last test stopped the kernel on purpose,
# from its expect-fatal marker on (el1-max, port kernel).
EXHAUST = """[   20.152606] wb: expect-fatal fatal/exhaust_stack
[   20.154045] lkdtm: Performing direct entry EXHAUST_STACK
[   20.159190] Kernel stack overflow on CPU0 in sh[1184]: SP ffffffc011e57e10
[   20.159870] ESR: 0x0000000096000047 -- data abort (current EL)
[   20.160159] FAR: 0xffffffc011e57e10
[   20.160358] Task stack:     [0xffffffc011e58000..0xffffffc011e5c000]
[   20.160639] IRQ stack:      [0xffffffc010000000..0xffffffc010004000]
[   20.160965] Overflow stack: [0xffffff803ffb3050..0xffffff803ffb4050]
[   20.180568] Kernel panic - not syncing: kernel stack overflow
"""
MARKER, REPORT = EXHAUST.split("\n", 1)
FATAL_HEAD = CLEAN.split("# runner: done")[0] + "# run fatal/exhaust_stack at 20.0\n"


class FatalTests(unittest.TestCase):
    """A fatal test's console after its expect-fatal marker is its own:
    judged by check.py's FATAL_TESTS, not failing the boot, which must
    end with QEMU exiting by itself."""

    def test_marker_ends_the_boot_reports(self):
        panic = "[   19.000000] Kernel panic - not syncing: Attempted to kill init!\n"
        b = boot_with(FATAL_HEAD + EXHAUST.replace(
            "[   20.160358] Task", "[   20.160300] Insufficient stack space to "
            "handle exception!\n[   20.160358] Task"))
        self.assertEqual(b.reports(), [])
        self.assertEqual(b.fatal_part()[0], "fatal/exhaust_stack")
        self.assertIn("Insufficient stack space", b.fatal_part()[1])
        self.assertNotIn("expect-fatal", b.fatal_part()[1])
        self.assertNotIn("smoke/busybox", b.fatal_part()[1])
        # A report before the marker still fails the boot.
        b = boot_with(FATAL_HEAD + panic + EXHAUST)
        self.assertEqual([k for k, _ in b.reports()], ["kernel panic"])
        # A marker outside a kernel line (a test's own echo) is no marker:
        # it hides nothing and names no fatal test.
        for echo in ["wb: expect-fatal fatal/exhaust_stack",
                     "# wb: expect-fatal fatal/exhaust_stack"]:
            b = boot_with(FATAL_HEAD + echo + "\n" + REPORT)
            self.assertEqual(b.fatal_part(), (None, ""), echo)
            self.assertEqual([k for k, _ in b.reports()], ["kernel panic"], echo)

    def test_exhaust_stack_judge(self):
        judge = check.judge_exhaust_stack
        self.assertEqual(judge(REPORT, "4k"), "")
        self.assertEqual(judge(REPORT.replace("57e10", "57000"), "4k"), "")
        for bad, why in [
                (REPORT.replace("Kernel panic", "Kernel oops"), "no panic"),
                (REPORT.replace("FAR: 0xffffffc011e57e10", "FAR: 0xffffffc011e58010"),
                 "FAR inside the stack"),
                (REPORT.replace("FAR: 0xffffffc011e57e10", "FAR: 0xffffffc011e58000"),
                 "FAR at the stack's base"),
                (REPORT.replace("FAR: 0xffffffc011e57e10", "FAR: 0xffffffc011e56e10"),
                 "FAR a page below the guard page"),
                (REPORT.replace("0x0000000096000047", "0x0000000092000047"),
                 "ESR class 0x24, a data abort from EL0"),
                (REPORT.replace("0x0000000096000047", "0x0000000086000047"),
                 "ESR class 0x21, an instruction abort")]:
            self.assertTrue(judge(bad, "4k"), why)
        for line in ("ESR:", "FAR:", "Task stack:"):
            cut = "".join(l for l in REPORT.splitlines(True) if line not in l)
            self.assertIn("lacks", judge(cut, "4k"), line)
        # The guard page is a page of the kernel's size.
        far32k = REPORT.replace("FAR: 0xffffffc011e57e10", "FAR: 0xffffffc011e50000")
        self.assertEqual(judge(far32k, "64k"), "")
        self.assertIn("guard page", judge(far32k, "4k"))

    def test_stack_protector_judge(self):
        judge = check.FATAL_TESTS["fatal/corrupt_stack"]
        panic = ("[   20.170000] lkdtm: Corrupting stack containing char array ...\n"
                 "[   20.180568] Kernel panic - not syncing: stack-protector: Kernel "
                 "stack is corrupted in: lkdtm_CORRUPT_STACK+0x4c/0x50 [lkdtm]\n")
        self.assertEqual(judge(panic, "4k"), "")
        self.assertIn("not lkdtm_CORRUPT_STACK",
                      judge(panic.replace("+0x4c", "_STRONG+0x4c"), "4k"))
        self.assertTrue(judge(panic.replace("stack-protector", "kernel BUG"), "4k"))
        strong = check.FATAL_TESTS["fatal/corrupt_stack_strong"]
        self.assertIn("not lkdtm_CORRUPT_STACK_STRONG", strong(panic, "4k"))

    def test_fatal_test_of_a_row(self):
        saved = dict(check.GROUPS)
        self.addCleanup(lambda: (check.GROUPS.clear(), check.GROUPS.update(saved)))
        check.GROUPS["fatal"] = [("fatal/exhaust_stack", ""), ("fatal/corrupt_stack", "")]
        row = ["r", "max-el1", "normal", "300", "smoke,fatal", "wb_fatal=corrupt_stack"]
        self.assertEqual(check.fatal_test(row), ["fatal/corrupt_stack"])
        self.assertEqual(check.fatal_test(row[:4] + ["smoke", ""]), [])
        for groups, extra in [("smoke,fatal", ""), ("smoke,fatal", "wb_fatal=nosuch"),
                              ("smoke", "wb_fatal=corrupt_stack")]:
            err = io.StringIO()
            with self.assertRaises(SystemExit), contextlib.redirect_stderr(err):
                check.fatal_test(row[:4] + [groups, extra])
            self.assertIn("wb_fatal", err.getvalue())

    def judge(self, text, rc, ended=""):
        saved = dict(check.GROUPS)
        self.addCleanup(lambda: (check.GROUPS.clear(), check.GROUPS.update(saved)))
        check.GROUPS["smoke"] = [("smoke/busybox", ""), ("smoke/other", ""),
                                 ("smoke/third", "")]
        check.GROUPS["fatal"] = [("fatal/exhaust_stack", "")]
        b = boot_with(text)
        b.rc, b.ended = rc, ended
        res = check.Results()
        check.judge_boot(res, "port", ("el1-max", "max-el1", "normal", "300",
                                       "smoke,fatal", "wb_fatal=exhaust_stack"),
                         wb.Machine("max-el1", "max", 2, 1, 3, "1G"), b)
        return res.res["port"]

    def test_fatal_boot_verdicts(self):
        # QEMU exited by itself after the panic: the boot and the test pass.
        r = self.judge(FATAL_HEAD + EXHAUST, 0)
        self.assertEqual(r["el1-max/boot"], (check.PASS, ""))
        self.assertEqual(r["el1-max/fatal/exhaust_stack"], (check.PASS, ""))
        self.assertEqual(r["el1-max/smoke/busybox"], (check.PASS, ""))
        # The harness had to kill QEMU: the boot fails.
        r = self.judge(FATAL_HEAD + EXHAUST, None, "ended 10s after 'Kernel panic'")
        self.assertEqual(r["el1-max/boot"][0], check.FAIL)
        self.assertIn("QEMU did not exit after fatal/exhaust_stack", r["el1-max/boot"][1])
        # A bad report fails the test, not the boot.
        r = self.judge(FATAL_HEAD + EXHAUST.replace("96000047", "92000047"), 0)
        self.assertEqual(r["el1-max/boot"], (check.PASS, ""))
        self.assertEqual(r["el1-max/fatal/exhaust_stack"][0], check.FAIL)
        # No marker: the panic fails the boot and the test never ran.
        r = self.judge(FATAL_HEAD + REPORT, 0)
        self.assertEqual(r["el1-max/boot"][0], check.FAIL)
        self.assertIn("kernel panic", r["el1-max/boot"][1])
        self.assertEqual(r["el1-max/fatal/exhaust_stack"][0], check.FAIL)
        self.assertIn("never reached its expect-fatal marker",
                      r["el1-max/fatal/exhaust_stack"][1])


class MachineTests(unittest.TestCase):
    def test_spin_el2traps(self):
        # Spin-table firmware that leaves EL2 trapping: entered at EL2 only.
        m = wb.Machine("max-traps", "max", 2, 2, 3, "1G", "spin-el2traps")
        self.assertEqual((m.boot, m.phantom, m.el2_traps), ("spin", 0, True))
        self.assertFalse(wb.Machine("s", "cortex-a57", 2, 2, 2, "1G", "spin").el2_traps)
        err = io.StringIO()
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(err):
            wb.Machine("max-traps", "max", 2, 1, 3, "1G", "spin-el2traps")
        self.assertIn("EL must be 2", err.getvalue())

    def test_uboot_is_psci_with_the_firmware(self):
        # U-Boot machines boot like PSCI ones, and every QEMU run for
        # them (the device-tree dump included) has the firmware.
        m = wb.Machine("u", "cortex-a72", 2, 2, 3, "1G", "uboot")
        self.assertEqual((m.boot, m.uboot), ("psci", True))
        with unittest.mock.patch.object(os.path, "exists", lambda p: True):
            args = m.qemu_args()
        self.assertEqual(args[args.index("-bios") + 1], wb.UBOOT)
        self.assertNotIn("-bios", wb.Machine("p", "max", 2, 1, 3, "1G").qemu_args())
        err = io.StringIO()
        with unittest.mock.patch.object(os.path, "exists", lambda p: False), \
                self.assertRaises(SystemExit), contextlib.redirect_stderr(err):
            m.qemu_args()
        self.assertIn("make deps", err.getvalue())

    def test_ubootefi_boots_a_script_from_its_disk(self):
        # A ubootefi machine is U-Boot's; its boot disk is an MBR with one
        # bootable Linux partition at 1 MiB, an ext2 file system there
        # with the Image, the initrd and the script, whose command line
        # names the initrd for the EFI stub.
        m = wb.Machine("ue", "cortex-a72", 2, 2, 3, "1G", "ubootefi")
        self.assertEqual((m.boot, m.uboot, m.bootefi), ("psci", True, True))
        self.assertFalse(wb.Machine("u", "cortex-a72", 2, 2, 3, "1G", "uboot").bootefi)
        if not (shutil.which("mkimage") and shutil.which("debugfs")):
            self.skipTest("no mkimage or debugfs: make deps")
        with tempfile.TemporaryDirectory() as d:
            image, initrd = os.path.join(d, "I"), os.path.join(d, "R")
            for f, data in ((image, b"kernel"), (initrd, b"initrd")):
                with open(f, "wb") as w:
                    w.write(data)
            disk = os.path.join(d, "boot.img")
            args = wb.bootefi_disk(disk, image, initrd, "console=ttyAMA0 wb_x=1")
            self.assertIn("nvme,drive=wbboot,serial=wb-boot", args)
            with open(disk, "rb") as f:
                mbr = f.read(512)
            self.assertEqual(mbr[510:], b"\x55\xaa")
            boot, ptype, start = mbr[446], mbr[450], int.from_bytes(mbr[454:458], "little")
            self.assertEqual((boot, ptype, start), (0x80, 0x83, 2048))
            fs = f"{disk}?offset={1 << 20}"
            ls = subprocess.run(["debugfs", "-R", "ls -l /", fs], capture_output=True, text=True).stdout
            for name in ("Image", "initrd.cpio", "boot.scr"):
                self.assertIn(name, ls)
            script = subprocess.run(["debugfs", "-R", "cat /boot.scr", fs],
                                    capture_output=True).stdout
            self.assertIn(b'setenv bootargs "console=ttyAMA0 wb_x=1 initrd=initrd.cpio"', script)
            self.assertIn(b"bootefi ${kernel_addr_r} ${fdtcontroladdr}", script)
            err = io.StringIO()
            with self.assertRaises(SystemExit), contextlib.redirect_stderr(err):
                wb.bootefi_disk(disk, image, initrd, 'a="b"')
            self.assertIn("U-Boot script", err.getvalue())

    def test_uefi_is_psci_with_edk2_from_flash(self):
        # UEFI machines boot like PSCI ones, with EDK2's code and a
        # throw-away copy of its variables in the two flash banks, no
        # ACPI tables (so EDK2 passes the device tree on) and the SMBIOS
        # serial number efi/dmi reads back.
        m = wb.Machine("e", "cortex-a57", 2, 1, 2, "1G", "uefi")
        self.assertEqual((m.boot, m.uefi, m.uboot), ("psci", True, False))
        with unittest.mock.patch.object(os.path, "exists", lambda p: True):
            args = m.qemu_args()
        self.assertIn("acpi=off", args[args.index("-M") + 1].split(","))
        drives = [args[i + 1] for i, a in enumerate(args) if a == "-drive"]
        self.assertEqual(len(drives), 2)
        self.assertIn(f"file={wb.AAVMF_CODE}", drives[0].split(","))
        self.assertIn("readonly=on", drives[0].split(","))
        self.assertIn(f"file={wb.AAVMF_VARS}", drives[1].split(","))
        self.assertIn("snapshot=on", drives[1].split(","))
        self.assertEqual(args[args.index("-smbios") + 1], "type=1,serial=wb-e")
        plain = wb.Machine("p", "max", 2, 1, 3, "1G").qemu_args()
        self.assertNotIn("-drive", plain)
        self.assertNotIn("acpi=off", plain[plain.index("-M") + 1])
        err = io.StringIO()
        with unittest.mock.patch.object(os.path, "exists", lambda p: False), \
                self.assertRaises(SystemExit), contextlib.redirect_stderr(err):
            m.qemu_args()
        self.assertIn("qemu-efi-aarch64", err.getvalue())


class WatchTests(unittest.TestCase):
    """wb.watch ends a boot soon after a fatal report, or when it hangs."""

    def run_fake(self, script, timeout=30, on_output=None):
        # A script that waits must exec its last command: watch() kills
        # the process it was given, and a child of the shell would live on.
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "console.log")
            b = wb.Boot(log)
            with open(log, "wb") as f:
                p = subprocess.Popen(["sh", "-c", script], stdout=f)
                t0 = time.monotonic()
                rc = wb.watch(p, log, b, t0, timeout, on_output)
            return rc, b, time.monotonic() - t0

    def test_firmware_restart_ends_the_boot(self):
        # U-Boot's banner a second time (no reset: -no-reboot would have
        # ended QEMU) ends the boot at once; once is the normal start.
        rc, b, secs = self.run_fake(
            "printf '\\nU-Boot 2023.01\\nEFI stub: Exiting boot services...\\n"
            "\\nU-Boot 2023.01\\n'; exec sleep 60", on_output=wb.firmware_restart)
        self.assertIsNone(rc)
        self.assertIn("U-Boot started again", b.ended)
        self.assertLess(secs, 10)
        rc, b, secs = self.run_fake("printf '\\nU-Boot 2023.01\\n# runner: done\\n'",
                                    on_output=wb.firmware_restart)
        self.assertEqual((rc, b.ended), (0, ""))

    def test_panic_ends_the_boot(self):
        old = wb.FATAL_GRACE
        wb.FATAL_GRACE = 1
        try:
            rc, b, secs = self.run_fake(
                "echo '[    4.345195] Kernel panic - not syncing: Fatal exception'; exec sleep 60")
        finally:
            wb.FATAL_GRACE = old
        self.assertIsNone(rc)
        self.assertIn("Kernel panic", b.ended)
        self.assertLess(secs, 10)

    def test_oops_lets_the_boot_go_on(self):
        # The task dies, the runner goes on; reports() still fails the boot.
        rc, b, secs = self.run_fake(
            "echo '[    4.345195] Internal error: Oops: 96000006 [#1] SMP'; sleep 2; "
            "echo '# runner: done'")
        self.assertEqual((rc, b.ended), (0, ""))

    def test_timeout(self):
        rc, b, secs = self.run_fake("exec sleep 60", timeout=1)
        self.assertTrue(b.timed_out)
        self.assertIn("no power-off within 1s", b.ended)

    def test_clean_exit(self):
        rc, b, secs = self.run_fake("echo '# runner: done'; exit 0")
        self.assertEqual((rc, b.ended), (0, ""))


class ExpectationTests(unittest.TestCase):
    def write(self, text):
        f = tempfile.NamedTemporaryFile("w", delete=False, suffix=".exp")
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_parse_and_match(self):
        e = check.Expectations(self.write(
            "# comment\nskip-port #3 not yet\nfull/kselftest/vDSO/* #5 no vDSO\n"))
        self.assertEqual(e.port_skip, ("#3", "not yet"))
        self.assertEqual(e.lookup("full/kselftest/vDSO/vdso_test_abi")[1], "#5")
        self.assertIsNone(e.lookup("full/c/signals"))

    def test_bad_line_is_refused(self):
        path = self.write("full/c/x no-issue-number here\n")
        err = io.StringIO()
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(err):
            check.Expectations(path)
        self.assertIn("PATTERN #ISSUE REASON", err.getvalue())


class DocsTests(unittest.TestCase):
    def test_rst_warning_fails(self):
        with tempfile.TemporaryDirectory() as d:
            good, bad = os.path.join(d, "good.rst"), os.path.join(d, "bad.rst")
            with open(good, "w") as f:
                f.write("Title\n=====\n\nPlain text.\n")
            with open(bad, "w") as f:
                f.write("Title\n=====\n\nAn *unclosed emphasis.\n")
            with open(os.path.join(d, "index.rst"), "w") as f:
                f.write("Index\n=====\n\n.. toctree::\n   :maxdepth: 1\n\n   good\n")
            self.assertEqual(check.check_rst(os.path.join(d, "index.rst")), (True, ""))
            self.assertEqual(check.check_rst(good), (True, ""))
            ok, note = check.check_rst(bad)
            self.assertFalse(ok)
            self.assertIn("bad.rst:4", note)


class PciHostTests(unittest.TestCase):
    def test_console_token_must_come_back(self):
        # pci/console_host: the guest must echo the very token it was given.
        b = boot_with(CLEAN)
        self.assertNotEqual(check.judge_pci_console(b), "")
        b.pci_token = ("wb-token-0011223344556677\n", "echo wb-token-0011223344556677\n")
        self.assertEqual(check.judge_pci_console(b), "")
        b.pci_token = ("wb-token-0011223344556677\n", "echo wb-token-0011223344556678\n")
        self.assertIn("not 'echo", check.judge_pci_console(b))
        b.pci_token = ("wb-token-0011223344556677\n", "")
        self.assertNotEqual(check.judge_pci_console(b), "")

    def test_token_fifos_hold_both_ways(self):
        with tempfile.TemporaryDirectory() as d:
            t = wb.PciToken(os.path.join(d, "tok"))
            # QEMU's side: reads the token, writes the answer, exits.
            fin = os.open(t.path + ".in", os.O_RDONLY | os.O_NONBLOCK)
            given = os.read(fin, 100).decode()
            fout = os.open(t.path + ".out", os.O_WRONLY)
            os.write(fout, ("echo " + given).encode())
            os.close(fin)
            os.close(fout)
            token, got = t.close()
            self.assertEqual(given, token)
            self.assertEqual(got, "echo " + token)

    def test_hotplug_marks_act_once_on_whole_lines(self):
        calls = []
        with unittest.mock.patch.object(wb, "qmp", lambda path, cmd: calls.append(cmd) or ""):
            h = wb.Hotplug("/nonexistent")
            h("# run pci/hotplug\r\n# echo wb-hotplug: add in a comment\r\n")
            self.assertEqual(calls, [])
            h("# run pci/hotplug\r\nwb-hotplug: add\r\n")
            h("# run pci/hotplug\r\nwb-hotplug: add\r\nmore\r\n")
            self.assertEqual([c["execute"] for c in calls], ["device_add"])
            h("wb-hotplug: add\r\nwb-hotplug: remove\r\n")
            self.assertEqual([c["execute"] for c in calls], ["device_add", "device_del"])


class GroupTests(unittest.TestCase):
    def test_config_only_tests(self):
        # A list entry NAME:test is expected from the 'test' boots only.
        saved = dict(check.GROUPS)
        self.addCleanup(lambda: (check.GROUPS.clear(), check.GROUPS.update(saved)))
        check.GROUPS["g"] = [("g/a", ""), ("g/b", "test")]
        self.assertEqual(check.group_tests("g", "normal"), ["g/a"])
        self.assertEqual(check.group_tests("g", "test"), ["g/a", "g/b"])

    def test_debian_names_are_its_checks(self):
        # The debian group's names come from its script's check lines:
        # every check once, the reboot's too.
        names = check._group_tests("debian")
        self.assertIn(("debian/running", ""), names)
        self.assertIn(("debian/disk-after-reboot", ""), names)
        self.assertEqual(len(names), len(set(names)))
        with open(os.path.join(wb.TOP, "tests", "debian", "check.sh")) as f:
            calls = [l for l in f if re.match(r"\s*(uefi_)?check \S+ \S+", l)]
        self.assertEqual(len(names), len(calls))
        # The UEFI boots' checks are expected from UEFI machines only.
        self.assertIn(("debian/efi-variable-after-reboot", "uefi"), names)
        saved = dict(check.GROUPS)
        self.addCleanup(lambda: (check.GROUPS.clear(), check.GROUPS.update(saved)))
        check.GROUPS["debian"] = names
        self.assertNotIn("debian/efi-variable-write", check.group_tests("debian", "normal"))
        self.assertIn("debian/efi-variable-write", check.group_tests("debian", "normal", True))

    def test_initrd_is_userspace_then_modules(self):
        with tempfile.TemporaryDirectory() as d:
            image = os.path.join(d, "out", "arch", "arm64", "boot", "Image")
            os.makedirs(os.path.dirname(image))
            base = os.path.join(d, "initramfs.cpio")
            with open(base, "wb") as f:
                f.write(b"USER")
            # A kernel without modules boots the shared image.
            self.assertEqual(wb.initrd_for(image, base), base)
            with open(os.path.join(d, "out", "modules.cpio"), "wb") as f:
                f.write(b"MODS")
            initrd = wb.initrd_for(image, base)
            self.assertEqual(initrd, os.path.join(d, "out", "initrd.cpio"))
            with open(initrd, "rb") as f:
                self.assertEqual(f.read(), b"USERMODS")
            # A newer user space is picked up.
            time.sleep(0.01)
            with open(base, "wb") as f:
                f.write(b"USER2")
            os.utime(base, (time.time() + 5, time.time() + 5))
            with open(wb.initrd_for(image, base), "rb") as f:
                self.assertEqual(f.read(), b"USER2MODS")
            # Extras (perf.cpio) go between them, in a file of their own.
            perf = os.path.join(d, "perf.cpio")
            with open(perf, "wb") as f:
                f.write(b"PERF")
            initrd = wb.initrd_for(image, base, [perf])
            self.assertEqual(initrd, os.path.join(d, "out", "initrd-perf.cpio"))
            with open(initrd, "rb") as f:
                self.assertEqual(f.read(), b"USER2PERFMODS")
            with open(wb.initrd_for(image, base), "rb") as f:
                self.assertEqual(f.read(), b"USER2MODS")


class KernelDirTests(unittest.TestCase):
    """The Makefile names build folders through wb.py's command line."""

    def test_command_line_is_kernel_dir(self):
        wbpy = os.path.join(wb.TOP, "scripts", "wb.py")
        for args, want in [(["port", "0", "4k", "39"], wb.kernel_dir("port")),
                           (["baseline", "1", "64k", "48"],
                            wb.kernel_dir("baseline", True, "64k", "48")),
                           (["port", "", "4k", "39"], wb.kernel_dir("port"))]:
            r = subprocess.run([sys.executable, wbpy, "kernel-dir"] + args,
                               stdout=subprocess.PIPE, text=True)
            self.assertEqual((r.returncode, r.stdout), (0, want + "\n"), args)
        self.assertEqual(wb.kernel_dir("baseline", True, "64k", "48"),
                         os.path.join(wb.BUILD, "out", "arm64-64k-va48-test"))


class BenchPictureTests(unittest.TestCase):
    """make bench draws its ratios when gnuplot is there, and otherwise
    says why not in one line, leaving no earlier picture behind."""

    RATIOS = [("syscall_null", 0.72), ("fork_exec", 1.14)]

    def test_no_gnuplot_no_picture(self):
        with tempfile.TemporaryDirectory() as d:
            svg = os.path.join(d, "ratios.svg")
            with open(svg, "w") as f:
                f.write("an earlier run's\n")
            with unittest.mock.patch.dict(os.environ, PATH=d):
                why = bench.write_picture(self.RATIOS, "header", svg)
            self.assertIn("gnuplot not found", why)
            self.assertNotIn("\n", why)
            self.assertFalse(os.path.exists(svg))

    @unittest.skipUnless(shutil.which("gnuplot"), "gnuplot not installed")
    def test_picture_labels_every_figure(self):
        with tempfile.TemporaryDirectory() as d:
            svg = os.path.join(d, "ratios.svg")
            self.assertIsNone(bench.write_picture(self.RATIOS, "header", svg))
            with open(svg) as f:
                text = f.read()
            for label in ("syscall_null", "0.720", "fork_exec", "1.140",
                          "port / baseline", "-icount"):
                self.assertIn(label, text)


class BuildProgressTests(unittest.TestCase):
    """A build's progress line counts kbuild's compiles and estimates
    the rest from the folder's last full build."""

    def test_progress_and_estimate(self):
        with tempfile.TemporaryDirectory() as out:
            with open(os.path.join(out, "build.log"), "w") as f:
                f.write("  CC      init/main.o\n  AS      arch/x/a.o\n"
                        "  LD      vmlinux\n  CC [M]  fs/x.o\n  CC      b.o\n")
            p = wb.BuildProgress("k", out)
            self.assertIn("k: 4 compiles", p.line())
            self.assertNotIn("to go", p.line())
            with open(os.path.join(out, wb.PROGRESS_FILE), "w") as f:
                f.write("12 600\n")
            p = wb.BuildProgress("k", out)
            self.assertIn("last full build of this folder: 12 compiles in 10:00",
                          p.line())
            self.assertIn("about 6:40 to go", p.line())
            # A small incremental build keeps the full build's figures.
            p.done(True)
            with open(os.path.join(out, wb.PROGRESS_FILE)) as f:
                self.assertEqual(f.read().split()[0], "12")


class SyncTreeTests(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.addCleanup(subprocess.run, ["rm", "-rf", self.d])
        for sub in ("top/overlay/new", "top/patches", "pristine", "tree"):
            os.makedirs(os.path.join(self.d, sub))
        for where in ("pristine", "tree"):
            with open(os.path.join(self.d, where, "f.txt"), "w") as f:
                f.write("one\ntwo\nthree\n")
        with open(os.path.join(self.d, "top/overlay/new/a.c"), "w") as f:
            f.write("int a;\n")

    def sync(self):
        return subprocess.run(
            [sys.executable, os.path.join(wb.TOP, "scripts", "sync-tree.py"),
             os.path.join(self.d, "top"), os.path.join(self.d, "pristine"),
             os.path.join(self.d, "tree")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def patch(self, old, new):
        with open(os.path.join(self.d, "top/patches/0001-x.patch"), "w") as f:
            f.write("Why: a test.\n\n--- a/f.txt\n+++ b/f.txt\n"
                    f"@@ -1,3 +1,3 @@\n one\n-{old}\n+{new}\n three\n")

    def read(self, rel):
        with open(os.path.join(self.d, "tree", rel)) as f:
            return f.read()

    def test_overlay_and_patch_then_removal(self):
        self.patch("two", "TWO")
        r = self.sync()
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.read("new/a.c"), "int a;\n")
        self.assertEqual(self.read("f.txt"), "one\nTWO\nthree\n")
        # An unchanged second sync writes nothing.
        mtime = os.stat(os.path.join(self.d, "tree/f.txt")).st_mtime_ns
        self.assertEqual(self.sync().stdout, "")
        self.assertEqual(os.stat(os.path.join(self.d, "tree/f.txt")).st_mtime_ns, mtime)
        # Dropping the patch and the overlay file restores pristine.
        os.unlink(os.path.join(self.d, "top/patches/0001-x.patch"))
        os.unlink(os.path.join(self.d, "top/overlay/new/a.c"))
        self.assertEqual(self.sync().returncode, 0)
        self.assertEqual(self.read("f.txt"), "one\ntwo\nthree\n")
        self.assertFalse(os.path.exists(os.path.join(self.d, "tree/new/a.c")))

    def test_stale_patch_fails_and_leaves_tree(self):
        self.patch("zwei", "TWO")
        r = self.sync()
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no longer applies", r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1)
        self.assertEqual(self.read("f.txt"), "one\ntwo\nthree\n")
        self.assertFalse(os.path.exists(os.path.join(self.d, "tree/new/a.c")))


if __name__ == "__main__":
    unittest.main()
