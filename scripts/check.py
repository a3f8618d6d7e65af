#!/usr/bin/env python3
"""make check: build both kernels, boot the plan on each, compare, count.

Every test runs on the baseline (mainline arch/arm64 from the same tree)
and on the port.  A failure on the baseline is a broken test or a broken
bench and fails the run.  On the port, a failure fails the run unless
tests/expectations lists the test with the issue it waits on (XFAIL); a
listed test that passes is an XPASS, which also fails the run until its
entry is removed, so the list only shrinks.

Options: --boots NAME[,NAME]  run only these rows of tests/plan
         --kernels port,baseline  (default both)
"""
import argparse
import concurrent.futures
import fnmatch
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wb  # noqa: E402

# In-kernel self-tests of configs/test.config and the console line that
# says each passed.  A missing line is a failure: a test that did not run
# did not pass.
def _passed_after(prefix, lines=4):
    """A self-test's line and the PASSED that ends it.  The kernel
    prints the verdict with pr_cont(), which a message from elsewhere
    may push onto a line of its own: allow a few lines in between, none
    saying FAILED."""
    return (re.escape(prefix) + r"(?:(?!FAILED)[^\n])*"
            r"(?:\n(?:(?!FAILED)[^\n])*){0,%d}?PASSED" % lines)


KERNEL_TESTS = [
    ("kernel/atomic64", r"atomic64_test: passed"),
    ("kernel/locking-api", r"Good, all +\d+ testcases passed!"),
    ("kernel/rodata", r"rodata_test: all tests were successful"),
    ("kernel/debug-vm-pgtable",
     r"debug_vm_pgtable: \[debug_vm_pgtable\s*\]: Validating architecture page table helpers"),
    # DEBUG_WX walks the kernel's page tables once they are final.
    ("kernel/debug-wx", r"Checked W\+X mappings: passed, no W\+X pages found"),
    # FTRACE_STARTUP_TEST: each tracer's self-test at boot (a failure
    # also WARNs, which fails the boot).
    ("kernel/ftrace-function", _passed_after("Testing tracer function: ")),
    ("kernel/ftrace-dynamic", _passed_after("Testing dynamic ftrace: ")),
    ("kernel/ftrace-dynamic-ops-1", _passed_after("Testing dynamic ftrace ops #1: ", 12)),
    ("kernel/ftrace-dynamic-ops-2", _passed_after("Testing dynamic ftrace ops #2: ", 12)),
    ("kernel/ftrace-recursion", _passed_after("Testing ftrace recursion: ")),
    ("kernel/ftrace-recursion-safe", _passed_after("Testing ftrace recursion safe: ")),
    ("kernel/ftrace-irqsoff", _passed_after("Testing tracer irqsoff: ")),
    ("kernel/ftrace-preemptoff", _passed_after("Testing tracer preemptoff: ")),
    ("kernel/ftrace-preemptirqsoff", _passed_after("Testing tracer preemptirqsoff: ")),
    ("kernel/ftrace-wakeup", _passed_after("Testing tracer wakeup: ")),
    ("kernel/ftrace-wakeup-rt", _passed_after("Testing tracer wakeup_rt: ")),
    ("kernel/ftrace-wakeup-dl", _passed_after("Testing tracer wakeup_dl: ")),
    ("kernel/ftrace-function-graph", _passed_after("Testing tracer function_graph: ")),
    ("kernel/ftrace-fgraph-storage",
     _passed_after("Testing multiple fgraph storage on a function: ")),
]
# Built in, so run at boot; usercopy also runs under KASAN there, whose
# report in a non-KASAN KUnit test fails that test.
KUNIT_SUITES = ["usercopy", "memcpy", "string", "checksum", "cpumask",
                "time_test_cases", "kprobes_test"]
KUNIT_TOP = re.compile(r"\[\s*\d+\.\d{6}\] (not )?ok \d+ (\S+)\s*$")

PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"

PAGE_BYTES = {"4k": 4096, "16k": 16384, "64k": 65536}


def judge_exhaust_stack(text, page):
    """fatal/exhaust_stack: the overflow report and the panic.  The
    abort must be a data abort at EL1 (ESR_ELx.EC 0x25) whose FAR lies
    in the guard page right below the task stack the report prints:
    the recursion was stopped at the stack's end, not somewhere else."""
    need = "Kernel panic - not syncing: kernel stack overflow"
    if need not in text:
        return f"no '{need}' after the marker"
    stack = re.search(r"Task stack:\s+\[0x([0-9a-f]{16})\.\.0x([0-9a-f]{16})\]", text)
    far = re.search(r"FAR: 0x([0-9a-f]{16})", text)
    esr = re.search(r"ESR: 0x([0-9a-f]{16})", text)
    if not (stack and far and esr):
        return "the report lacks its 'Task stack:', 'FAR:' or 'ESR:' line"
    low, far, esr = int(stack.group(1), 16), int(far.group(1), 16), int(esr.group(1), 16)
    if esr >> 26 != 0x25:
        return f"ESR 0x{esr:x}: exception class 0x{esr >> 26:x}, not a data abort at EL1 (0x25)"
    if not low - PAGE_BYTES[page] <= far < low:
        return f"FAR 0x{far:x} is not in the guard page below the task stack at 0x{low:x}"
    return ""


def judge_stack_protector(function):
    """fatal/corrupt_stack*: the stack protector's panic, naming the
    function whose canary LKDTM smashed (%pB: NAME+0xOFF/0xSIZE, with
    [lkdtm], the module, after it)."""
    def judge(text, page):
        m = re.search(r"Kernel panic - not syncing: stack-protector: "
                      r"Kernel stack is corrupted in: (\S+)\+0x[0-9a-f]+/0x[0-9a-f]+ \[lkdtm\]",
                      text)
        if not m:
            return "no 'Kernel panic - not syncing: stack-protector: Kernel stack is corrupted in: FUNCTION+0xOFF/0xSIZE [lkdtm]' after the marker"
        if m.group(1) != function:
            return f"the stack protector caught {m.group(1)}, not {function}"
        return ""
    return judge


# Tests that stop the kernel on purpose (tests/fatal/): the guest cannot
# say how they went, so the console after the test's expect-fatal marker
# (wb.py) is judged here.  One may run per boot, as its last test.
FATAL_TESTS = {"fatal/exhaust_stack": judge_exhaust_stack,
               "fatal/corrupt_stack": judge_stack_protector("lkdtm_CORRUPT_STACK"),
               "fatal/corrupt_stack_strong":
                   judge_stack_protector("lkdtm_CORRUPT_STACK_STRONG")}


class Expectations:
    def __init__(self, path):
        self.port_skip = None
        self.entries = []  # (pattern, issue, reason)
        with open(path) as f:
            for n, raw in enumerate(f, 1):
                line = raw.strip()
                if not line or line.startswith("#"):
                    continue
                parts = line.split(None, 2)
                if len(parts) < 3 or not re.fullmatch(r"#\d+", parts[1]):
                    wb.die(f"{os.path.relpath(path, wb.TOP)}:{n}: "
                           "write 'PATTERN #ISSUE REASON'")
                if parts[0] == "skip-port":
                    self.port_skip = (parts[1], parts[2])
                else:
                    self.entries.append((parts[0], parts[1], parts[2]))
        self.used = set()

    def lookup(self, name):
        for e in self.entries:
            if fnmatch.fnmatchcase(name, e[0]):
                self.used.add(e[0])
                return e
        return None


class Results:
    def __init__(self):
        self.res = {"baseline": {}, "port": {}}  # name -> (status, note)
        self.order = []

    def add(self, kernel, name, status, note=""):
        if name not in self.order:
            self.order.append(name)
        self.res[kernel][name] = (status, note)


GROUPS = {}


def load_groups():
    """Read the test lists right after the initramfs is packed, so the
    names expected from a boot are those of the image it boots."""
    for g in ("smoke", "c", "kselftest", "kmod", "checkers", "hardening", "kaslr",
              "tools", "pci", "fatal", "efi", "debian"):
        GROUPS[g] = _group_tests(g)
    for t, _ in GROUPS["fatal"]:
        if t not in FATAL_TESTS:
            wb.die(f"tests/fatal: {t} has no judge in check.py's FATAL_TESTS")


def group_tests(group, config="normal", uefi=False):
    """Names the runner reports for a group on a boot of `config`
    (normal or test): a list entry NAME:CONFIG runs on that one only,
    one tagged "uefi" on the machines UEFI firmware starts only."""
    tests = GROUPS[group] if group in GROUPS else _group_tests(group)
    tags = ("", config) + (("uefi",) if uefi else ())
    return [name for name, only in tests if only in tags]


def _group_tests(group):
    """The tests of a group, from the built lists: [(GROUP/NAME, CONFIG
    or '')].  The debian group's are the names its script checks
    ("check NAME FUNCTION ...", and "uefi_check NAME ..." for the UEFI
    boots' only)."""
    if group == "debian":
        with open(os.path.join(wb.TOP, "tests", "debian", "check.sh")) as f:
            return [(f"debian/{n}", "uefi" if u else "") for u, n in
                    re.findall(r"^\s*(uefi_)?check ([a-z0-9-]+) ", f.read(), re.M)]
    if group in ("smoke", "kmod", "checkers", "hardening", "kaslr", "tools", "pci",
                 "fatal", "efi"):
        path = os.path.join(wb.BUILD, "userspace", "root", "tests", f"{group}.list")
    else:
        path = os.path.join(wb.BUILD, "userspace", f"{group}.list")
    tests = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if w and not w[0].startswith("#"):
                name, _, only = w[0].partition(":")
                tests.append((f"{group}/{name}", only))
    return tests


def fatal_test(row):
    """The fatal test a row's boot ends with: the fatal group runs the
    one its EXTRA names as wb_fatal=NAME (the guest's runner skips the
    others), since the first one stops the kernel.  [] without it."""
    groups, extra = row[4], row[5]
    named = extra_values(extra, "wb_fatal")
    if "fatal" not in groups.split(","):
        if named:
            wb.die(f"tests/plan: {row[0]}: wb_fatal= without the fatal group")
        return []
    cfg = parse_config(row[2])[0]
    offered = group_tests("fatal", cfg)
    if len(named) != 1 or f"fatal/{named[0]}" not in offered:
        wb.die(f"tests/plan: {row[0]}: the fatal group needs wb_fatal=NAME, one of "
               f"{', '.join(t.split('/', 1)[1] for t in offered)}")
    return [f"fatal/{named[0]}"]


def parse_config(config):
    """CONFIG column of tests/plan: normal or test, optionally followed
    by :PAGE:VA (e.g. normal:64k:42); the default is 4k pages, 39-bit VA."""
    parts = config.split(":")
    if parts[0] not in ("normal", "test") or len(parts) not in (1, 3) or \
            (len(parts) == 3 and parts[1] not in ("4k", "16k", "64k")):
        wb.die(f"tests/plan: CONFIG '{config}': write normal|test[:4k|16k|64k:VA]")
    return (parts[0], "4k", "39") if len(parts) == 1 else tuple(parts)


def parse_extra(extra):
    """EXTRA column of tests/plan: comma-separated key=value parameters
    for the kernel command line (the kernel's own, such as asid_bits=,
    or the runner's wb_*, which reach /init as environment variables),
    or the kernel's own flags (nokaslr)."""
    params = [p for p in extra.split(",") if p]
    for p in params:
        if not re.fullmatch(r"[a-z_][a-z0-9_.]*(=[A-Za-z0-9_.:/*-]+)?", p):
            wb.die(f"tests/plan: EXTRA '{extra}': write key=value|flag[,...]")
    return params


def extra_values(extra, key):
    """The values of every key=value of an EXTRA column with that key."""
    return [p.split("=", 1)[1] for p in parse_extra(extra)
            if p.startswith(key + "=")]


def link_stext(img):
    """The link address of _stext, from the System.map beside the build
    of Image img (kaslr/layout compares /proc/kallsyms with it)."""
    path = os.path.join(os.path.dirname(img), "..", "..", "..", "System.map")
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 3 and w[2] == "_stext":
                return w[0]
    wb.die(f"no _stext in {path}")


KASLR_LINE = re.compile(r"^(?:# )?kaslr: seed (0x[0-9a-fA-F]+), _stext at ([0-9a-f]{16})\s*$", re.M)


def judge_kernel_offset(text, fatal_text):
    """A panic in a boot that ran kaslr/layout ends with the image's
    offset from its link address, as that test found it (the link
    address of _stext is that of _text plus the same constant), or
    "disabled" at offset 0: both kernels' panic notifiers print it so
    that a console log can be matched with System.map."""
    m = re.search(r"^(?:# )?_stext at ([0-9a-f]{16}), linked at ([0-9a-f]{16})", text, re.M)
    if not m:
        return "kaslr/layout printed no '_stext at X, linked at Y' line"
    offset = int(m.group(1), 16) - int(m.group(2), 16)
    want = f"Kernel Offset: 0x{offset:x} from 0x" if offset else "Kernel Offset: disabled"
    if want not in fatal_text:
        return f"no '{want}' after the panic"
    return ""


def judge_kaslr_seeds(res, kernel, boots):
    """Rows that force different nonzero KASLR seeds (wb_kaslr_seed=)
    must place _stext differently: kaslr/layout prints where."""
    places = {}
    for b in boots:
        for seed, stext in KASLR_LINE.findall(b.text):
            if int(seed, 16):
                places[int(seed, 16)] = stext
    if len(places) < 2:
        res.add(kernel, "kaslr/two_seeds", FAIL,
                f"{len(places)} boot(s) with a forced nonzero seed reported "
                "where _stext is, two wanted (tests/plan: wb_kaslr_seed=)")
        return
    stexts = sorted(places.values())
    dup = len(set(stexts)) != len(stexts)
    res.add(kernel, "kaslr/two_seeds", FAIL if dup else PASS,
            ", ".join(f"seed {s:#x}: _stext at {a}" for s, a in sorted(places.items()))
            + (": the same place for different seeds" if dup else ""))


RUNNER_END = re.compile(r"^# runner: done; CPUs online: (\S*); (poweroff|reboot)\s*$",
                        re.M)
# What the kernel prints last on each way out (kernel/reboot.c), and
# QEMU's exit status: 0 either way with -no-reboot, except under the
# spin-table wrapper, whose PSCI SYSTEM_RESET exits with 2.
END_LINE = {"poweroff": "reboot: Power down", "reboot": "reboot: Restarting system"}


def judge_end(b, machine):
    """The guest ended as the runner asked, with every CPU online, and
    QEMU exited by itself: the boot's power-off or reboot was clean."""
    m = RUNNER_END.search(b.text)
    if not m:
        return "the runner did not finish" + (f" (QEMU exit {b.rc})" if b.rc else "")
    online, how = m.groups()
    want = "0" if machine.smp == 1 else f"0-{machine.smp - 1}"
    if online != want:
        return f"CPUs online at the end: '{online}', expected '{want}'"
    if END_LINE[how] not in b.text[m.end():]:
        return f"no '{END_LINE[how]}' after the runner's {how}"
    rc = 2 if (how == "reboot" and machine.boot == "spin") else 0
    if b.rc != rc:
        return f"QEMU exited with {b.rc} after {how}, expected {rc}"
    return ""


CPU_REPORT = re.compile(r"\] CPU(\d+): ")


def expected_cpu_failures(reports, machine):
    """On a machine whose DT has cpu nodes with no CPU behind them (BOOT
    spin+N in tests/machines), each of those CPUs must be reported as not
    started, and those reports do not fail the boot.  Returns the
    reports left and the problems found."""
    if not machine.phantom:
        return reports, []
    absent = set(range(machine.smp, machine.smp + machine.phantom))
    left, seen = [], set()
    for kind, line in reports:
        m = CPU_REPORT.search(line)
        if kind == "CPU start/stop failed" and m and int(m.group(1)) in absent:
            seen.add(int(m.group(1)))
        else:
            left.append((kind, line))
    return left, [f"CPU{c} (in the DT, not in QEMU) was not reported as "
                  "failing to start" for c in sorted(absent - seen)]


# What the console of a ubootefi machine's boot must show before the
# kernel's first line: U-Boot ran the boot disk's script, and the Image
# started as a UEFI application, its stub loading the initrd that the
# command line names (wb.bootefi_disk()).
BOOTEFI_LINES = ("Found U-Boot script /boot.scr",
                 "EFI stub: Booting Linux Kernel...",
                 "EFI stub: Loaded initrd from command line option")


def judge_firmware(b, machine):
    """The firmware started the kernel the way the machine says."""
    if not machine.bootefi:
        return ""
    head = b.text.split("Booting Linux on physical CPU", 1)[0]
    missing = [l for l in BOOTEFI_LINES if l not in head]
    if missing:
        return f"U-Boot bootefi: no '{missing[0]}' before the kernel started"
    return ""


def judge_pci_console(b):
    """The host's half of pci/console: the guest must have written back,
    through its virtio-serial port, "echo " and the token the host gave
    it there (wb.pci_args())."""
    if not b.pci_token:
        return "the boot had no PCI devices"
    given, got = b.pci_token
    if got != "echo " + given:
        return f"the host's end of the port got {got[:60]!r}, not 'echo {given.strip()}'"
    return ""


def judge_boot(res, kernel, row, machine, b):
    """Turn one boot's console into results."""
    name, mname, config, timeout, groups, extra = row
    cfg, page, _ = parse_config(config)
    fatal = fatal_test(row)
    fatal_name, fatal_text = b.fatal_part()
    problems = []
    if fatal and fatal_name:
        # The test stopped the kernel: panic=-1 and -no-reboot make QEMU
        # exit by itself, which the harness sees as a return code.
        if b.rc is None:
            problems.append(f"QEMU did not exit after {fatal_name} stopped the kernel ({b.ended})")
    elif b.ended:
        problems.append(b.ended)
    else:
        end = judge_end(b, machine)
        if end:
            problems.append(end)
    firmware = judge_firmware(b, machine)
    if firmware:
        problems.append(firmware)
    reports, missing = expected_cpu_failures(b.reports(), machine)
    problems += missing
    for kind, line in reports:
        problems.append(f"{kind}: {line}")
    res.add(kernel, f"{name}/boot", FAIL if problems else PASS,
            "; ".join(problems[:3]))

    tap = b.tap()
    # wb_only=GLOB: the runner runs the tests whose GROUP/NAME match.
    only = extra_values(extra, "wb_only")
    for g in groups.split(","):
        for t in fatal if g == "fatal" else group_tests(g, cfg, machine.uefi):
            if only and not fnmatch.fnmatchcase(t, only[0]):
                continue
            if t in fatal:
                if t in tap:
                    ok, skip, comment = tap[t]
                    why = comment or "the kernel carried on"
                elif fatal_name != t:
                    why = "never reached its expect-fatal marker (boot ended early)"
                else:
                    why = FATAL_TESTS[t](fatal_text, page)
                    if not why and "kaslr" in groups.split(","):
                        why = judge_kernel_offset(b.text, fatal_text)
                res.add(kernel, f"{name}/{t}", FAIL if why else PASS, why)
            elif t in tap:
                ok, skip, comment = tap[t]
                st = SKIP if (ok and skip) else (PASS if ok else FAIL)
                res.add(kernel, f"{name}/{t}", st, comment)
            else:
                res.add(kernel, f"{name}/{t}", FAIL, "no result (boot ended early)")

    if "pci" in groups.split(",") and not only:
        why = judge_pci_console(b)
        res.add(kernel, f"{name}/pci/console_host", FAIL if why else PASS, why)

    if parse_config(config)[0] == "test":
        for tname, pat in KERNEL_TESTS:
            found = re.search(pat, b.text)
            res.add(kernel, f"{name}/{tname}", PASS if found else FAIL,
                    "" if found else "its pass line is not in the console log")
        kunit = {}
        for line in b.text.splitlines():
            m = KUNIT_TOP.search(line)
            if m:
                kunit[m.group(2)] = m.group(1) is None
        for s in KUNIT_SUITES:
            if s not in kunit:
                res.add(kernel, f"{name}/kernel/kunit/{s}", FAIL,
                        "suite did not report")
            else:
                res.add(kernel, f"{name}/kernel/kunit/{s}",
                        PASS if kunit[s] else FAIL)
    return problems


def debconfig_report(out):
    """Run scripts/debconfig-report.py with the bound of
    tests/debconfig.max; its report goes to out.  (ok, note)"""
    with open(os.path.join(wb.TOP, "tests", "debconfig.max")) as f:
        bound = [w for w in f.read().split("\n") if w and not w.startswith("#")]
    if len(bound) != 1 or not bound[0].isdigit():
        wb.die("tests/debconfig.max: one number expected, after the comments")
    r = subprocess.run([sys.executable,
                        os.path.join(wb.TOP, "scripts", "debconfig-report.py"),
                        "--max-other", bound[0]],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(out, "w") as f:
        f.write(r.stdout)
    first = r.stdout.strip().splitlines()[:1]
    if r.returncode != 0:
        return False, r.stdout.strip().splitlines()[-1] if r.stdout.strip() else "no output"
    return True, re.sub(r"^.*?: (\d+ options set)", r"\1", first[0]) if first else ""


def check_rst(path):
    """Parse a page with docutils (scripts/check-rst.py), failing on any
    warning."""
    r = subprocess.run(["/usr/bin/python3",
                        os.path.join(wb.TOP, "scripts", "check-rst.py"), path],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode == 0:
        return True, ""
    lines = r.stdout.strip().splitlines()
    return False, lines[0] if lines else f"check-rst.py exit {r.returncode}"


def harness_selftest():
    """Run scripts/test_harness.py; return (passed, failed)."""
    import unittest
    import test_harness
    suite = unittest.defaultTestLoader.loadTestsFromModule(test_harness)
    r = unittest.TextTestRunner(stream=sys.stdout, verbosity=0).run(suite)
    bad = len(r.failures) + len(r.errors)
    return r.testsRun - bad, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boots", default="")
    ap.add_argument("--kernels", default="baseline,port")
    args = ap.parse_args()
    t0 = time.monotonic()
    # How long each step took, printed at the end: "NAME SECONDS".
    phases = []
    t_phase = t0

    def phase(name):
        nonlocal t_phase
        now = time.monotonic()
        phases.append(f"{name} {now - t_phase:.0f}s")
        t_phase = now

    machines = wb.machines()
    plan = [r + [""] * (6 - len(r)) for r in
            wb.read_table(os.path.join(wb.TOP, "tests", "plan"), 6, optional=1)]
    for row in plan:
        if row[1] not in machines:
            wb.die(f"tests/plan: {row[0]}: no machine '{row[1]}' in tests/machines")
        parse_config(row[2])
        parse_extra(row[5])
        if "fatal" in row[4].split(",")[:-1]:
            wb.die(f"tests/plan: {row[0]}: the fatal group stops the kernel: put it last")
        if "debian" in row[4].split(",") and (
                row[4] != "debian" or parse_config(row[2])[0] != "normal"
                or parse_extra(row[5]) not in ([], *[[f"wb_root={r}"] for r in wb.DEBIAN_ROOTS])):
            wb.die(f"tests/plan: {row[0]}: the debian group boots a Debian system, not "
                   "the runner: no other group, a normal kernel, and as EXTRA only "
                   f"wb_root={'|'.join(wb.DEBIAN_ROOTS)}")
    if args.boots:
        want = set(args.boots.split(","))
        unknown = want - {r[0] for r in plan}
        if unknown:
            wb.die(f"BOOTS: no row {', '.join(sorted(unknown))} in tests/plan")
        plan = [r for r in plan if r[0] in want]
    asked = set(args.kernels.split(","))
    if not asked or asked - {"baseline", "port"}:
        wb.die(f"KERNELS={args.kernels}: name port, baseline or both")
    kernels = [k for k in ("baseline", "port") if k in asked]
    exp = Expectations(os.path.join(wb.TOP, "tests", "expectations"))
    res = Results()
    logdir = os.path.join(wb.BUILD, "check")
    os.makedirs(logdir, exist_ok=True)
    buildlog = open(os.path.join(logdir, "builds.log"), "w")

    print("check: the harness's own tests", flush=True)
    h_passed, h_failed = harness_selftest()

    print("check: building the user space", flush=True)
    initrd = wb.build_userspace()
    load_groups()
    for row in plan:
        fatal_test(row)

    phase("harness and user space")
    configs = sorted({r[2] for r in plan})
    images = {}
    for kernel in kernels:
        for config in configs:
            if kernel == "port" and exp.port_skip and config != "normal":
                continue
            print(f"check: building the {kernel} ({config})", flush=True)
            base, page, va = parse_config(config)
            img, err = wb.build_kernel(kernel, test=(base == "test"), page=page,
                                       va=va, log=buildlog, cache=True)
            phase(f"{kernel}/{config}")
            res.add(kernel, f"build/{config}", PASS if img else FAIL, err)
            if img:
                images[(kernel, config)] = img
            else:
                print(f"check: {err}", flush=True)

    # The port's documentation is well-formed reStructuredText.
    docs = os.path.join(wb.TOP, "overlay", "Documentation", "arch", "aarch64")
    if "port" in kernels and os.path.isdir(docs):
        for page in sorted(os.listdir(docs)):
            if page.endswith(".rst"):
                ok, note = check_rst(os.path.join(docs, page))
                res.add("port", f"docs/{page}", PASS if ok else FAIL, note)

    # How much of Debian's own arm64 configuration the port keeps
    # (scripts/debconfig-report.py): the options lost for reasons other
    # than SoC families, KVM and Xen may not grow past tests/debconfig.max.
    if "port" in kernels:
        print("check: Debian's arm64 configuration on the port", flush=True)
        ok, note = debconfig_report(os.path.join(logdir, "debconfig.txt"))
        res.add("port", "debconfig/report", PASS if ok else FAIL, note)
        phase("debconfig")

    # The deliverable: the series applies to the pristine tree, gives the
    # build tree back, passes checkpatch and builds (scripts/series.py).
    if "port" in kernels and os.path.exists(os.path.join(wb.TOP, "series", "order")):
        import series
        print("check: the patch series", flush=True)
        for sname, ok, note in series.check():
            res.add("port", sname, PASS if ok else FAIL, note)
        phase("series")

    # The Debian system of the debian group, for each kernel and row (a
    # disk image is written by one boot only): the root file system is
    # made once (debootstrap, cached outside the clone), its second stage
    # run by the baseline's kernel where there is one.
    rootfs = {}
    debian_rows = [r for r in plan if r[4] == "debian"]
    if debian_rows:
        print("check: the Debian root file system", flush=True)
    for row in debian_rows:
        name, config = row[0], row[2]
        base_img = images.get(("baseline", config)) or images.get(("port", config))
        for kernel in kernels:
            img = images.get((kernel, config))
            if not img:
                continue
            path, err = wb.debian_rootfs(
                base_img, img, os.path.join(wb.BUILD, "debian", f"{kernel}-{name}.img"))
            res.add(kernel, f"{name}/rootfs", PASS if path else FAIL, err)
            if path:
                rootfs[(kernel, name)] = path
            else:
                print(f"check: {err}", flush=True)
    if debian_rows:
        phase("debian rootfs")

    # Boot the plan.  The two kernels' boots of a row run side by side
    # (two QEMU processes); results are judged in plan order.
    jobs = []
    perf_cpio = os.path.join(wb.BUILD, "userspace", "perf.cpio")
    for row in plan:
        name, mname, config, timeout, groups, extra = row
        for kernel in kernels:
            if kernel == "port" and exp.port_skip:
                continue
            img = images.get((kernel, config))
            if groups == "debian":
                if img and (kernel, name) in rootfs:
                    jobs.append((row, kernel, img, rootfs[(kernel, name)]))
            elif img:
                # Each kernel boots the shared user space plus its own
                # modules, and the tools group Debian's perf too (made
                # here, before the boots run side by side).
                extra = [perf_cpio] if "tools" in groups.split(",") else []
                jobs.append((row, kernel, img, wb.initrd_for(img, initrd, extra)))

    def run(job):
        row, kernel, img, kinitrd = job
        name, mname, config, timeout, groups, extra = row
        params = " ".join(parse_extra(extra))
        if "kaslr" in groups.split(","):
            params += f" wb_link_stext={link_stext(img)}"
        # One write a line: the two boot threads must not interleave.
        sys.stdout.write(f"check: booting {kernel}/{name} on {machines[mname]}"
                         + (f" with {params}" if params else "") + "\n")
        sys.stdout.flush()
        # wb_kernel tells the tests which kernel they run on, for the
        # checks of the port's own debug knobs (asid_bits=); wb_config
        # which configuration, for the tests of one only (NAME:CONFIG in
        # a group's list); wb_icount that QEMU counts instructions.
        if groups == "debian":
            return wb.boot(img, None, machines[mname],
                           f"wb_mode=tests wb_kernel={kernel}", int(timeout),
                           os.path.join(logdir, kernel, f"{name}.log"), rootfs=kinitrd,
                           root=(extra_values(extra, "wb_root") or ["virtio"])[0])
        return wb.boot(img, kinitrd, machines[mname],
                       f"wb_mode=tests wb_groups={groups} wb_kernel={kernel} "
                       f"wb_config={parse_config(config)[0]} "
                       + ("wb_icount=1 " if machines[mname].icount else "")
                       + params.strip(),
                       int(timeout),
                       os.path.join(logdir, kernel, f"{name}.log"), disk=True,
                       pci="pci" in groups.split(","))

    workers = int(os.environ.get("WB_PARALLEL", "2"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        boots = dict(zip([(j[0][0], j[1]) for j in jobs], pool.map(run, jobs)))
    phase("boots")

    for row in plan:
        name, mname, config, timeout, groups, extra = row
        for kernel in kernels:
            tag = f"{kernel}/{name}"
            if kernel == "port" and exp.port_skip:
                issue, reason = exp.port_skip
                res.add("port", f"{name}/boot", SKIP, f"{reason} ({issue})")
                continue
            b = boots.get((name, kernel))
            if not b:
                res.add(kernel, f"{name}/boot", FAIL, f"no {config} kernel"
                        + (" or Debian root file system" if groups == "debian" else "")
                        + " built")
                continue
            problems = judge_boot(res, kernel, row, machines[mname], b)
            failed = [n for n, (st, _) in res.res[kernel].items()
                      if n.startswith(name + "/") and st == FAIL]
            print(f"check: {tag}: {len(failed)} failed, {b.seconds:.0f}s", flush=True)
            if failed or problems:
                print(f"---- last 40 console lines of {tag} "
                      f"(log: {os.path.relpath(b.log_path, wb.TOP)})")
                print(b.tail(40))
                print("----", flush=True)

    # Two rows that force different KASLR seeds, on each kernel.
    seeded = [r[0] for r in plan if "kaslr" in r[4].split(",")
              and re.search(r"(^|,)wb_kaslr_seed=0x", r[5])]
    if len(seeded) >= 2:
        for kernel in kernels:
            if kernel == "port" and exp.port_skip:
                continue
            judge_kaslr_seeds(res, kernel, [boots[(n, kernel)] for n in seeded
                                            if (n, kernel) in boots])

    # Report side by side and count.
    passed, failed, skipped, xfail = h_passed, h_failed, 0, 0
    lines = []
    diffs = []
    for name in res.order:
        cols = []
        for kernel in ("baseline", "port"):
            st, note = res.res[kernel].get(name, ("-", ""))
            verdict = st
            if kernel == "baseline":
                if st == PASS:
                    passed += 1
                elif st == FAIL:
                    failed += 1
                    verdict = "FAIL"
                elif st == SKIP:
                    skipped += 1
            else:
                e = exp.lookup(name) if st in (PASS, FAIL) else None
                if st == PASS and e:
                    failed += 1
                    verdict = "XPASS"
                    note = f"passes now: remove '{e[0]}' from tests/expectations ({e[1]})"
                elif st == PASS:
                    passed += 1
                elif st == FAIL and e:
                    xfail += 1
                    verdict = "XFAIL"
                    note = f"{e[1]}: {e[2]}" + (f" [{note}]" if note else "")
                elif st == FAIL:
                    failed += 1
                elif st == SKIP:
                    skipped += 1
            cols.append((verdict, note))
        lines.append((name, cols))
        # A difference is a test that passes on one kernel and not on
        # the other; boots of the port skipped as a whole are no news.
        if cols[0][0] != cols[1][0] and "-" not in (cols[0][0], cols[1][0]) \
                and not (exp.port_skip and cols[1][0] == SKIP):
            diffs.append((name, cols))

    print()
    print(f"{'test':60} {'baseline':9} port")
    for name, cols in lines:
        print(f"{name:60} {cols[0][0]:9} {cols[1][0]}")
    print()
    notes = [(n, k, c) for n, cs in lines for k, c in zip(("baseline", "port"), cs)
             if c[0] in ("FAIL", "XPASS", "XFAIL") and c[1]]
    if notes:
        print("Notes:")
        for n, k, (v, note) in notes:
            print(f"  {k} {n}: {v}: {note}")
    if diffs:
        print(f"Passing on one kernel and not on the other ({len(diffs)}):")
        for name, cols in diffs:
            print(f"  {name:58} baseline {cols[0][0]:6} port {cols[1][0]}")
    if exp.port_skip:
        print(f"The port's boots are skipped: {exp.port_skip[1]} ({exp.port_skip[0]}).")
    unused = [e for e in exp.entries if e[0] not in exp.used]
    for e in unused:
        print(f"tests/expectations: '{e[0]}' ({e[1]}) matched no test")
    print(f"check: where the time went: {', '.join(phases)}")
    print(f"check: {time.monotonic() - t0:.0f}s; harness self-tests: {h_passed} passed, "
          f"{h_failed} failed; {xfail} XFAIL (counted as skipped)")
    print(f"{passed} passed, {failed} failed, {skipped + xfail} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
