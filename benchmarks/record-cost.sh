#!/usr/bin/env bash
# usage: benchmarks/record-cost.sh [REPEAT]
# Record side cost of deferral: boots the release kernel (scripts/demo.sh
# builds it) with guest/bench-record.sh, which records deepstack at
# several user stack depths and read() lengths with deferred user
# callchains and in place, REPEAT rounds (default 3) in one boot, and
# prints per depth and length the median (min-max) over the rounds of:
# user stack walks per kernel entry with samples (deferred: records /
# distinct cookies; in place: samples / the same cookies), samples per
# entry, perf.data bytes per sample deferred / in place, workload
# throughput under recording relative to unrecorded, and samples that
# lost their user part. Not a test: it prints numbers.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

log=$BUILD/bench-record.log
say "booting the release kernel for ${1:-3} rounds (log: $log)"
"$TOP/scripts/run-guest.sh" -k release -t 1800 \
	-a "dcp.run=bench dcp.repeat=${1:-3} quiet" "$log"
grep -q '^### END bench rc=0' "$log" || die "the benchmark failed (log: $log)"
sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
	python3 "$TOP/benchmarks/summarize-record.py"
