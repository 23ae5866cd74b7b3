#!/bin/sh
# usage: send-files.sh FILE...
# Sends FILE... to the host on the second serial port, /dev/ttyS1
# (scripts/run-guest.sh -o, read back by scripts/guest-files.py): each
# as base64 between "=== FILE NAME" and "=== END NAME", NAME its base name.
out=/dev/ttyS1
stty -F "$out" raw -echo 2>/dev/null
for f; do
	name=${f##*/}
	echo "=== FILE $name"
	base64 "$f" || exit 1
	echo "=== END $name"
done >"$out"
