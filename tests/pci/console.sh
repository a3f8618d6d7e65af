#!/bin/sh
# The virtio-serial-pci function's port "wb.token": the host put a
# random token on it (scripts/wb.py pci_args()); the guest must read
# exactly that, and write it back after "echo ", which check.py finds at
# the host's end (pci/console_host).
. ./lib

load_drivers
port=
for p in /sys/class/virtio-ports/*; do
	[ "$(cat $p/name 2>/dev/null)" = wb.token ] && port=/dev/${p##*/}
done
[ -n "$port" ] || fail "no virtio-serial port named wb.token"
[ -c $port ] || fail "$port is not a character device"
exec 3<>$port || fail "cannot open $port"
read -r token <&3 || fail "nothing to read from $port"
case $token in
wb-token-????????????????) ;;
*) fail "read '$token' from $port, not the host's token" ;;
esac
echo "echo $token" >&3 || fail "writing to $port"
exec 3>&-
echo "$port: read $token, wrote it back"
