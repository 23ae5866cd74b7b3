#!/bin/sh
# What one sample costs the task that takes it, with its user stack walked
# in place or deferred, and the deferred record per session that sees the
# task: workloads/defercost.c at 8, 64 and 128 frames, $BENCH_REPEAT
# rounds (dcp.repeat=, default 5), interleaved. benchmarks/return-cost.sh
# summarizes the lines.
cd /tmp || exit 1
echo "### BEGIN bench"
rc=0
for depth in 8 64 128; do
	defercost "$depth" "${DEFERCOST_FAULTS:-20000}" "${BENCH_REPEAT:-5}" || rc=1
done
echo "### END bench rc=$rc"
