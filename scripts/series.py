#!/usr/bin/env python3
"""make series: the port as a git format-patch series.

series/order names the patches in review order.  A line is either
    SLUG GLOB...      the overlay files matching a GLOB (first line that
                      matches wins; '*' crosses '/'), with the message of
                      series/SLUG.msg: a subject line, a blank line, a body
    patch FILE        patches/FILE, a change to an existing file; its
                      header (the text above the diff) is the message
A line that starts with white space continues the entry above.  Every
overlay file and every patch must be placed exactly once.

The commits are made in build/series/repo, a git repository whose first
commit (tag 'pristine') holds the pristine tree's versions of the files
the series touches (the overlay's paths and the patches' targets: the
rest of the tree takes no part in a diff; remade when that set or its
contents change), then written with 'git format-patch' to
build/series/patches, whose path is the last line printed.  --verify
then applies the series with 'git am' to those pristine files in a
scratch worktree and checks that the result is the working tree
build/linux, file for file.  --check does all that, runs
scripts/checkpatch.pl on every patch and configures the port's
defconfig, both in build/linux (which verify() showed to be the
pristine tree with the series applied), printing one result line a
step.
"""
import fnmatch
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wb  # noqa: E402

S = os.path.join(wb.BUILD, "series")
REPO = os.path.join(S, "repo")
OUT = os.path.join(S, "patches")
AUTHOR = "arch/aarch64 port project"
EMAIL = "port@aarch64.invalid"
DATE = "2026-01-01T00:00:00+00:00"
ENV = dict(os.environ, GIT_AUTHOR_NAME=AUTHOR, GIT_AUTHOR_EMAIL=EMAIL,
           GIT_COMMITTER_NAME=AUTHOR, GIT_COMMITTER_EMAIL=EMAIL,
           GIT_AUTHOR_DATE=DATE, GIT_COMMITTER_DATE=DATE)


def die(msg):
    print(f"series: {msg}", file=sys.stderr)
    sys.exit(1)


def git(*args, cwd=REPO, check=True, capture=False, stdin=None):
    r = subprocess.run(["git", "-c", "core.autocrlf=false", *args], cwd=cwd,
                       env=ENV, text=True, input=stdin,
                       stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    if check and r.returncode != 0:
        die(f"git {' '.join(args[:3])} failed: {r.stderr.strip()[:300]}")
    return r.stdout if capture else r.returncode


def touched_paths():
    """The tree paths the series writes: the overlay's files and the
    files the patches change ('+++ b/PATH' lines)."""
    paths = set(overlay_files())
    pdir = os.path.join(wb.TOP, "patches")
    for p in os.listdir(pdir) if os.path.isdir(pdir) else []:
        if p.endswith(".patch"):
            with open(os.path.join(pdir, p)) as f:
                for line in f:
                    if line.startswith("+++ b/"):
                        paths.add(line[6:].rstrip("\n").split("\t")[0])
    return sorted(paths)


def pristine_repo():
    """build/series/repo with the pristine versions of the paths the
    series touches as its first commit, remade when they change."""
    import hashlib
    src = os.path.join(wb.BUILD, "pristine")
    want = []
    for rel in touched_paths():
        path = os.path.join(src, rel)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                want.append(f"{hashlib.sha256(f.read()).hexdigest()} {rel}\n")
    want = "".join(want)
    stamp = os.path.join(S, ".repo-ok")
    try:
        with open(stamp) as f:
            if f.read() == want:
                return
    except OSError:
        pass
    shutil.rmtree(REPO, ignore_errors=True)
    shutil.rmtree(os.path.join(S, "verify"), ignore_errors=True)
    os.makedirs(REPO)
    for line in want.splitlines():
        rel = line.split(" ", 1)[1]
        os.makedirs(os.path.dirname(os.path.join(REPO, rel)), exist_ok=True)
        shutil.copy2(os.path.join(src, rel), os.path.join(REPO, rel))
    git("init", "-q", "-b", "pristine-branch")
    git("add", "-A", "-f")
    git("commit", "-q", "--allow-empty", "-m",
        "linux-source-6.12 as Debian ships it: the files the series touches")
    git("tag", "-f", "pristine")
    with open(stamp, "w") as f:
        f.write(want)


def read_order():
    groups = []  # (slug, globs) or ("patch", [file])
    path = os.path.join(wb.TOP, "series", "order")
    with open(path) as f:
        for n, line in enumerate(f, 1):
            w = line.split("#", 1)[0].split()
            if not w:
                continue
            if line[0] in " \t":
                # A continuation line: more globs for the entry above.
                if not groups:
                    die(f"series/order:{n}: continuation line with no entry above")
                groups[-1][1].extend(w)
                continue
            if len(w) < 2:
                die(f"series/order:{n}: write 'SLUG GLOB...' or 'patch FILE'")
            groups.append((w[0], w[1:]))
    return groups


def overlay_files():
    root = os.path.join(wb.TOP, "overlay")
    out = []
    for d, dirs, files in os.walk(root):
        for name in files:
            out.append(os.path.relpath(os.path.join(d, name), root))
    return sorted(out)


def placement(order, files):
    """{file: slug}, in series order: the first entry matching takes it."""
    placed = {}
    for slug, globs in order:
        if slug == "patch":
            continue
        for f in files:
            if f not in placed and any(fnmatch.fnmatchcase(f, g) for g in globs):
                placed[f] = slug
    return placed


def message(slug):
    path = os.path.join(wb.TOP, "series", f"{slug}.msg")
    if not os.path.exists(path):
        die(f"series/{slug}.msg is missing: write its subject and body")
    with open(path) as f:
        return f.read().strip() + "\n"


def patch_message(pfile):
    with open(pfile) as f:
        text = f.read()
    head = []
    for line in text.splitlines():
        if line.startswith(("--- a/", "diff --git ")):
            break
        head.append(line)
    msg = "\n".join(head).strip()
    if not msg.startswith("aarch64: "):
        die(f"{os.path.relpath(pfile, wb.TOP)}: its header must start with "
            "an 'aarch64: ...' subject line")
    return msg + "\n"


def commit(msg):
    msg = msg.rstrip("\n") + f"\n\nSigned-off-by: {AUTHOR} <{EMAIL}>\n"
    git("commit", "-q", "-F", "-", stdin=msg)


def build_series():
    pristine_repo()
    git("checkout", "-q", "-f", "-B", "series", "pristine")
    git("clean", "-q", "-f", "-d", "-x")

    files = overlay_files()
    patches_dir = os.path.join(wb.TOP, "patches")
    patches = sorted(p for p in os.listdir(patches_dir) if p.endswith(".patch")) \
        if os.path.isdir(patches_dir) else []
    used_patches = set()
    order = read_order()
    placed = placement(order, files)
    unplaced = [f for f in files if f not in placed]
    if unplaced:
        die(f"no line of series/order places {', '.join(unplaced[:5])}"
            + (" ..." if len(unplaced) > 5 else ""))

    count = 0
    for slug, globs in order:
        if slug == "patch":
            for p in globs:
                pfile = os.path.join(patches_dir, p)
                if not os.path.exists(pfile):
                    die(f"series/order names patches/{p}, which does not exist")
                msg = patch_message(pfile)
                r = subprocess.run(["git", "apply", "--index", pfile], cwd=REPO,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True)
                if r.returncode != 0:
                    die(f"patches/{p} does not apply: {r.stdout.strip()[:200]}")
                commit(msg)
                used_patches.add(p)
                count += 1
            continue
        mine = [f for f in files if placed[f] == slug]
        if not mine:
            # A part of the port not written yet (the vDSO, say).
            continue
        for f in mine:
            dst = os.path.join(REPO, f)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(os.path.join(wb.TOP, "overlay", f), dst)
        git("add", "-f", "--", *mine)
        commit(message(slug))
        count += 1
    missing = [p for p in patches if p not in used_patches]
    if missing:
        die(f"series/order does not place patches/{missing[0]}")

    shutil.rmtree(OUT, ignore_errors=True)
    git("format-patch", "-q", "--no-signature", "-o", OUT, "pristine..series")
    return count


def verify():
    """git am the series onto pristine; compare with build/linux."""
    wt = os.path.join(S, "verify")
    git("worktree", "prune")
    if os.path.exists(os.path.join(wt, ".git")):
        # Reuse the checkout: back to pristine touches only what the
        # last series changed.
        git("am", "--abort", cwd=wt, check=False)
        git("checkout", "-q", "-f", "--detach", "pristine", cwd=wt)
        git("clean", "-q", "-f", "-d", "-x", cwd=wt)
    else:
        shutil.rmtree(wt, ignore_errors=True)
        git("worktree", "add", "-q", "--detach", wt, "pristine")
    pfiles = sorted(os.path.join(OUT, p) for p in os.listdir(OUT))
    r = subprocess.run(["git", "am", "-q", "--whitespace=nowarn", *pfiles], cwd=wt,
                       env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if r.returncode != 0:
        die(f"git am failed: {r.stdout.strip()[:300]}")
    changed = git("diff", "--name-only", "pristine", "HEAD", cwd=wt,
                  capture=True).split()
    tree = os.path.join(wb.BUILD, "linux")
    with open(os.path.join(tree, ".aarch64-manifest")) as f:
        manifest = f.read().split()
    diffs = []
    for rel in sorted(set(changed) | set(manifest)):
        a, b = os.path.join(wt, rel), os.path.join(tree, rel)
        if not (os.path.exists(a) and os.path.exists(b)):
            diffs.append(rel)
            continue
        with open(a, "rb") as fa, open(b, "rb") as fb:
            if fa.read() != fb.read():
                diffs.append(rel)
    if diffs:
        die(f"the series does not rebuild build/linux: {', '.join(diffs[:5])} differ")
    return wt


# checkpatch errors that the kernel's own interfaces force, each with the
# reason; they are listed in the report but do not count.
ALLOWED = {
    "DEFINE_ARCH_HAS": "fs/binfmt_elf.c tests #ifdef ARCH_HAS_SETUP_ADDITIONAL_PAGES, "
                       "for which there is no Kconfig symbol (arm64 and riscv define it too)",
}


def checkpatch(wt):
    """scripts/checkpatch.pl of the tree wt on every patch: (errors,
    warnings, lines)."""
    errors = warnings = 0
    report = []
    for p in sorted(os.listdir(OUT)):
        r = subprocess.run(["perl", "scripts/checkpatch.pl", "--terse",
                            "--no-summary", "--show-types",
                            os.path.join(OUT, p)], cwd=wt,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        for line in r.stdout.splitlines():
            kind = line.split(": ERROR:", 1)[-1].split(":", 1)[0]
            if ": ERROR:" in line and kind in ALLOWED:
                report.append(f"{p}: allowed: {line.split(': ', 1)[-1]} "
                              f"({ALLOWED[kind]})")
                continue
            if ": ERROR:" in line:
                errors += 1
            elif ": WARNING:" in line:
                warnings += 1
            else:
                continue
            report.append(f"{p}: {line.split(': ', 1)[-1]}")
    return errors, warnings, report


def defconfig(wt):
    """Configure the port's defconfig in the tree wt (build/linux, the
    tree the series produces, as verify() showed), and check that every
    option it asks for comes out as asked.  The tree is not built here:
    make check builds it three ways (4KB, 64KB and test
    configurations)."""
    out = os.path.join(S, "out")
    log = os.path.join(S, "defconfig.log")
    shutil.rmtree(out, ignore_errors=True)
    with open(log, "w") as f:
        r = subprocess.run(["make", "-C", wt, f"O={out}", "ARCH=aarch64",
                            "CROSS_COMPILE=aarch64-linux-gnu-", "defconfig"],
                           stdout=f, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        return f"make defconfig failed (log: {os.path.relpath(log, wb.TOP)})"
    with open(os.path.join(out, ".config")) as f:
        have = set(f.read().splitlines())
    lost = []
    with open(os.path.join(wt, "arch", "aarch64", "configs", "defconfig")) as f:
        for line in f.read().splitlines():
            if line.startswith("CONFIG_") and line not in have:
                lost.append(line)
    if lost:
        return f"defconfig options Kconfig dropped: {' '.join(lost[:5])}"
    return ""


def check():
    """The series test of 'make check': [(name, ok, note)]."""
    results = []
    try:
        n = build_series()
    except SystemExit as e:
        return [("series/generate", False, str(e.code or "failed"))]
    results.append(("series/generate", True, f"{n} patches"))
    try:
        verify()
    except SystemExit:
        return results + [("series/apply", False,
                           "git am failed or the result differs from build/linux")]
    results.append(("series/apply", True, ""))
    wt = os.path.join(wb.BUILD, "linux")
    errors, warnings, report = checkpatch(wt)
    with open(os.path.join(S, "checkpatch.txt"), "w") as f:
        f.write("".join(r + "\n" for r in report))
    results.append(("series/checkpatch", errors == 0,
                    f"{errors} errors, {warnings} warnings "
                    "(build/series/checkpatch.txt)"))
    err = defconfig(wt)
    results.append(("series/defconfig", not err, err))
    return results


def main():
    if "--list" in sys.argv:
        # Where each overlay file goes: "SLUG PATH" lines, series order.
        for f, slug in placement(read_order(), overlay_files()).items():
            print(slug, f)
        return
    if "--check" in sys.argv:
        for name, ok, note in check():
            print(f"{'ok' if ok else 'not ok'} {name}" + (f" # {note}" if note else ""))
        return
    n = build_series()
    print(f"series: {n} patches", file=sys.stderr)
    if "--verify" in sys.argv:
        wt = verify()
        print(f"series: applies with git am and reproduces build/linux ({wt})",
              file=sys.stderr)
    print(OUT)


if __name__ == "__main__":
    main()
