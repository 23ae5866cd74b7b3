#!/usr/bin/env bash
# usage: scripts/demo.sh
# The main job: builds what is missing, boots the patched kernel in QEMU
# and shows perf recording callchains in it (guest/demo.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/install-deps.sh"
"$TOP/scripts/prepare-tree.sh"
say "base: $(cat "$BUILD/base-version")"
"$TOP/scripts/build-kernel.sh" debug
"$TOP/scripts/build-perf.sh"
"$TOP/scripts/build-selftests.sh"
"$TOP/scripts/build-initramfs.sh"

log=$BUILD/demo.log
say "booting the kernel in QEMU (log: $log)"
"$TOP/scripts/run-guest.sh" -k debug -t 600 -a "dcp.run=demo quiet" "$log"
sed -n '/^### BEGIN demo/,/^### END demo/p' "$log" | sed '1d;$d'
grep -q '^### END demo rc=0' "$log" || die "the demo failed (log: $log)"
