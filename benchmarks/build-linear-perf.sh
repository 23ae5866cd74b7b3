#!/usr/bin/env bash
# usage: benchmarks/build-linear-perf.sh
# Builds build/perf-linear/perf: the series' perf with
# benchmarks/linear-matcher.patch, whose matching of a record walks all
# waiting samples (parsing each), as mainline's does, instead of the
# per-thread index. For report-cost.sh: PERF=build/perf-linear/perf.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

wt=$BUILD/linear
if [ -d "$wt" ]; then
	git -C "$LINUX" worktree remove --force "$wt"
fi
git -C "$LINUX" worktree add -q --detach "$wt" HEAD
git -C "$wt" apply "$TOP/benchmarks/linear-matcher.patch"
LINUX=$wt "$TOP/scripts/build-perf.sh" -o "$BUILD/perf-linear"
