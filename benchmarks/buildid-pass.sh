#!/usr/bin/env bash
# usage: BEFORE=OLD_PERF [PERF=NEW_PERF] benchmarks/buildid-pass.sh [REPEAT]
# The pass over the samples that perf record makes after recording to
# find the DSOs with hits, and perf buildid-list --with-hits makes the
# same way (one perf_tool whose sample callback reads sample->ip): its
# time and peak RSS with perf NEW_PERF (default build/perf/perf) against
# OLD_PERF on generated files with deferred user callchains, run
# alternately. Prints, per file, the median (min-max) over REPEAT runs
# (default 5) of the new/old ratios. Not a test: it prints numbers.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
new=${PERF:-$top/build/perf/perf}
old=${BEFORE:?BEFORE=the perf binary to compare with}
gen=$top/tests/perf-data/gen-perf-data.py
repeat=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# SAMPLES,THREADS,PER_ENTRY,DEPTH as in report-cost.sh
specs=${SPECS:-"1000000,100,10,16 1000000,10000,2,16"}

run() {	# run PERF FILE: "seconds maxrss_kb"
	/usr/bin/time -f "%e %M" -o "$tmp/time" "$1" buildid-list --with-hits \
		-i "$2" >/dev/null 2>&1
	cat "$tmp/time"
}
. "$top/benchmarks/lib.sh"

printf '%-22s %-20s %-20s %s\n' "samples,threads,k,depth" "time new/old" \
	"peak RSS new/old" "seconds old new"
for spec in $specs; do
	python3 "$gen" --bench "$spec" "$tmp/defer.data"
	: >"$tmp/t"; : >"$tmp/m"; : >"$tmp/s"
	for _ in $(seq "$repeat"); do
		read -r to mo < <(run "$old" "$tmp/defer.data")
		read -r tn mn < <(run "$new" "$tmp/defer.data")
		ratio "$tn" "$to" >>"$tmp/t"
		ratio "$mn" "$mo" >>"$tmp/m"
		echo "$to $tn" >>"$tmp/s"
	done
	printf '%-22s %-20s %-20s %s\n' "$spec" "$(stats <"$tmp/t")" \
		"$(stats <"$tmp/m")" "$(sort -g "$tmp/s" | sed -n "$(((repeat + 1) / 2))p")"
done
