#!/usr/bin/env bash
# usage: [PERF=build/perf/perf] benchmarks/merge-at-end.sh [REPEAT]
# What merging the deferred callchains at the end of perf record would
# cost, on generated files (gen-perf-data.py --bench): the pass perf
# record makes today after recording (the build-id pass, timed as perf
# buildid-list --with-hits, which makes it the same way) against perf
# inject --merge-callchains writing the merged file, run alternately.
# Prints, per file, the median (min-max) over REPEAT runs (default 5) of
# merge / build-id pass time, both medians in seconds, and the sizes of
# the raw deferred file, the merged file and the in-place twin. Not a
# test: it prints numbers.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
perf=${PERF:-$top/build/perf/perf}
gen=$top/tests/perf-data/gen-perf-data.py
repeat=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# SAMPLES,THREADS,PER_ENTRY,DEPTH as in report-cost.sh
specs=${SPECS:-"1000000,100,10,16 1000000,1000,2,32 4000000,100,10,16"}

elapsed() {	# elapsed COMMAND...: its wall time in seconds
	/usr/bin/time -f "%e" -o "$tmp/time" "$@" >/dev/null 2>&1
	cat "$tmp/time"
}
. "$top/benchmarks/lib.sh"

printf '%-22s %-22s %-14s %s\n' "samples,threads,k,depth" "time merge/build-id" \
	"seconds b m" "MB deferred merged in-place"
for spec in $specs; do
	python3 "$gen" --bench "$spec" "$tmp/defer.data"
	python3 "$gen" --in-place --bench "$spec" "$tmp/inplace.data"
	: >"$tmp/r"; : >"$tmp/b"; : >"$tmp/m"
	for _ in $(seq "$repeat"); do
		b=$(elapsed "$perf" buildid-list --with-hits -i "$tmp/defer.data")
		m=$(elapsed "$perf" inject --merge-callchains -i "$tmp/defer.data" \
			-o "$tmp/merged.data")
		ratio "$m" "$b" >>"$tmp/r"
		echo "$b" >>"$tmp/b"
		echo "$m" >>"$tmp/m"
	done
	mb() { stat -c %s "$1" | awk '{ printf "%.1f", $1 / 1e6 }'; }
	printf '%-22s %-22s %-14s %s\n' "$spec" "$(stats <"$tmp/r")" \
		"$(stats <"$tmp/b" | cut -d' ' -f1) $(stats <"$tmp/m" | cut -d' ' -f1)" \
		"$(mb "$tmp/defer.data") $(mb "$tmp/merged.data") $(mb "$tmp/inplace.data")"
done
