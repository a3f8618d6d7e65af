#!/bin/sh
# Smoke test: common busybox applets on the running kernel.  Each check
# names what it expected; the first failure ends the test.
fail() { echo "FAIL: $*"; exit 1; }

[ "$(uname -m)" = aarch64 ] || fail "uname -m is '$(uname -m)', expected aarch64"
[ "$(uname -s)" = Linux ] || fail "uname -s is '$(uname -s)'"
grep -q '^processor' /proc/cpuinfo || fail "/proc/cpuinfo has no processor line"
grep -q '^MemTotal:' /proc/meminfo || fail "/proc/meminfo has no MemTotal"
[ "$(cat /proc/sys/kernel/ostype)" = Linux ] || fail "sysctl ostype"

# Files, pipes, redirections and text tools
d=$(mktemp -d) || fail "mktemp -d"
seq 1 1000 >"$d/n" || fail "seq"
[ "$(wc -l <"$d/n")" -eq 1000 ] || fail "wc -l counted $(wc -l <"$d/n")"
[ "$(awk '{ s += $1 } END { print s }' "$d/n")" = 500500 ] || fail "awk sum"
[ "$(sort -rn "$d/n" | head -1)" = 1000 ] || fail "sort -rn | head"
[ "$(grep -c 7 "$d/n")" = 271 ] || fail "grep -c 7 gave $(grep -c 7 "$d/n")"
printf 'hello world\n' | sed 's/world/aarch64/' | grep -qx 'hello aarch64' || fail "sed in a pipe"
[ "$(echo abc | tr a-c x-z)" = xyz ] || fail "tr"
[ "$(echo -n hello | md5sum | cut -d' ' -f1)" = 5d41402abc4b2a76b9719d911017c592 ] || fail "md5sum"
[ "$(echo -n hello | sha256sum | cut -c1-16)" = 2cf24dba5fb0a30e ] || fail "sha256sum"

# A file system round trip through tar and gzip
mkdir -p "$d/src/sub" && echo payload >"$d/src/sub/f" && ln -s sub/f "$d/src/link" || fail "mkdir/ln"
(cd "$d" && tar czf t.tgz src) || fail "tar czf"
mkdir "$d/dst" && (cd "$d/dst" && tar xzf ../t.tgz) || fail "tar xzf"
[ "$(cat "$d/dst/src/link")" = payload ] || fail "symlink through tar"
dd if=/dev/zero of="$d/z" bs=4096 count=256 2>/dev/null || fail "dd"
[ "$(stat -c %s "$d/z")" = 1048576 ] || fail "dd wrote $(stat -c %s "$d/z") bytes"
cmp "$d/z" /dev/zero 2>&1 | grep -q EOF || fail "cmp against /dev/zero"

# Processes: background jobs, wait, kill, exit status
sleep 5 & pid=$!
kill -0 $pid || fail "kill -0 on a live child"
kill -TERM $pid; wait $pid; st=$?
[ $st -eq 143 ] || fail "a child killed by SIGTERM ended with $st, expected 143"
sh -c 'exit 42'; [ $? -eq 42 ] || fail "exit status 42"
[ "$( (echo a; echo b) | wc -l)" -eq 2 ] || fail "subshell"
[ -n "$(ps | grep -v grep | grep -c sh)" ] || fail "ps"

# Time goes forward
t0=$(cat /proc/uptime | cut -d' ' -f1)
sleep 1
t1=$(cat /proc/uptime | cut -d' ' -f1)
awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a >= 0.9) }' || fail "uptime went from $t0 to $t1 across sleep 1"

# tmpfs and devtmpfs are mounted, /dev/null works
grep -q ' /tmp tmpfs' /proc/mounts || fail "/tmp is not tmpfs"
[ -c /dev/null ] || fail "/dev/null is not a character device"
echo x >/dev/null || fail "write to /dev/null"
rm -rf "$d"
echo "smoke: all checks passed"
