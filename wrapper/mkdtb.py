#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Turn QEMU virt's own device tree (as dtc source) into a spin-table one.

    mkdtb.py IN.dts OUT.dts --pen-base A --initrd-start A --initrd-size N
             --bootargs "..." [--stdout-path /pl011@9000000]

Changes, all to the tree dtc printed from QEMU's blob:
  - /memreserve/ PEN_BASE PEN_SIZE (the page holding the release slots);
  - every /cpus/cpu@N: enable-method = "spin-table",
    cpu-release-addr = <0 PEN_BASE+8*N> (N = MPIDR_EL1.Aff0 = reg);
  - /psci: compatible = "arm,psci-0.2", method = "smc" (created when
    QEMU left it out; used for SYSTEM_OFF/RESET only, never CPU_ON);
  - /chosen: bootargs, linux,initrd-start/end, stdout-path if missing.

The parser only knows the regular layout that `dtc -O dts` writes (one
property or node bracket per line) and fails loudly on anything else.
"""
import argparse
import re
import sys

MAX_CPUS = 8          # the wrapper's pen has 8 slots (GICv2 limit)

NODE_OPEN = re.compile(r"^(?:[\w,.+-]+:\s*)*([\w,.+@-]+|/)\s*\{$")
NODE_CLOSE = re.compile(r"^\};$")
PROP = re.compile(r"^([#\w,.+?-]+)\s*=\s*(.*);$")
BOOL_PROP = re.compile(r"^([#\w,.+?-]+);$")


class Node:
    def __init__(self, name):
        self.name = name
        self.props = {}        # name -> value text (None: boolean); ordered
        self.children = []

    def child(self, name, create=False):
        for c in self.children:
            if c.name == name:
                return c
        if not create:
            return None
        c = Node(name)
        self.children.append(c)
        return c


def die(msg):
    print(f"mkdtb.py: {msg}", file=sys.stderr)
    sys.exit(1)


def parse(text):
    """Return (header lines before the root node, root Node)."""
    header, root, stack = [], None, []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if not stack:
            if root is not None:
                die(f"line {n}: text after the root node: {line!r}")
            m = NODE_OPEN.match(line)
            if m and m.group(1) == "/":
                root = Node("/")
                stack.append(root)
            elif line.startswith("/dts-v1/") or line.startswith("/memreserve/"):
                header.append(line)
            else:
                die(f"line {n}: unexpected before the root node: {line!r}")
            continue
        m = NODE_OPEN.match(line)
        if m:
            stack.append(stack[-1].child(m.group(1), create=True))
            continue
        if NODE_CLOSE.match(line):
            stack.pop()
            continue
        m = PROP.match(line)
        if m:
            stack[-1].props[m.group(1)] = m.group(2)
            continue
        m = BOOL_PROP.match(line)
        if m:
            stack[-1].props[m.group(1)] = None
            continue
        die(f"line {n}: cannot parse {line!r}")
    if root is None or stack:
        die("no complete root node in the input")
    return header, root


def emit(header, root):
    out = list(header)

    def walk(node, depth):
        ind = "\t" * depth
        out.append(f"{ind}{node.name} {{")
        for k, v in node.props.items():
            out.append(f"{ind}\t{k};" if v is None else f"{ind}\t{k} = {v};")
        for c in node.children:
            walk(c, depth + 1)
        out.append(f"{ind}}};")

    out.append("")
    walk(root, 0)
    return "\n".join(out) + "\n"


def dts_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cells64(v):
    return f"<0x{v >> 32:x} 0x{v & 0xffffffff:x}>"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    num = lambda s: int(s, 0)
    ap.add_argument("--pen-base", type=num, required=True)
    ap.add_argument("--pen-size", type=num, default=0x1000)
    ap.add_argument("--initrd-start", type=num)
    ap.add_argument("--initrd-size", type=num, default=0)
    ap.add_argument("--bootargs", default="")
    ap.add_argument("--stdout-path", default="/pl011@9000000")
    a = ap.parse_args()

    if a.pen_base % 4096 or a.pen_size < 8 * MAX_CPUS:
        die("the pen must be page aligned and hold 8 slots")

    with open(a.input) as f:
        header, root = parse(f.read())

    # /memreserve/ entries must follow /dts-v1/; drop any stale one of ours.
    mr = f"/memreserve/ 0x{a.pen_base:x} 0x{a.pen_size:x};"
    header = [h for h in header if h != mr]
    if not header or not header[0].startswith("/dts-v1/"):
        die("input does not start with /dts-v1/")
    header.insert(1, mr)

    cpus = root.child("cpus")
    if cpus is None:
        die("no /cpus node")
    ncpu = 0
    for c in cpus.children:
        if c.props.get("device_type") != '"cpu"':
            continue
        m = re.fullmatch(r"<(0x[0-9a-fA-F]+|\d+)>", c.props.get("reg", ""))
        if not m:
            die(f"/cpus/{c.name}: reg is not one cell: {c.props.get('reg')}")
        aff0 = int(m.group(1), 0)
        if aff0 >= MAX_CPUS:
            die(f"/cpus/{c.name}: MPIDR 0x{aff0:x} has no slot in the pen "
                f"(at most {MAX_CPUS} CPUs, cluster 0)")
        c.props["enable-method"] = '"spin-table"'
        c.props["cpu-release-addr"] = cells64(a.pen_base + 8 * aff0)
        ncpu += 1
    if ncpu == 0:
        die("no cpu nodes under /cpus")

    psci = root.child("psci", create=True)
    psci.props = {"compatible": '"arm,psci-0.2"', "method": '"smc"'}

    chosen = root.child("chosen", create=True)
    chosen.props["bootargs"] = dts_string(a.bootargs)
    chosen.props.pop("linux,initrd-start", None)
    chosen.props.pop("linux,initrd-end", None)
    if a.initrd_start is not None and a.initrd_size > 0:
        chosen.props["linux,initrd-start"] = cells64(a.initrd_start)
        chosen.props["linux,initrd-end"] = cells64(a.initrd_start + a.initrd_size)
    chosen.props.setdefault("stdout-path", dts_string(a.stdout_path))

    with open(a.output, "w") as f:
        f.write(emit(header, root))
    print(f"mkdtb.py: {ncpu} CPUs on spin-table, pen 0x{a.pen_base:x}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
