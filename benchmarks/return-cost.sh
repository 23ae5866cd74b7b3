#!/usr/bin/env bash
# usage: benchmarks/return-cost.sh [REPEAT]
# What the deferred path costs the task against an in-place walk, and how
# writing the deferred record scales with the sessions that see the task:
# boots the release kernel (scripts/demo.sh builds it) with
# guest/bench-return.sh, which runs workloads/defercost.c (page faults,
# each one sample in a kernel entry of its own) at 8, 64 and 128 frames,
# REPEAT rounds (default 5) interleaved, and prints per depth the median
# (min-max) time per fault of each setup and what the sample adds to a
# fault without event. Not a test: it prints numbers. About 2 minutes.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

log=$BUILD/bench-return.log
rounds=${1:-5}
say "booting the release kernel for $rounds rounds (log: $log)"
"$TOP/scripts/run-guest.sh" -k release -t 1200 \
	-a "dcp.run=/guest/bench-return.sh dcp.repeat=$rounds quiet" "$log"
grep -q '^### END bench rc=0' "$log" || die "the benchmark failed (log: $log)"
sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
	python3 "$TOP/benchmarks/summarize-return.py"
