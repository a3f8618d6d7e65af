#!/usr/bin/env python3
"""Micro-benchmarks of the port against the mainline arm64 kernel.

    python3 scripts/bench.py [--runs N] [--timeout SECONDS] [--verbose]

Builds both kernels (scripts/build-kernel.sh, or takes them from the
kernel cache that make check fills) and the guest user space
(scripts/build-userspace.sh), boots each kernel in QEMU with wb_mode=bench
(the guest runs bench/run, one "bench: NAME VALUE ns" line per figure, see
bench/micro.c) and prints a table: name, baseline, port, port/baseline.

Under -icount shift=0 the guest clock advances one nanosecond per executed
instruction, so a figure is an instruction count and must repeat exactly
from boot to boot; --runs 2 (or more) boots each kernel that many times
and flags every figure that differs between the runs.  Exact repetition
needs more than -icount, as found by booting repeatedly:
  sleep=off            an idle guest jumps to its next timer instead of
                       waiting in real time;
  -seed 1              the device tree's rng-seed and kaslr-seed come from
                       a fixed seed (rather than leaving them out with
                       dtb-randomness=off: the guest's RNG is then never
                       ready, and each exec pays ~3% more for that);
  -rtc clock=vm        the PL031 RTC counts virtual time, not the host's.
Without the first two, figures differ from one boot to the next (the
boot figures by up to 3%, fork, pipe and thread ones by tenths of a
percent); without the RTC's, boots differed now and then.
Likewise the benchmark boots take build-userspace.sh's initramfs without
the tests and shared libraries, and with its mtimes and inode numbers
normalised (see bench_cpio), so that unchanged inputs give unchanged
figures from one invocation to the next, however the test suite grows;
the table's header names the inputs by their SHA-256.

The port's column is "—" with the reason when it does not build, boot or
finish; the baseline's figures are reported regardless.  Environment:
  WB_BENCH_PORT=0           leave the port out (no build attempted)
  WB_BENCH_PORT_IMAGE=PATH  benchmark this Image as the port, unbuilt
  WB_BENCH_BASE_IMAGE=PATH  likewise for the baseline
  PAGE, VA, TEST, HARDEN, TRACE
                            the configuration, as for make (4k, 39, 0, 1, 1)
  CPU=MODEL                 QEMU's CPU model (cortex-a57); max has the
                            ARMv8.1+ features the kernels use where
                            present (FEAT_HAFDBS, FEAT_PAN...)
  APPEND=PARAMS             more kernel parameters for both kernels, e.g.
                            the port's hw_afdbm=off (a figure with and
                            without a feature, on one CPU)

Exit status: 0 with the baseline's figures (and consistent runs), 1 when
a figure differed between runs, 2 when the baseline gave no figures.
Console logs are kept in build/bench/, with the ratios drawn as bars in
build/bench/ratios.svg (by gnuplot, when it is installed).
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import types

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "scripts"))
import wb  # noqa: E402
OUT = os.path.join(TOP, "build", "bench")
PICTURE = os.path.join(OUT, "ratios.svg")
QEMU = "qemu-system-aarch64"
CPU = os.environ.get("CPU") or "cortex-a57"
APPEND = os.environ.get("APPEND", "").strip()

# "bench: NAME VALUE UNIT" from bench/micro.c, and "# bench: NAME: why"
# when a figure could not be taken.
FIGURE = re.compile(r"^bench: (\S+) (\d+) (\S+)$")
MISSING = re.compile(r"^# bench: ([a-z0-9_]+): (.*)$")
DONE = "# bench: done"
PANIC = re.compile(r"Kernel panic - not syncing: (.*)")
NONE = "\u2014"		# an em dash: no figure
# Kernel reports worth a mention under the table: a kernel that warns
# while it is being measured may be measuring its warnings.
PRINTK = re.compile(r"^\[\s*\d+\.\d{6}\]")
REPORTS = [
    (r"WARNING: CPU: \d+ PID: \d+", "WARNING"),
    (r"\bBUG: |kernel BUG at", "BUG"),
    (r"Internal error: |\bOops\b|Unable to handle kernel", "oops"),
    (r"soft lockup|rcu: INFO: rcu_\w+ detected stall", "stall"),
    (r"INFO: task \S+ blocked for more than", "hung task"),
]

KERNELS = [
    # (column, ARCH, environment override of the Image)
    ("baseline", "arm64", "WB_BENCH_BASE_IMAGE"),
    ("port", "aarch64", "WB_BENCH_PORT_IMAGE"),
]


def note(msg):
    print(f"bench: {msg}", file=sys.stderr, flush=True)


def die(msg):
    note(msg)
    sys.exit(2)


def config_suffix():
    """The build folder's suffix: wb.kernel_dir() names the folders."""
    return os.path.basename(wb.kernel_dir("port", **wb.env_config())
                            ).split("-", 1)[1]


def last_line(text, default):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else default


def build_kernel(col):
    """Build one kernel through the workbench (wb.build_kernel); return
    (Image path, None) or (None, why not)."""
    cfg = wb.env_config()
    out = wb.kernel_dir(col, **cfg)
    note(f"building the {col} in {os.path.relpath(out, TOP)}")
    image, why = wb.build_kernel(col, log=sys.stderr, cache=True, **cfg)
    if not image:
        return None, why
    if not os.path.isfile(image):
        return None, f"build-kernel.sh printed no Image ({image!r})"
    return image, None


def build_userspace():
    note("building the guest user space")
    r = subprocess.run(["sh", os.path.join(TOP, "scripts",
                                           "build-userspace.sh")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    cpio = last_line(r.stdout, "")
    if r.returncode != 0 or not os.path.isfile(cpio):
        sys.stderr.write(r.stderr)
        die("build-userspace.sh failed")
    return cpio


def snapshot(path, name):
    """A private copy, so that a rebuild by someone else between the
    boots cannot give the two kernels different inputs."""
    dst = os.path.join(OUT, name)
    shutil.copyfile(path, dst + ".tmp")
    os.replace(dst + ".tmp", dst)
    return dst


# What the benchmark boots need of build-userspace.sh's archive: all but
# the tests and the shared libraries (busybox and bench/ are static).
CPIO_DROP = ("tests", "lib")
# ... except what fork_exec_dynamic's program and Debian's hackbench
# need of glibc: the dynamic loader (and its link in /lib), libc.so.6
# and libpthread.so.0.
CPIO_KEEP = ("lib", "lib/ld-linux-aarch64.so.1", "lib/aarch64-linux-gnu",
             "lib/aarch64-linux-gnu/ld-linux-aarch64.so.1",
             "lib/aarch64-linux-gnu/libc.so.6",
             "lib/aarch64-linux-gnu/libpthread.so.0")


def bench_cpio(src, dst):
    """Copy a newc cpio archive for the benchmark boots: without the
    CPIO_DROP trees (but for CPIO_KEEP), so that tests added to the
    project do not move the figures (every byte the kernel unpacks at
    boot does), with every mtime zeroed, the host's device numbers
    dropped and the inodes renumbered in archive order (hard links kept),
    since build-userspace.sh repacks the archive with fresh ones each time
    and those too move the figures."""
    with open(src, "rb") as f:
        data = f.read()
    out = bytearray()
    inodes = {}
    pos = 0
    while True:
        hdr = data[pos:pos + 110]
        if hdr[:6] not in (b"070701", b"070702"):
            raise ValueError(f"no newc header at offset {pos}")
        # ino mode uid gid nlink mtime filesize devmajor devminor
        # rdevmajor rdevminor namesize check
        fld = [int(hdr[6 + 8 * i:14 + 8 * i], 16) for i in range(13)]
        name_end = pos + 110 + fld[11]
        end = (((name_end + 3) & ~3) + fld[6] + 3) & ~3
        name = data[pos + 110:name_end - 1].decode(errors="replace")
        trailer = name == "TRAILER!!!"
        rel = name.removeprefix("./")
        top = rel.split("/")[0]
        if trailer or top not in CPIO_DROP or rel in CPIO_KEEP:
            key = (fld[7], fld[8], fld[0])
            fld[0] = 0 if trailer else inodes.setdefault(key,
                                                         len(inodes) + 1)
            fld[5] = fld[7] = fld[8] = 0
            out += hdr[:6] + b"".join(b"%08X" % v for v in fld)
            out += data[pos + 110:end]
        pos = end
        if trailer:
            break
    with open(dst, "wb") as f:
        f.write(out)


def snapshot_cpio(path):
    dst = os.path.join(OUT, "initramfs.cpio")
    try:
        bench_cpio(path, dst + ".tmp")
        os.replace(dst + ".tmp", dst)
        return dst
    except (ValueError, IndexError) as e:
        note(f"warning: {path} taken as is ({e}); figures may differ "
             "between invocations")
        return snapshot(path, "initramfs.cpio")


def qemu_command(image, cpio, verbose):
    """The boot: 2 CPUs, cortex-a57 (or CPU), under icount (see the top
    comment).
    nokaslr: the kernels run at their link addresses, which profile.py
    maps PCs with (System.map); and arm64 turns KPTI on with KASLR on a
    CPU without FEAT_E0PD, which the port does not have yet, so the
    figures compare the same work."""
    append = "console=ttyAMA0 panic=-1 wb_mode=bench nokaslr"
    if APPEND:
        append += " " + APPEND
    if verbose:
        append += " bench_verbose=1"
    return [QEMU, "-M", "virt", "-cpu", CPU, "-smp", "2",
            "-m", "1G", "-nographic", "-nic", "none", "-no-reboot",
            "-icount", "shift=0,align=off,sleep=off", "-seed", "1",
            "-rtc", "base=2026-01-01T00:00:00,clock=vm",
            "-kernel", image, "-initrd", cpio, "-append", append]


def boot(cmd, log_path, timeout):
    """Boot once and read the console: the figures ({name: (value, unit)}),
    the reasons given for missing ones ({name: why}), the error that cut
    the boot short (or None), kernel reports (WARN, oops...) and the wall
    time in seconds."""
    t0 = time.monotonic()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT)
        try:
            proc.wait(timeout=timeout)
            hung = False
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            hung = True
    res = types.SimpleNamespace(figures={}, missing={}, error=None,
                                reports=[], wall=time.monotonic() - t0)
    with open(log_path, errors="replace") as f:
        lines = [l.rstrip("\r\n").rstrip("\r") for l in f]

    done = False
    panic = None
    for line in lines:
        m = FIGURE.match(line)
        if m:
            res.figures[m.group(1)] = (int(m.group(2)), m.group(3))
            continue
        m = MISSING.match(line)
        if m:
            res.missing.setdefault(m.group(1), m.group(2))
        done = done or line.strip() == DONE
        panic = panic or PANIC.search(line)
        if PRINTK.match(line):
            res.reports += [what for pat, what in REPORTS
                            if re.search(pat, line) and what not in res.reports]

    rel = os.path.relpath(log_path, TOP)
    if panic:
        res.error = f"kernel panic: {panic.group(1).strip()} (log: {rel})"
    elif hung:
        last = next((l for l in reversed(lines) if l.strip()), "(none)")
        res.error = (f"hung: no power-off within {timeout} s, last console "
                     f"line {last.strip()!r} (log: {rel})")
    elif not done:
        res.error = (f"the boot ended before the benchmarks did (QEMU "
                     f"status {proc.returncode}, log: {rel})")
    return res


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:12]


def port_ratio(base, port):
    if base is None or port is None or base == 0:
        return None
    return port / base


def fmt_ratio(base, port):
    r = port_ratio(base, port)
    return NONE if r is None else f"{r:.3f}"


def gnuplot_string(text):
    """`text` as a gnuplot double-quoted string (which reads \\n)."""
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"')
                  .replace("\n", "\\n")) + '"'


def write_picture(ratios, header, path=None):
    """Draw the port/baseline ratios ([(figure, ratio)], in the table's
    order) as horizontal bars into the SVG file `path`, with gnuplot.
    Return None, or why no picture was written: the picture is an aid,
    so nothing here may cost the figures."""
    path = path or PICTURE
    # A picture from an earlier run would pass for this one's.
    for stale in (path, path + ".tmp"):
        if os.path.exists(stale):
            os.unlink(stale)
    if not ratios:
        return "no figure has both a baseline and a port value"
    if not shutil.which("gnuplot"):
        return "gnuplot not found: run 'make deps' (package gnuplot-nox)"
    n = len(ratios)
    # Each bar's label goes right of its end or of the line at 1.0,
    # whichever is further, so that the line never crosses a label; the
    # x range leaves room for the last.
    xmax = max([1.0] + [r for _, r in ratios]) * 1.2
    data = "".join(f'"{name}" {r:.6f}\n' for name, r in ratios)
    title = ("port / baseline per figure, measured under QEMU -icount: "
             "below 1.0 the port is faster (the figures are times)\n"
             + header)
    script = f"""\
set terminal svg size 960,{140 + 28 * n} dynamic font "sans,13" noenhanced background rgb "white"
set output {gnuplot_string(path + ".tmp")}
$ratios << EOD
{data}EOD
set title {gnuplot_string(title)}
set xlabel "port / baseline (instructions counted by QEMU -icount)"
set xrange [0:{xmax:.3f}]
# Reversed, so that the figures read top to bottom as in the table.
set yrange [{n - 0.4}:-0.6]
set ytics scale 0 nomirror
set xtics nomirror
set grid xtics lc rgb "#dddddd"
set border 3
set key off
set style fill solid 0.85 noborder
set arrow from 1, graph 0 to 1, graph 1 nohead front lw 2 lc rgb "black"
plot $ratios using ($2/2):0:($2/2):(0.35):($2 <= 1 ? 0x2a9d8f : 0xe76f51):ytic(1) \
        with boxxyerror lc rgb variable, \
     '' using ($2 > 1 ? $2 : 1):0:(sprintf("%.3f", $2)) \
        with labels left offset char 0.5,0
"""
    try:
        r = subprocess.run(["gnuplot"], input=script, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"gnuplot did not run: {e}"
    if r.returncode != 0 or not os.path.isfile(path + ".tmp"):
        return "gnuplot failed: " + last_line(r.stderr, f"status {r.returncode}")
    os.replace(path + ".tmp", path)
    return None


def main():
    ap = argparse.ArgumentParser(description="Micro-benchmarks, port "
                                 "against baseline, under QEMU -icount.")
    ap.add_argument("--runs", type=int, default=1,
                    help="boots per kernel; figures that differ between "
                    "them are flagged (default 1)")
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds before a boot counts as hung (default 300)")
    ap.add_argument("--verbose", action="store_true",
                    help="log every repetition's time (bench_verbose=1)")
    args = ap.parse_args()
    if args.runs < 1:
        die("--runs takes a positive number")
    if not shutil.which(QEMU):
        die(f"{QEMU} not found: run 'make deps'")
    os.makedirs(OUT, exist_ok=True)

    # Kernels first: a failing port build only empties its column.
    images, reasons = {}, {}
    for col, arch, override in KERNELS:
        if col == "port" and os.environ.get("WB_BENCH_PORT") == "0":
            reasons[col] = "port left out (WB_BENCH_PORT=0)"
            continue
        if os.environ.get(override):
            image, why = os.environ[override], None
            if not os.path.isfile(image):
                image, why = None, f"{override}={image}: no such file"
        else:
            image, why = build_kernel(col)
        if image:
            images[col] = snapshot(image, f"{col}-Image")
        else:
            verb = "does not build yet" if col == "port" else "does not build"
            reasons[col] = f"{col} {verb}: {why}"
            note(reasons[col])
    cpio = snapshot_cpio(build_userspace())

    # Boot each kernel --runs times.
    results = {}		# column -> list of {name: (value, unit)}
    warnings = []
    missing = {}		# column -> {name: why}
    for col, _, _ in KERNELS:
        if col not in images:
            continue
        cmd = qemu_command(images[col], cpio, args.verbose)
        runs = []
        for n in range(1, args.runs + 1):
            log = os.path.join(OUT, f"{col}-{n}.log")
            res = boot(cmd, log, args.timeout)
            note(f"{col}, boot {n}/{args.runs}: {len(res.figures)} figures "
                 f"in {res.wall:.1f} s" +
                 (f"; {res.error}" if res.error else ""))
            if res.reports:
                warnings.append(f"{col}: kernel reports in "
                                f"{os.path.relpath(log, TOP)}: "
                                + ", ".join(res.reports))
            if res.error:
                verb = "does not boot yet" if col == "port" else "fails"
                reasons[col] = f"{col} {verb}: {res.error}"
                # Figures of a first boot cut short are still shown; a
                # later one's would only look like differences.
                if n == 1 and res.figures:
                    runs.append(res.figures)
                    missing.setdefault(col, {}).update(res.missing)
                break
            runs.append(res.figures)
            missing.setdefault(col, {}).update(res.missing)
        if runs:
            results[col] = runs

    # The table, in bench/run's order (the baseline's, then the port's).
    names = []
    for col in ("baseline", "port"):
        for figures in results.get(col, []):
            names += [n for n in figures if n not in names]
    unstable = []
    for col, runs in results.items():
        for name in names:
            vals = [r.get(name, (None,))[0] for r in runs]
            if len(set(vals)) > 1:
                unstable.append((col, name, vals))

    def cell(col, name):
        runs = results.get(col)
        if not runs or name not in runs[0]:
            return None
        return runs[0][name][0]

    header = ("Micro-benchmarks under QEMU -icount shift=0 (1 ns = 1 "
              f"instruction), {config_suffix()}, {CPU} x2, "
              + (f"with {APPEND}, " if APPEND else "") +
              f"{args.runs} boot(s) per kernel")
    print()
    print(header)
    inputs = [f"{col} Image {digest(images[col])}" for col, _, _ in KERNELS
              if col in images] + [f"initramfs {digest(cpio)}"]
    print("inputs (sha256): " + ", ".join(inputs))
    w = max([len(n) for n in names] + [len("figure")])
    print(f"{'figure':<{w}}  {'baseline':>12}  {'port':>12}  "
          f"{'port/base':>9}  unit")
    flagged = {(c, n) for c, n, _ in unstable}
    for name in names:
        unit = next((r[0][name][1] for r in results.values()
                     if name in r[0]), "")
        row = []
        for col in ("baseline", "port"):
            v = cell(col, name)
            s = NONE if v is None else str(v)
            if (col, name) in flagged:
                s += "!"
            row.append(s)
        ratio = fmt_ratio(cell("baseline", name), cell("port", name))
        print(f"{name:<{w}}  {row[0]:>12}  {row[1]:>12}  {ratio:>9}  {unit}")
    if not names:
        print("(no figures)")

    if flagged:
        print("(! differs between boots: see UNSTABLE below)")
    for col, _, _ in KERNELS:
        if col in reasons:
            print(f"{NONE} {reasons[col]}")
        for name, why in sorted(missing.get(col, {}).items()):
            print(f"{col}: {name}: {why}")
    for msg in warnings:
        print(msg)
    for col, name, vals in unstable:
        print(f"UNSTABLE {col} {name}: " +
              ", ".join(NONE if v is None else str(v) for v in vals) +
              " in successive boots (icount runs must repeat exactly)")
    if args.runs > 1 and not unstable and results:
        print(f"all figures identical over {args.runs} boots per kernel")

    ratios = [(name, port_ratio(cell("baseline", name), cell("port", name)))
              for name in names]
    why = write_picture([(n, r) for n, r in ratios if r is not None], header)
    if why:
        print(f"picture not written: {why}")
    else:
        print(f"the ratios as a picture: {os.path.relpath(PICTURE, TOP)}")

    if "baseline" not in results:
        return 2
    return 1 if unstable else 0


if __name__ == "__main__":
    sys.exit(main())
