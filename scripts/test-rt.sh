#!/usr/bin/env bash
# usage: scripts/test-rt.sh
# The guest's tests on a second debug kernel built with PREEMPT_RT
# (configs/rt.config on top of the debug configuration; Debian ships
# rt-amd64): KUnit, the kselftests with 60 s of the stress test, perf
# test, the forced-loss test and kmemleak. The guest log is checked like
# the test command's, so any lockdep, KASAN, kmemleak or
# sleeping-in-atomic report fails. Results in build/results-rt. Not part
# of the test command: a second cold kernel build (docs/tests.md, "How long the runs take").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/install-deps.sh"
"$TOP/scripts/prepare-tree.sh"
"$TOP/scripts/build-kernel.sh" -o "$BUILD/kernel-rt" debug "$TOP/configs/rt.config"
"$TOP/scripts/build-perf.sh"
"$TOP/scripts/build-selftests.sh"
"$TOP/scripts/build-initramfs.sh"

results=$BUILD/results-rt
rm -rf "$results"
mkdir -p "$results"
log=$results/guest.log
say "booting the PREEMPT_RT debug kernel in QEMU (log: $log)"
"$TOP/scripts/run-guest.sh" -k "$BUILD/kernel-rt" -t "${GUEST_TIMEOUT:-1500}" \
	-a dcp.run=tests "$log" || true
"$TOP/scripts/check-guest-log.py" "$log" >"$results/guest.tap" || true
exec "$TOP/scripts/tap-summary.py" "$results/guest.tap"
