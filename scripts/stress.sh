#!/usr/bin/env bash
# usage: scripts/stress.sh [SECONDS]
# The long hardening run on the debug kernel (KASAN, lockdep, kmemleak):
# the deferred_stress kselftest for SECONDS (default 600), then
# deferred_attr_fuzz for 10^5 opens (guest/stress.sh). The guest log is
# checked like the test command's; results in build/results-stress.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

seconds=${1:-600}
"$TOP/scripts/install-deps.sh"
"$TOP/scripts/prepare-tree.sh"
"$TOP/scripts/build-kernel.sh" debug
"$TOP/scripts/build-perf.sh"
"$TOP/scripts/build-selftests.sh"
"$TOP/scripts/build-initramfs.sh"

results=$BUILD/results-stress
mkdir -p "$results"
log=$results/guest.log
say "booting the debug kernel in QEMU (log: $log)"
# the fuzzer's 10^5 opens take ~6 min at ~300 opens/s under TCG
"$TOP/scripts/run-guest.sh" -k debug -t $((seconds + 1500)) \
	-a "dcp.run=stress dcp.seconds=$seconds" "$log" || true
grep '^# ' "$log" | grep -v '^# \(#\|RUN\|OK\)' || true
"$TOP/scripts/check-guest-log.py" "$log" >"$results/guest.tap" || true
exec "$TOP/scripts/tap-summary.py" "$results/guest.tap"
