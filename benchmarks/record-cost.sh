#!/usr/bin/env bash
# usage: benchmarks/record-cost.sh [-c icount|tcg] [REPEAT]
# Record side cost of deferral: boots the release kernel (scripts/demo.sh
# builds it) with guest/bench-record.sh, which records deepstack at user
# stack depths 8, 32, 64 and 128 with deferred user callchains and in
# place, for four workloads at the bottom of that stack: cpu (computation,
# no system calls: samples taken in user mode, walked in place either
# way), getppid (short system calls), read()s of 64 KiB (about one sample
# per syscall) and of 16 MiB (several), REPEAT rounds (default 5) in one
# boot, interleaved. Prints a markdown table, per depth and workload the
# median (min-max) over the rounds of: samples per kernel entry with
# samples (deferred run: samples with a cookie / distinct cookies), user
# stack walks per sample (deferred: (records + samples walked in place) /
# samples; in place: 1), perf.data bytes per sample deferred / in place,
# workload throughput under recording relative to unrecorded, and the
# fraction of samples that lost their user part. Not a test: it prints
# numbers. A round is 16 measurements of about 10 s under TCG, under 3
# min (5 rounds: about 14 min); the guest gets 10 min a round, at least
# an hour. -c icount runs the guest with its clock counting instructions
# (scripts/run-guest.sh -i): throughput is then work per instruction,
# which a busy host does not move but which prices neither cache misses
# nor locked instructions; -c tcg (the default) is TCG's wall clock.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

clock=tcg
while getopts c: opt; do
	case $opt in
	c) clock=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
opt=()
case $clock in
icount) opt=(-i) ;;
tcg) ;;
*) die "-c takes icount or tcg" ;;
esac
log=$BUILD/bench-record-$clock.log
rounds=${1:-5}
timeout=$((rounds * 600))
[ "$timeout" -ge 3600 ] || timeout=3600
say "booting the release kernel ($clock clock) for $rounds rounds (log: $log)"
"$TOP/scripts/run-guest.sh" "${opt[@]}" -k release -t "$timeout" \
	-a "dcp.run=bench dcp.repeat=$rounds quiet" "$log"
grep -q '^### END bench rc=0' "$log" || die "the benchmark failed (log: $log)"
echo "### $clock clock"
sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
	python3 "$TOP/benchmarks/summarize-record.py"
