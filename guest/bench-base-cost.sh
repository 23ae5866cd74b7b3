#!/bin/sh
# What the hot paths of a task that does not use perf cost:
# workloads/basecost.c, $BENCH_REPEAT rounds (dcp.repeat=, default 7) of
# $BASECOST_ITERATIONS system calls a row (default 20000).
# benchmarks/base-cost.sh boots it with nohz_full=1 and summarizes the
# lines.
cd /tmp || exit 1
echo "### BEGIN bench"
basecost "${BENCH_REPEAT:-7}" "${BASECOST_ITERATIONS:-20000}"
rc=$?
echo "### END bench rc=$rc"
