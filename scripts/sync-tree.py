#!/usr/bin/env python3
"""Bring the working tree in line with pristine + overlay/ + patches/.

Only files whose content changes are written, so make's mtimes stay
meaningful and an edit rebuilds incrementally.  Files the previous sync
wrote but the current overlay and patches no longer produce go back to
their pristine content (or away, if pristine has no such file).

Patches are applied to copies of the pristine files in a scratch folder;
the working tree is touched only when every patch applied, so a patch
that no longer applies leaves the tree as it was.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

MANIFEST = ".aarch64-manifest"


def die(msg):
    print(f"sync-tree: {msg}", file=sys.stderr)
    sys.exit(1)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def overlay_files(overlay):
    out = {}
    for root, dirs, files in os.walk(overlay):
        dirs.sort()
        for name in sorted(files):
            src = os.path.join(root, name)
            rel = os.path.relpath(src, overlay)
            out[rel] = (read(src), os.stat(src).st_mode & 0o777)
    return out


def patch_list(patches):
    if not os.path.isdir(patches):
        return []
    return sorted(os.path.join(patches, p) for p in os.listdir(patches)
                  if p.endswith(".patch"))


def patched_files(top, pristine, patches, overlay):
    """Apply every patch in order; return {path: (content, mode)}."""
    out = {}
    if not patches:
        return out
    with tempfile.TemporaryDirectory(prefix="sync-tree.") as scratch:
        for p in patches:
            text = read(p).decode("utf-8", "replace")
            targets = re.findall(r"^\+\+\+ b/(\S+)", text, re.M)
            if not targets:
                die(f"{os.path.relpath(p, top)} names no '+++ b/FILE': "
                    "write it as a unified diff with a/ and b/ prefixes")
            for t in targets:
                dst = os.path.join(scratch, t)
                if os.path.exists(dst):
                    continue
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if t in overlay:
                    die(f"{os.path.relpath(p, top)} changes {t}, which the "
                        "overlay provides: edit the overlay file instead")
                src = os.path.join(pristine, t)
                if os.path.exists(src):
                    shutil.copy2(src, dst)
            r = subprocess.run(["patch", "-p1", "-s", "-f", "-N",
                                "--no-backup-if-mismatch", "-r", "-",
                                "-d", scratch, "-i", p],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            if r.returncode != 0:
                detail = r.stdout.decode(errors="replace").strip().splitlines()
                die(f"{os.path.relpath(p, top)} no longer applies to "
                    f"{os.path.basename(os.path.realpath(pristine))} "
                    f"({detail[0] if detail else 'patch failed'}): "
                    "refresh it against build/pristine")
        for root, dirs, files in os.walk(scratch):
            for name in files:
                full = os.path.join(root, name)
                rel = os.path.relpath(full, scratch)
                out[rel] = (read(full), os.stat(full).st_mode & 0o777)
    return out


def main():
    top, pristine, tree = sys.argv[1:4]
    overlay = overlay_files(os.path.join(top, "overlay"))
    patched = patched_files(top, pristine, patch_list(os.path.join(top, "patches")),
                            overlay)
    want = dict(overlay)
    want.update(patched)

    man_path = os.path.join(tree, MANIFEST)
    old = set()
    if os.path.exists(man_path):
        old = set(read(man_path).decode().split("\n")) - {""}

    changed = 0
    for rel, (data, mode) in sorted(want.items()):
        dst = os.path.join(tree, rel)
        if os.path.exists(dst) and read(dst) == data:
            if os.stat(dst).st_mode & 0o777 != mode:
                os.chmod(dst, mode)
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        tmp = dst + ".sync-tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, dst)
        changed += 1

    for rel in sorted(old - set(want)):
        dst = os.path.join(tree, rel)
        src = os.path.join(pristine, rel)
        if os.path.exists(src):
            if not os.path.exists(dst) or read(dst) != read(src):
                shutil.copyfile(src, dst)
                changed += 1
        elif os.path.exists(dst):
            os.unlink(dst)
            changed += 1

    with open(man_path + ".tmp", "w") as f:
        f.write("".join(r + "\n" for r in sorted(want)))
    os.replace(man_path + ".tmp", man_path)
    if changed:
        print(f"sync-tree: {changed} file(s) updated in {tree}")


if __name__ == "__main__":
    main()
