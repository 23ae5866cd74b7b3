#!/usr/bin/env bash
# usage: benchmarks/build-clock-kernel.sh
# Builds the series' release kernel with benchmarks/clock-points.patch
# (benchmark only: the clock read around the sched_switch tracepoint,
# summed in /sys/kernel/debug/sched_switch_trace, and around getppid()
# system calls, a histogram in /sys/kernel/debug/getppid_trace) from a
# worktree of build/linux at its HEAD into build/bench/clock-points/kernel.
# For benchmarks/switch-cost.sh and benchmarks/trace-cost.sh. About 15
# minutes cold.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

out=$BUILD/bench/clock-points
tree=$out/linux

"$TOP/scripts/prepare-tree.sh"
mkdir -p "$out"
[ -d "$tree" ] || git -C "$LINUX" worktree add -q --detach "$tree" HEAD
git -C "$tree" reset -q --hard "$(git -C "$LINUX" rev-parse HEAD)"
git -C "$tree" apply "$TOP/benchmarks/clock-points.patch"
LINUX=$tree "$TOP/scripts/build-kernel.sh" -o "$out/kernel" release
