#!/usr/bin/env python3
"""How much of Debian's arm64 kernel configuration the aarch64 port keeps.

Debian's own arm64 configuration (package linux-config-6.12) is run
through 'make olddefconfig' twice on the prepared tree: once as it is
for ARCH=arm64, once for ARCH=aarch64 with the arch's ARM64_* symbols
renamed to the port's AARCH64_* ones.  An option Debian sets "survives"
a kernel when it comes out with Debian's value.  Only the options that
survive on arm64 but not on the port tell something about the port;
each is traced through the Kconfig files to the reason it is lost, and
the report groups them by that reason.

    debconfig-report.py [--debian-config PATH] [--json FILE] [--max-other N]
                        [--why OPTION]...

--json writes the totals, the count of each kind of reason, each reason's
options and, for each lost option, its chain down to the reason; --why
prints that chain for one option.

Options lost to SoC families (ARCH_QCOM, ...), KVM and Xen are left out
on purpose; the rest ("other") is what the port can still win back, and
--max-other makes a larger count an error so that it only goes down.
"""
import argparse
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREE = os.path.join(TOP, "build", "linux")
SCRATCH = os.path.join(TOP, "build", "debconfig")
DEB_DIR = os.path.join(TOP, "build", "debian-config")
DEB_PKG = "linux-config-6.12"
DEB_CONFIG = "usr/src/linux-config-6.12/config.arm64_none_arm64.xz"
CROSS = "aarch64-linux-gnu-"

# Left out of the port on purpose: an option lost to one of these is not
# counted against it.
EXCUSED = ("SoC family", "KVM", "Xen")


def die(msg):
    print(f"debconfig-report: {msg}", file=sys.stderr)
    sys.exit(1)


def rel(path):
    return os.path.relpath(path, TOP)


# ---------------------------------------------------------------- Debian config

def fetch_debian_config():
    """Return the path of Debian's arm64 config, unpacking the package once.

    The package is downloaded, never installed, so no root is needed.
    The arm64 build of the package is the one that carries the arm64
    configs (each architecture's package has only its own).  The version
    of the installed linux-source-6.12 is asked for first, as the tree
    comes from it; the archive may have moved on, so the candidate next.
    """
    path = os.path.join(DEB_DIR, DEB_CONFIG)
    if os.path.exists(path):
        return path
    tmp = DEB_DIR + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    want = [f"{DEB_PKG}:arm64"]
    r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "linux-source-6.12"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if r.returncode == 0 and r.stdout:
        want.insert(0, f"{DEB_PKG}:arm64={r.stdout}")
    for spec in want:
        r = subprocess.run(["apt-get", "download", "-qq", spec], cwd=tmp,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode == 0:
            break
        lines = r.stderr.strip().splitlines() or [f"apt-get exit status {r.returncode}"]
        err = ([l for l in lines if l.startswith("E:")] or lines)[-1]
    else:
        shutil.rmtree(tmp, ignore_errors=True)
        die(f"cannot fetch {DEB_PKG}:arm64 ({err}): enable arm64 packages "
            "('make deps' does) and run 'apt-get update', or give --debian-config PATH")
    debs = [f for f in os.listdir(tmp) if f.endswith(".deb")]
    root = os.path.join(tmp, "root")
    if len(debs) != 1 or subprocess.run(["dpkg", "-x", os.path.join(tmp, debs[0]), root]).returncode:
        shutil.rmtree(tmp, ignore_errors=True)
        die(f"cannot unpack {DEB_PKG}:arm64 in {rel(tmp)}: check disk space")
    if not os.path.exists(os.path.join(root, DEB_CONFIG)):
        shutil.rmtree(tmp, ignore_errors=True)
        die(f"{debs[0]} has no {DEB_CONFIG}: give --debian-config PATH")
    with open(os.path.join(root, ".deb"), "w") as f:
        f.write(debs[0] + "\n")
    shutil.rmtree(DEB_DIR, ignore_errors=True)
    os.rename(root, DEB_DIR)
    shutil.rmtree(tmp, ignore_errors=True)
    return path


def read_text(path):
    opener = lzma.open if path.endswith(".xz") else open
    try:
        with opener(path, "rt") as f:
            return f.read()
    except (OSError, lzma.LZMAError) as e:
        die(f"cannot read {path}: {e}")


LINE_SET = re.compile(r"^CONFIG_(\w+)=(.*)$")
LINE_UNSET = re.compile(r"^# CONFIG_(\w+) is not set$")


def parse_config(text):
    """{symbol: value}, 'n' for the '# ... is not set' lines, in file order."""
    vals = {}
    for line in text.splitlines():
        m = LINE_SET.match(line)
        if m:
            vals[m.group(1)] = m.group(2)
            continue
        m = LINE_UNSET.match(line)
        if m:
            vals[m.group(1)] = "n"
    return vals


# ------------------------------------------------------------------ expressions

def tokenize(s):
    """Kconfig expression tokens: ('w', word), ('s', string), ('o', operator),
    ('$', macro).  Macros such as $(cc-option,...) nest parentheses."""
    toks, i, n = [], 0, len(s)
    while i < n:
        c = s[i]
        if c.isspace():
            i += 1
        elif c in "\"'":
            j = i + 1
            while j < n and s[j] != c:
                j += 2 if s[j] == "\\" else 1
            toks.append(("s", s[i + 1:j]))
            i = j + 1
        elif s.startswith("$(", i):
            depth, j = 0, i + 1
            while j < n:
                depth += {"(": 1, ")": -1}.get(s[j], 0)
                j += 1
                if depth == 0:
                    break
            toks.append(("$", s[i:j]))
            i = j
        elif s[i:i + 2] in ("&&", "||", "!=", "<=", ">="):
            toks.append(("o", s[i:i + 2]))
            i += 2
        elif c in "!()=<>":
            toks.append(("o", c))
            i += 1
        else:
            m = re.compile(r"[^\s\"'!()=<>&|]+").match(s, i)
            toks.append(("w", m.group(0)))
            i = m.end()
    return toks


def split_if(toks):
    """'EXPR if COND' -> (EXPR tokens, COND tokens or None)."""
    depth = 0
    for k, (kind, text) in enumerate(toks):
        if kind == "o" and text == "(":
            depth += 1
        elif kind == "o" and text == ")":
            depth -= 1
        elif kind == "w" and text == "if" and depth == 0:
            return toks[:k], toks[k + 1:]
    return toks, None


# Trees: ("sym", name) ("const", text) ("not", t) ("and", a, b) ("or", a, b)
# ("cmp", op, atom, atom).  A word is a symbol; whether it is a defined one
# (or a constant such as 48) is decided when it is evaluated.
TRUE = ("const", "y")


class ExprParser:
    def __init__(self, toks):
        self.toks, self.i = toks, 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self):
        t = self.peek()
        self.i += 1
        return t

    def parse(self):
        t = self.expr()
        if self.i != len(self.toks):
            raise ValueError("trailing tokens")
        return t

    def expr(self):
        t = self.conj()
        while self.peek() == ("o", "||"):
            self.take()
            t = ("or", t, self.conj())
        return t

    def conj(self):
        t = self.unary()
        while self.peek() == ("o", "&&"):
            self.take()
            t = ("and", t, self.unary())
        return t

    def unary(self):
        if self.peek() == ("o", "!"):
            self.take()
            return ("not", self.unary())
        if self.peek() == ("o", "("):
            self.take()
            t = self.expr()
            if self.take() != ("o", ")"):
                raise ValueError("unbalanced parenthesis")
            return t
        a = self.atom()
        kind, text = self.peek()
        if kind == "o" and text in ("=", "!=", "<", ">", "<=", ">="):
            self.take()
            return ("cmp", text, a, self.atom())
        return a

    def atom(self):
        kind, text = self.take()
        if kind == "w":
            return ("sym", text)
        if kind in ("s", "$"):
            return ("const", text)
        raise ValueError(f"unexpected {text!r}")


def parse_expr(toks):
    if not toks:
        return TRUE
    try:
        return ExprParser(toks).parse()
    except ValueError:
        return ("const", "?")


def conj(trees):
    trees = [t for t in trees if t != TRUE]
    if not trees:
        return TRUE
    out = trees[0]
    for t in trees[1:]:
        out = ("and", out, t)
    return out


def disj(trees):
    out = trees[0]
    for t in trees[1:]:
        out = ("or", out, t)
    return out


def symbols_of(t):
    if t[0] == "sym":
        return [t[1]]
    if t[0] == "const":
        return []
    if t[0] == "cmp":
        return symbols_of(t[2]) + symbols_of(t[3])
    return [s for k in t[1:] for s in symbols_of(k)]


# ---------------------------------------------------------------- Kconfig files

class Def:
    """One 'config' entry: a symbol may have several."""

    def __init__(self, sym, path, outer):
        self.sym, self.file, self.outer = sym, path, outer
        self.deps, self.defaults = [], []
        self.prompt = None          # the prompt's condition, if it has one
        self.type = None

    def dep_tree(self, visible):
        ts = self.outer + self.deps
        if visible and self.prompt is not None:
            ts = ts + [self.prompt]
        return conj(ts)


class Frame:
    """An if/menu/choice block: its conditions apply to what it holds."""

    def __init__(self, kind, deps=None):
        self.kind, self.deps = kind, deps or []
        self.defaults = []
        self.prompt = self.type = None


class Kconfig:
    """The entries of one architecture's Kconfig tree, with enough of the
    language (depends on, if, menu, choice, select, default, prompts and
    source) to say why a symbol has the value it has."""

    def __init__(self, srcarch):
        self.srcarch = srcarch
        self.defs = defaultdict(list)       # symbol -> [Def]
        self.selects = defaultdict(list)    # symbol -> [(selector, cond, file)]
                                            # (implies included)
        self.parent = {}                    # file -> the file that sources it
        self.load("Kconfig", [], None)

    def load(self, path, stack, parent):
        full = os.path.join(TREE, path)
        if path in self.parent or not os.path.isfile(full):
            return
        self.parent[path] = parent
        with open(full, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        cur = None              # what attributes attach to: a Def or Frame
        help_indent = None      # inside help text: its indentation
        i = 0
        while i < len(lines):
            raw = lines[i]
            i += 1
            while raw.endswith("\\") and i < len(lines):
                raw = raw[:-1] + " " + lines[i]
                i += 1
            if help_indent is not None:
                if not raw.strip():
                    continue
                ind = len(raw.expandtabs(8)) - len(raw.expandtabs(8).lstrip())
                if help_indent == -1:
                    help_indent = ind
                if ind >= help_indent and ind > 0:
                    continue
                help_indent = None
            line = strip_comment(raw).strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if "\t" in word:
                word, _, more = word.partition("\t")
                rest = more + " " + rest
            rest = rest.strip()
            if word in ("config", "menuconfig"):
                cur = Def(rest, path, [d for fr in stack for d in fr.deps])
                self.defs[rest].append(cur)
            elif word in ("choice", "menu"):
                cur = Frame(word)
                stack.append(cur)
            elif word == "if":
                stack.append(Frame("if", [parse_expr(tokenize(rest))]))
                cur = None
            elif word in ("endif", "endmenu", "endchoice"):
                if stack:
                    stack.pop()
                cur = None
            elif word == "comment":
                cur = Frame("comment")
            elif word in ("source", "osource", "rsource", "orsource"):
                src = tokenize(rest)[0][1] if tokenize(rest) else ""
                src = src.replace("$(SRCARCH)", self.srcarch)
                if word.startswith(("r", "or")):
                    src = os.path.join(os.path.dirname(path), src)
                if "$(" not in src:
                    self.load(os.path.normpath(src), stack, path)
                cur = None
            elif word in ("help", "---help---"):
                help_indent = -1
            elif cur is None or word == "mainmenu":
                continue
            elif word == "depends":
                toks = tokenize(rest)
                if toks and toks[0] == ("w", "on"):
                    toks = toks[1:]
                cur.deps.append(parse_expr(toks))
            # An imply is a weak select: what it implies takes the
            # implying option's value unless the config says otherwise,
            # which is how many options get set on arm64.
            elif word in ("select", "imply") and isinstance(cur, Def):
                what, cond = split_if(tokenize(rest))
                if what:
                    self.selects[what[0][1]].append(
                        (cur.sym, parse_expr(cond or []), path))
            elif word in ("default", "def_bool", "def_tristate"):
                what, cond = split_if(tokenize(rest))
                cur.defaults.append((parse_expr(what), parse_expr(cond or []), path))
                if word != "default":
                    cur.type = word[4:]
            elif word in ("bool", "tristate", "int", "hex", "string", "prompt"):
                what, cond = split_if(tokenize(rest))
                if what:
                    cur.prompt = parse_expr(cond or [])
                if word != "prompt":
                    cur.type = word

    def files(self):
        return set(self.parent)

    def entry(self, path, other):
        """The file, sourced from arch/arm64, through which this tree reaches
        a file that the other tree never reads."""
        while True:
            up = self.parent.get(path)
            if up is None or up in other or up.startswith("arch/"):
                return path
            path = up


def strip_comment(line):
    quote = None
    for k, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == "#":
            return line[:k]
    return line


# ---------------------------------------------------------------- olddefconfig

def start_olddefconfig(arch, text):
    out = os.path.join(SCRATCH, arch)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, ".config"), "w") as f:
        f.write(text)
    # A make that calls this script passes its own flags and variables
    # down through the environment; this run must not see them.
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES", "MAKELEVEL",
                        "KBUILD_OUTPUT", "KCONFIG_CONFIG", "KCONFIG_ALLCONFIG",
                        "ARCH", "CROSS_COMPILE", "CC", "LLVM", "O")}
    log = open(os.path.join(out, "olddefconfig.log"), "w")
    p = subprocess.Popen(["make", "-s", "-C", TREE, f"O={out}", f"ARCH={arch}",
                          f"CROSS_COMPILE={CROSS}", "olddefconfig"],
                         stdout=log, stderr=subprocess.STDOUT, env=env)
    return p, out, log


def finish_olddefconfig(arch, job):
    p, out, log = job
    p.wait()
    log.close()
    if p.returncode != 0:
        with open(log.name) as f:
            sys.stderr.write("".join(f.readlines()[-15:]))
        die(f"olddefconfig failed for ARCH={arch} (log: {rel(log.name)}): "
            "check the Kconfig files of build/linux ('make tree')")
    with open(os.path.join(out, ".config")) as f:
        return parse_config(f.read())


# -------------------------------------------------------------- the translation

def renames(port):
    """ARM64_X -> AARCH64_X for every AARCH64_X the port defines."""
    return {"ARM64_" + s[len("AARCH64_"):]: s
            for s in port.defs if s.startswith("AARCH64_")}


def port_name(sym, rename):
    """The port's name for one of Debian's options.  The arch symbol is
    renamed here only: in the Kconfig files, "depends on ARM64" must stay
    a condition the port does not meet."""
    return "AARCH64" if sym == "ARM64" else rename.get(sym, sym)


def translate(debian, rename, port):
    """Debian's config for ARCH=aarch64, as the lines olddefconfig reads."""
    vals = {}
    for sym, v in debian.items():
        vals[port_name(sym, rename)] = v
    # The port has fewer address sizes than arm64 (no 52-bit): take the
    # widest it has that is no wider and that the granule allows.
    want = [int(s.rsplit("_", 1)[1]) for s, v in debian.items()
            if re.fullmatch(r"ARM64_VA_BITS_\d+", s) and v == "y"]
    if want and f"AARCH64_VA_BITS_{want[0]}" not in port.defs:
        fits = []
        for s in port.defs:
            m = re.fullmatch(r"AARCH64_VA_BITS_(\d+)", s)
            if not m or int(m.group(1)) > want[0]:
                continue
            deps = symbols_of(conj([d.dep_tree(False) for d in port.defs[s]]))
            if all(vals.get(d, "n") != "n" for d in deps):
                fits.append(int(m.group(1)))
        for s in list(vals):
            if re.fullmatch(r"AARCH64_VA_BITS_\d+", s):
                del vals[s]
        if fits:
            vals[f"AARCH64_VA_BITS_{max(fits)}"] = "y"
    return "".join(f"# CONFIG_{s} is not set\n" if v == "n" else f"CONFIG_{s}={v}\n"
                   for s, v in vals.items())


# ------------------------------------------------------------------ the reasons

def tri(v):
    return {"y": 2, "m": 1}.get(v, 0)


class Reasons:
    """Why a symbol's value on the port falls short of its value on arm64.

    The answer is a root: the symbol (or Kconfig file) at the bottom of the
    chain of unmet dependencies, so that a driver that depends on
    COMMON_CLK_QCOM is put down to ARCH_QCOM, the SoC family behind it.
    Where several dependencies fail at once, one that must be met (&&)
    goes to a SoC family, KVM or Xen before anything else, as the option
    could not come back without it; of alternatives (||), any that the
    port could still meet is named first.
    """

    def __init__(self, arm, port, arm_vals, port_vals, rename, soc):
        self.arm, self.port = arm, port
        self.arm_vals, self.port_vals = arm_vals, port_vals
        self.to_port = rename
        self.to_arm = {v: k for k, v in rename.items()}
        self.soc = soc
        self.port_files = port.files()
        self.memo, self.busy = {}, set()
        self.via = {}           # symbol -> the next one down its chain

    # Values, by the name a symbol has in the port's Kconfig files.  As
    # in Kconfig, a name that a tree does not define is a constant there:
    # on the port, "ACPI || ACPI=n" is false, ACPI being the string "ACPI".
    def defined(self, sym):
        return sym in self.port.defs or self.to_arm.get(sym, sym) in self.arm.defs

    def val(self, sym, side):
        if sym in ("y", "m", "n"):
            return sym
        if side == "arm":
            asym = self.to_arm.get(sym, sym)
            return self.arm_vals.get(asym, "n") if asym in self.arm.defs else sym
        return self.port_vals.get(sym, "n") if sym in self.port.defs else sym

    def differs(self, sym):
        return self.defined(sym) and self.val(sym, "arm") != self.val(sym, "port")

    def need(self, sym):
        """The level sym's conditions must reach for its arm64 value: a
        bool takes y from a condition at m, a tristate does not."""
        tristate = any(d.type == "tristate" for d in self.port.defs.get(sym, []))
        return 2 if tristate and self.val(sym, "arm") == "y" else 1

    def ev(self, t, side):
        kind = t[0]
        if kind == "sym":
            return tri(self.val(t[1], side))
        if kind == "const":
            return tri(t[1])
        if kind == "not":
            return 2 - self.ev(t[1], side)
        if kind == "and":
            return min(self.ev(t[1], side), self.ev(t[2], side))
        if kind == "or":
            return max(self.ev(t[1], side), self.ev(t[2], side))
        a, b = (self.val(x[1], side) if x[0] == "sym" else x[1] for x in t[2:])
        if t[1] in ("=", "!="):
            return 2 if (a == b) == (t[1] == "=") else 0
        try:
            a, b = int(a, 0), int(b, 0)
        except ValueError:
            pass
        try:
            return 2 if {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[t[1]] else 0
        except TypeError:
            return 0

    def pick(self, found, must):
        """One (root, via) of several failures: 'must' when all of them
        need fixing (&&), else any one would do (||)."""
        found = [f for f in found if f]
        if not found:
            return None
        pref = [f for f in found if (classify(f[0], self.soc) in EXCUSED) == must]
        return (pref or found)[0]

    def step(self, sym):
        return (self.cause(sym), sym)

    def culprit(self, t, need):
        """(root, symbol that leads to it) of t's falling below 'need' on
        the port, or None if no symbol that differs explains it."""
        kind = t[0]
        if kind == "sym":
            return self.step(t[1]) if self.differs(t[1]) else None
        if kind == "and":
            kids = [k for k in t[1:] if self.ev(k, "port") < need]
            return self.pick([self.culprit(k, need) for k in kids], True)
        if kind == "or":
            kids = [k for k in t[1:] if self.ev(k, "arm") >= need] or list(t[1:])
            return self.pick([self.culprit(k, need) for k in kids], False)
        return self.pick([self.step(s) for s in symbols_of(t) if self.differs(s)], True)

    def cause(self, sym):
        """The root of sym's value on the port differing from arm64's."""
        if sym in self.memo:
            return self.memo[sym]
        if sym in self.busy:
            return (sym, "loop")
        self.busy.add(sym)
        root, self.via[sym] = self._cause(sym)
        self.busy.discard(sym)
        self.memo[sym] = root
        return root

    def _cause(self, sym):
        """(root, the symbol next down the chain or None)."""
        asym = self.to_arm.get(sym, sym)
        if sym not in self.port.defs:
            adefs = self.arm.defs.get(asym)
            if not adefs or adefs[0].file.startswith("arch/"):
                return (asym, "arm64 only"), None
            return (self.arm.entry(adefs[0].file, self.port_files), "not sourced"), None
        need = self.need(sym)
        defs = self.port.defs[sym]
        deps = disj([d.dep_tree(True) for d in defs])
        if self.ev(deps, "port") < need:
            r = self.culprit(deps, need)
            if r:
                return r

        # Selected on arm64: by something the port lacks, by the arm64
        # arch (or an arch option the port has too, but which does not
        # select it there), or by a select both trees have whose
        # condition fails on the port.  A select from a module (m) still
        # makes a bool y, hence the level 1.
        found = []
        for who, cond, path in self.arm.selects.get(asym, []):
            if path in self.port_files or self.ev(conj([("sym", who), cond]), "arm") < 1:
                continue
            pwho = self.to_port.get(who, who)
            if who == "ARM64" or not self.differs(pwho):
                found.append(((sym, "arch select"), None))
            else:
                found.append(self.step(pwho))
        for who, cond, path in self.port.selects.get(sym, []):
            t = conj([("sym", who), cond])
            if self.ev(t, "arm") >= 1:
                found.append(self.culprit(t, 1))
        r = self.pick(found, False)
        if r:
            return r

        # A default: arm64's own, or the first shared one that applies on
        # arm64, whose condition (or, for a bool or tristate, whose value)
        # is another on the port.
        for d in self.arm.defs.get(asym, []):
            if d.file in self.port_files:
                continue
            for value, cond, _ in d.defaults:
                if self.ev(cond, "arm") >= 1 and (
                        d.type not in ("bool", "tristate") or self.ev(value, "arm") >= 1):
                    return (sym, "arch default"), None
        for value, cond, _ in [x for d in defs for x in d.defaults]:
            if self.ev(cond, "arm") < 1:
                continue
            if self.ev(cond, "port") < 1:
                r = self.culprit(cond, 1)
            elif self.ev(value, "port") < self.ev(value, "arm"):
                r = self.culprit(value, self.ev(value, "arm"))
            else:
                r = None
            if r:
                return r
            break
        return (sym, "value"), None

    def chain(self, sym):
        """sym and the symbols down to its root, as the report explains it."""
        out = [sym]
        while self.via.get(out[-1]) and self.via[out[-1]] not in out:
            out.append(self.via[out[-1]])
        return out


def classify(root, soc):
    name, kind = root
    if kind == "not sourced":
        words = set(re.split(r"[/._-]", name.lower()))
        for word, cls in (("kvm", "KVM"), ("xen", "Xen"), ("acpi", "ACPI"),
                          ("efi", "EFI"), ("pci", "PCI")):
            if word in words:
                return cls
        return "Kconfig file not sourced"
    parts = set(name.split("_"))
    if name in soc:
        return "SoC family"
    if "KVM" in parts or name == "VIRTUALIZATION":
        return "KVM"
    if "XEN" in parts:
        return "Xen"
    if name == "ARM64":
        return "names ARM64"
    if "ACPI" in parts:
        return "ACPI"
    if "EFI" in parts:
        return "EFI"
    if parts & {"PCI", "PCIE"}:
        return "PCI"
    if "NUMA" in parts:
        return "NUMA"
    if parts & {"COMPAT", "AARCH32"}:
        return "COMPAT"
    if "MEMORY_HOTPLUG" in name or "MEMORY_HOTREMOVE" in name:
        return "hotplug memory"
    if "HUGEPAGE" in name or "HUGETLB" in name or parts & {"HUGE", "THP"}:
        return "THP/hugetlb"
    return {"arm64 only": "arm64 option, none in the port",
            "arch select": "selected by arm64's arch",
            "arch default": "arm64's arch default",
            "value": "other value",
            "loop": "other"}.get(kind, "other")


def describe(root):
    name, kind = root
    return {"not sourced": f"{name} (not sourced)",
            "arch select": f"{name} (arm64 selects it)",
            "arch default": f"{name} (arm64's default)",
            "value": f"{name} (its value)"}.get(kind, name)


# ------------------------------------------------------------------------ main

def main():
    # The chains of dependencies and the long "A || B || ..." lists are
    # followed recursively.
    sys.setrecursionlimit(20000)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--debian-config", metavar="PATH",
                    help="Debian's arm64 config, plain or .xz "
                    f"(default: {DEB_CONFIG} of {DEB_PKG}:arm64, "
                    f"unpacked into {rel(DEB_DIR)})")
    ap.add_argument("--json", metavar="FILE", help="write the figures here too")
    ap.add_argument("--max-other", metavar="N", type=int,
                    help="fail when more than N options are lost for reasons "
                    "other than SoC families, KVM and Xen")
    ap.add_argument("--examples", metavar="N", type=int, default=4,
                    help="example options per reason [4]")
    ap.add_argument("--top", metavar="N", type=int, default=15,
                    help="reasons listed, of each kind [15]")
    ap.add_argument("--why", metavar="OPTION", action="append", default=[],
                    help="show the chain of dependencies that loses OPTION "
                    "(without CONFIG_; may be repeated)")
    args = ap.parse_args()

    start = time.monotonic()
    if not os.path.isfile(os.path.join(TREE, "arch/aarch64/Kconfig")):
        die(f"no prepared tree in {rel(TREE)}: run 'make tree'")
    if not shutil.which(CROSS + "gcc"):
        die(f"no {CROSS}gcc: run 'make deps'")
    src = args.debian_config or fetch_debian_config()
    label = os.path.basename(src)
    if not args.debian_config and os.path.exists(os.path.join(DEB_DIR, ".deb")):
        with open(os.path.join(DEB_DIR, ".deb")) as f:
            label += " of " + f.read().strip()
    debian = parse_config(read_text(src))
    if "ARM64" not in debian:
        die(f"{src} is not an arm64 config (no CONFIG_ARM64): give Debian's config.arm64_*")

    # arm64 runs while the Kconfig trees are read; the port's input needs
    # the port's symbols first.
    arm_job = start_olddefconfig("arm64", "".join(
        f"# CONFIG_{s} is not set\n" if v == "n" else f"CONFIG_{s}={v}\n"
        for s, v in debian.items()))
    port = Kconfig("aarch64")
    rename = renames(port)
    port_job = start_olddefconfig("aarch64", translate(debian, rename, port))
    arm = Kconfig("arm64")
    arm_vals = finish_olddefconfig("arm64", arm_job)
    port_vals = finish_olddefconfig("aarch64", port_job)

    soc = {s for s, ds in arm.defs.items()
           if any(d.file == "arch/arm64/Kconfig.platforms" for d in ds)}
    reasons = Reasons(arm, port, arm_vals, port_vals, rename, soc)

    options = [s for s, v in debian.items() if v != "n"]
    kept_arm = [s for s in options if arm_vals.get(s) == debian[s]]
    kept_port = [s for s in options if port_vals.get(port_name(s, rename)) == debian[s]]
    kept_arm_set, kept_port_set = set(kept_arm), set(kept_port)
    lost = [s for s in kept_arm if s not in kept_port_set]

    by_root = defaultdict(list)
    for s in lost:
        by_root[reasons.cause(port_name(s, rename))].append(s)
    by_class = defaultdict(int)
    for root, syms in by_root.items():
        by_class[classify(root, soc)] += len(syms)
    excused = {c: by_class.get(c, 0) for c in EXCUSED}
    other = len(lost) - sum(excused.values())
    top = sorted(by_root.items(), key=lambda kv: (-len(kv[1]), kv[0]))

    print(f"Debian arm64 config ({label}): {len(options)} options set; "
          f"arm64 keeps {len(kept_arm)}; aarch64 keeps {len(kept_port)}; "
          f"lost by the port: {len(lost)}, of which SoC families {excused['SoC family']}, "
          f"KVM {excused['KVM']}, Xen {excused['Xen']}, other {other}")
    lost_arm = [s for s in options if s not in kept_arm_set]
    if lost_arm:
        print(f"Lost on arm64 too, to the host's tools (not counted): {', '.join(lost_arm[:8])}"
              + (", ..." if len(lost_arm) > 8 else ""))
    print("\nLost by the port, by kind of reason:")
    for cls, n in sorted(by_class.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {n:5}  {cls}")
    # A reason is the root of the unmet dependencies: the symbol or file
    # to add to the port (or to name it) to win those options back.
    for title, want in (("counted as other", False),
                        ("left out on purpose (SoC families, KVM, Xen)", True)):
        rows = [(r, syms) for r, syms in top if (classify(r, soc) in EXCUSED) == want]
        print(f"\nTop reasons {title}, of {len(rows)}:")
        for root, syms in rows[:args.top]:
            ex = ", ".join(syms[:args.examples]) + (", ..." if len(syms) > args.examples else "")
            print(f"  {len(syms):5}  {describe(root)}  [{classify(root, soc)}]  e.g. {ex}")
    for s in args.why:
        s = s.removeprefix("CONFIG_")
        if s not in debian or debian[s] == "n":
            state = "not set by Debian"
        elif s not in kept_arm_set:
            state = "lost on arm64 too"
        elif s in kept_port_set:
            state = "kept by the port"
        else:
            root = reasons.cause(port_name(s, rename))
            steps = [c for c in reasons.chain(port_name(s, rename))[1:] if c != root[0]]
            state = (f"lost to {describe(root)} [{classify(root, soc)}]" +
                     (f", through {' > '.join(steps)}" if steps else ""))
        print(f"\nwhy {s}: {state}")
    elapsed = time.monotonic() - start
    print(f"\n({elapsed:.0f} s; the configs are in {rel(SCRATCH)}/{{arm64,aarch64}}/.config)")

    if args.json:
        data = {
            "debian_config": os.path.abspath(src),
            "options_set": len(options),
            "arm64_keeps": len(kept_arm),
            "aarch64_keeps": len(kept_port),
            "lost_by_port": len(lost),
            "soc_families": excused["SoC family"],
            "kvm": excused["KVM"],
            "xen": excused["Xen"],
            "other": other,
            "classes": dict(sorted(by_class.items(), key=lambda kv: -kv[1])),
            "reasons": [{"root": root[0], "kind": root[1],
                         "class": classify(root, soc), "count": len(syms),
                         "options": syms} for root, syms in top],
            "chains": {s: reasons.chain(port_name(s, rename)) for s in lost},
            "lost_on_arm64": lost_arm,
        }
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")

    if args.max_other is not None and other > args.max_other:
        die(f"{other} of Debian's options lost by the port for reasons other than "
            f"SoC families, KVM and Xen, more than --max-other {args.max_other}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
