#!/usr/bin/env bash
# usage: benchmarks/report-cost.sh [REPEAT]
# Report side cost of stitching, on the host: perf script and perf report
# on generated perf.data files with deferred user callchains, against the
# same samples with the user part in place (gen-perf-data.py --bench and
# --bench --in-place). Prints, per file, the median (min-max) over REPEAT
# runs (default 5) of the deferred / in-place ratios of wall time and peak
# RSS, run alternately, and the deferred time per sample. PERF= picks the
# perf binary (default build/perf/perf). PIPE=1 gives perf the data as a
# pipe-mode stream on its standard input, with a FINISHED_ROUND after each
# event. RUN_TIMEOUT=S stops a run after S seconds: its row then says
# "stopped after S s" (mainline's perf parses every held sample again on
# each record). Not a test: it prints numbers.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
perf=${PERF:-$top/build/perf/perf}
gen=$top/tests/perf-data/gen-perf-data.py
repeat=${1:-5}
mode=""
[ "${PIPE:-0}" = 1 ] && mode="--pipe --rounds"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# SAMPLES,THREADS,PER_ENTRY,DEPTH: about THREADS * PER_ENTRY samples wait
# for their record at a time.
specs=${SPECS:-"1000,1,4,32 10000,10,4,32 100000,100,4,32 1000000,1000,4,32 1000000,10000,4,32"}

# run TOOL FILE: "seconds maxrss_kb" of perf TOOL on FILE
run() {
	local args=(script -F tid,ip,sym)
	[ "$1" = report ] && args=(report --stdio --no-children)
	local limit=()
	[ "${RUN_TIMEOUT:-0}" -gt 0 ] && limit=(timeout "$RUN_TIMEOUT")
	if [ -n "$mode" ]; then
		/usr/bin/time -f "%e %M %x" -o "$tmp/time" "${limit[@]}" "$perf" \
			"${args[@]}" -i - <"$2" >/dev/null 2>&1 || true
	else
		/usr/bin/time -f "%e %M %x" -o "$tmp/time" "${limit[@]}" "$perf" \
			"${args[@]}" -i "$2" >/dev/null 2>&1 || true
	fi
	tail -1 "$tmp/time"
}

. "$top/benchmarks/lib.sh"

printf '%-22s %-7s %-26s %-26s %s\n' "samples,threads,k,depth" tool \
	"time deferred/in-place" "peak RSS deferred/in-place" "us/sample deferred"
for spec in $specs; do
	python3 "$gen" $mode --bench "$spec" "$tmp/defer.data"
	python3 "$gen" $mode --in-place --bench "$spec" "$tmp/inplace.data"
	samples=${spec%%,*}
	for tool in script report; do
		: >"$tmp/t"; : >"$tmp/m"; : >"$tmp/us"
		stopped=""
		for _ in $(seq "$repeat"); do
			read -r td md xd < <(run "$tool" "$tmp/defer.data")
			if [ "$xd" = 124 ]; then
				stopped=1
				break
			fi
			read -r ti mi xi < <(run "$tool" "$tmp/inplace.data")
			ratio "$td" "$ti" >>"$tmp/t"
			ratio "$md" "$mi" >>"$tmp/m"
			echo "$td" | awk -v n="$samples" '{ print $1 * 1e6 / n }' >>"$tmp/us"
		done
		if [ -n "$stopped" ]; then
			printf '%-22s %-7s stopped after %s s\n' "$spec" "$tool" "$RUN_TIMEOUT"
			continue
		fi
		printf '%-22s %-7s %-26s %-26s %s\n' "$spec" "$tool" \
			"$(stats <"$tmp/t")" "$(stats <"$tmp/m")" "$(stats <"$tmp/us")"
	done
done
