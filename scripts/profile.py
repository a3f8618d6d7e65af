#!/usr/bin/env python3
"""Where one benchmark operation's instructions go, per kernel function.

    python3 scripts/profile.py NAME [--kernel port|baseline|both]
                               [--warm N] [--max-steps N]

NAME is one of bench/micro.c's figures ('make bench' lists them).  The
kernel's normal build (PAGE, VA and TEST as for make) boots with the
benchmark user space and bench_profile=NAME: bench/micro then runs
NAME's operation in an endless loop, calling bench_profile_mark() before
each.  gdb-multiarch, attached to QEMU's gdb stub, lets the loop go
round --warm times (so that caches, allocator lists and page tables are
warm, as in the timed runs), then single-steps one operation, from one
bench_profile_mark() to the next, and counts the instructions each
kernel function (System.map) and user space executed.  The guest runs
under -icount, as in make bench, so its clock advances by the
instructions stepped and not by the time the stepping takes: a tick
lands in an operation as rarely as in the timed runs (work that is
batched, such as RCU callbacks and slab frees, still lands in whichever
operation runs it, as it does in the timed runs).  The figure is one
operation plus bench/micro's loop and its two clock reads, which are
the same user instructions on both kernels.

With --kernel both, the two kernels' counts are printed side by side,
functions with the largest difference first: where the port spends
instructions that arm64 does not, and the reverse.  Traces (one PC per
line) and the tables are kept in build/profile/.

Single-stepping through the gdb stub runs at a few hundred to a few
thousand instructions a second: an operation of 30,000 instructions
takes about a minute on an idle host.  Only the stepped CPU runs while
it is stepped (scheduler-locking; without it, QEMU 7.2's stub was seen
to stop answering in the middle of the baseline's signal_self), so an
operation that waits on another CPU does not finish.  A trace must end
in user space, where the mark is; one that ends in the kernel is
refused rather than counted short.
"""
import argparse
import bisect
import collections
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "scripts"))
import bench  # noqa: E402
import wb  # noqa: E402

OUT = os.path.join(TOP, "build", "profile")
GDB = "gdb-multiarch"
USER = "[user]"

# Runs inside gdb: stop at the mark WARM times, then step one operation.
GDB_SCRIPT = r'''
import gdb, os
mark = int(os.environ["PROFILE_MARK"], 16)
gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("target remote localhost:%s" % os.environ["PROFILE_PORT"])
gdb.execute("set scheduler-locking step")
gdb.execute("hbreak *0x%x" % mark)
for _ in range(int(os.environ["PROFILE_WARM"])):
    gdb.execute("continue", to_string=True)
gdb.execute("delete")
limit = int(os.environ["PROFILE_MAX"])
n = 0
with open(os.environ["PROFILE_TRACE"], "w", buffering=1) as f:
    while n < limit:
        gdb.execute("stepi", to_string=True)
        pc = int(gdb.parse_and_eval("(unsigned long)$pc")) & 0xffffffffffffffff
        if pc == mark:
            break
        f.write("%x\n" % pc)
        n += 1
gdb.execute("kill")
'''


def die(msg):
    sys.exit(f"profile: {msg}")


def free_port():
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def user_mark(cpio):
    """The address of bench_profile_mark in the bench/micro of `cpio`."""
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["cpio", "-idm", "--quiet", "bench/micro"], cwd=d,
                       stdin=open(cpio, "rb"), check=True)
        nm = subprocess.run(["aarch64-linux-gnu-nm", os.path.join(d, "bench",
                                                                  "micro")],
                            stdout=subprocess.PIPE, text=True, check=True)
    for line in nm.stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == "bench_profile_mark":
            return f[0]
    die("bench/micro has no bench_profile_mark: rebuild the user space")


class Symbols:
    """Kernel text symbols from a System.map, for PC -> function."""

    def __init__(self, path):
        syms = []
        with open(path) as f:
            for line in f:
                a, t, name = line.split()[:3]
                if t in "tTwW":
                    syms.append((int(a, 16), name))
        syms.sort()
        self.addrs = [a for a, _ in syms]
        self.names = [n for _, n in syms]

    def name(self, pc):
        if pc < (1 << 63):
            return USER
        i = bisect.bisect_right(self.addrs, pc) - 1
        return self.names[i] if i >= 0 else "[kernel ?]"


def profile(col, image, cpio, name, warm, max_steps):
    sysmap = os.path.join(os.path.dirname(image), "..", "..", "..",
                          "System.map")
    if not os.path.isfile(sysmap):
        die(f"no System.map beside {image}")
    mark = user_mark(cpio)
    port = free_port()
    # As make bench boots it, under -icount, so that the guest clock
    # moves only as instructions are stepped and no timer fires in the
    # operation because the host took its time over the stepping; but
    # without align=off,sleep=off, with which QEMU 7.2's gdb stub never
    # completes a step.
    cmd = bench.qemu_command(image, cpio, False)
    cmd[cmd.index("-icount") + 1] = "shift=0"
    i = cmd.index("-append")
    cmd[i + 1] += f" bench_profile={name}"
    cmd += ["-gdb", f"tcp:localhost:{port}"]
    log = os.path.join(OUT, f"{col}-{name}.log")
    trace = os.path.join(OUT, f"{col}-{name}.trace")
    script = os.path.join(OUT, "gdb-step.py")
    with open(script, "w") as f:
        f.write(GDB_SCRIPT)
    with open(log, "w") as lf:
        q = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=lf,
                             stderr=subprocess.STDOUT)
        try:
            # The stub listens from the start; let the guest reach the loop.
            deadline = time.time() + 120
            while time.time() < deadline:
                with open(log, errors="replace") as r:
                    if f"# bench: profiling {name}" in r.read():
                        break
                if q.poll() is not None:
                    die(f"{col}: QEMU exited before the loop: see {log}")
                time.sleep(0.5)
            else:
                die(f"{col}: no '# bench: profiling {name}' in 120 s: "
                    f"see {log}")
            env = dict(os.environ, PROFILE_MARK=mark, PROFILE_PORT=str(port),
                       PROFILE_WARM=str(warm), PROFILE_MAX=str(max_steps),
                       PROFILE_TRACE=trace)
            if os.path.exists(trace):
                os.remove(trace)
            g = subprocess.run([GDB, "-nx", "-batch", "-x", script], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, timeout=3600)
            if (g.returncode != 0 or "Traceback" in g.stdout or
                    not os.path.isfile(trace) or not os.path.getsize(trace)):
                die(f"{col}: gdb failed:\n{g.stdout[-2000:]}")
        finally:
            q.kill()
            q.wait()
    syms = Symbols(sysmap)
    counts = collections.Counter()
    last = None
    with open(trace) as f:
        for line in f:
            last = int(line, 16)
            counts[syms.name(last)] += 1
    if sum(counts.values()) >= max_steps:
        print(f"profile: {col}: stopped at --max-steps {max_steps}: the "
              "operation did not finish", file=sys.stderr)
    elif last is not None and last >= (1 << 63):
        # The mark is reached from user space: a kernel PC last means
        # the stub reported the mark while the kernel was being stepped.
        die(f"{col}: the stepping ended in {syms.name(last)}, not in "
            "user space: the count would be incomplete; see "
            f"{trace} and {log}")
    return counts


def table(cols, counts):
    total = {c: sum(counts[c].values()) for c in cols}
    kernel = {c: total[c] - counts[c][USER] for c in cols}
    names = set()
    for c in cols:
        names |= set(counts[c])
    if len(cols) == 2:
        a, b = cols
        order = sorted(names, key=lambda n: (-abs(counts[b][n] - counts[a][n]), n))
        lines = [f"{'function':40} {a:>9} {b:>9} {'diff':>7}"]
        lines += [f"{n:40} {counts[a][n]:9} {counts[b][n]:9} "
                  f"{counts[b][n] - counts[a][n]:+7}" for n in order]
        lines.append(f"{'kernel':40} {kernel[a]:9} {kernel[b]:9} "
                     f"{kernel[b] - kernel[a]:+7}")
        lines.append(f"{'total':40} {total[a]:9} {total[b]:9} "
                     f"{total[b] - total[a]:+7}")
    else:
        c = cols[0]
        lines = [f"{'function':40} {c:>9}"]
        lines += [f"{n:40} {k:9}" for n, k in counts[c].most_common()]
        lines.append(f"{'kernel':40} {kernel[c]:9}")
        lines.append(f"{'total':40} {total[c]:9}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Instructions of one benchmark "
                                 "operation per kernel function.")
    ap.add_argument("name", help="a bench/micro.c figure, e.g. signal_self")
    ap.add_argument("--kernel", choices=("port", "baseline", "both"),
                    default="both")
    ap.add_argument("--warm", type=int, default=20,
                    help="operations before the one stepped (default 20)")
    ap.add_argument("--max-steps", type=int, default=500000,
                    help="give up after this many instructions")
    args = ap.parse_args()
    if not shutil.which(GDB):
        die(f"{GDB} not found: run 'make deps'")
    # A TERM (from timeout, say) unwinds like an interrupt, so that the
    # QEMU being stepped is killed on the way out, not left running.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("profile: terminated"))
    os.makedirs(OUT, exist_ok=True)
    cols = ["baseline", "port"] if args.kernel == "both" else [args.kernel]
    overrides = dict((c, o) for c, _, o in bench.KERNELS)
    images = {}
    for c in cols:
        image = os.environ.get(overrides[c])
        if not image:
            image, why = bench.build_kernel(c)
            if not image:
                die(f"{c}: {why}")
        images[c] = image
    # The benchmark boots' user space (bench.bench_cpio), kept here.
    cpio = os.path.join(OUT, "initramfs.cpio")
    bench.bench_cpio(bench.build_userspace(), cpio)
    counts = {}
    for c in cols:
        bench.note(f"profiling {args.name} on the {c}")
        counts[c] = profile(c, images[c], cpio, args.name, args.warm,
                            args.max_steps)
    text = table(cols, counts)
    with open(os.path.join(OUT, f"{args.name}.txt"), "w") as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
