#!/usr/bin/env bash
# usage: tests/fuzz/make-seeds.sh DIR
# Writes the fuzzer's seed corpus into DIR: every scenario of
# tests/perf-data/gen-perf-data.py in file and pipe mode, little and big
# endian, deferred and --in-place, plus a small --bench file with
# several threads waiting at once; and the regression inputs of
# tests/perf-data/regressions/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gen=$here/../perf-data/gen-perf-data.py
dir=${1:?usage: make-seeds.sh DIR}
mkdir -p "$dir"

scenarios=$(python3 -c 'import runpy, sys
print(" ".join(sorted(runpy.run_path(sys.argv[1])["SCENARIOS"])))' "$gen")
[ -n "$scenarios" ] || { echo "error: no scenarios from $gen" >&2; exit 1; }
for s in $scenarios; do
	for pipe in "" --pipe; do
		for be in "" --big-endian; do
			for ip in "" --in-place; do
				# shellcheck disable=SC2086 # empty options vanish
				"$gen" $pipe $be $ip "$s" "$dir/$s$pipe$be$ip.data"
			done
		done
	done
done
"$gen" --bench 64,4,2,8 "$dir/bench.data"
"$gen" --pipe --bench 64,4,2,8,0 "$dir/bench-lost--pipe.data"
for f in "$here"/../perf-data/regressions/*.data; do
	[ -e "$f" ] && cp "$f" "$dir/"
done
exit 0
