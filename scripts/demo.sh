#!/usr/bin/env bash
# usage: scripts/demo.sh [DEPTH SECONDS BYTES]
# The main job: builds what is missing, boots the patched kernel (release
# build) in QEMU and shows perf record -g with deferred user callchains
# of a deep-stack workload against the same record with deferral off, for
# read()s (mostly in the kernel) and a CPU-bound loop (mostly in user
# mode) at the bottom of the stack (guest/demo.sh; the arguments go to
# its read() workload, DEPTH and SECONDS to the CPU-bound one too).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/install-deps.sh"
"$TOP/scripts/prepare-tree.sh"
say "base: $(cat "$BUILD/base-version")"
"$TOP/scripts/build-kernel.sh" release
"$TOP/scripts/build-perf.sh"
"$TOP/scripts/build-initramfs.sh"

log=$BUILD/demo.log
args="dcp.run=demo quiet"
[ $# -eq 3 ] && args+=" dcp.demo=$1,$2,$3"
say "booting the kernel in QEMU (log: $log)"
"$TOP/scripts/run-guest.sh" -k release -t 600 -a "$args" "$log"
sed -n '/^### BEGIN demo/,/^### END demo/p' "$log" | sed '1d;$d'
grep -q '^### END demo rc=0' "$log" || die "the demo failed (log: $log)"
