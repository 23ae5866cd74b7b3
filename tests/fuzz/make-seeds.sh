#!/usr/bin/env bash
# usage: tests/fuzz/make-seeds.sh DIR
# Writes the fuzzer's seed corpus into DIR/files: every scenario of
# tests/perf-data/gen-perf-data.py in file and pipe mode, little and big
# endian, deferred and --in-place, plus a small --bench file with
# several threads waiting at once; and the regression inputs of
# tests/perf-data/regressions/. For the records mode (PERF_FUZZ_HEADER):
# DIR/header.data, the basic scenario's file up to its data section, and
# in DIR/records the data sections of the little-endian files.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gen=$here/../perf-data/gen-perf-data.py
dir=${1:?usage: make-seeds.sh DIR}
mkdir -p "$dir/files" "$dir/records"

scenarios=$(python3 -c 'import runpy, sys
print(" ".join(sorted(runpy.run_path(sys.argv[1])["SCENARIOS"])))' "$gen")
[ -n "$scenarios" ] || { echo "error: no scenarios from $gen" >&2; exit 1; }
for s in $scenarios; do
	for pipe in "" --pipe; do
		for be in "" --big-endian; do
			for ip in "" --in-place; do
				# Stitched in place, its sample would not fit in a record.
				[ "$s$ip" = huge-stack--in-place ] && continue
				# shellcheck disable=SC2086 # empty options vanish
				"$gen" $pipe $be $ip "$s" "$dir/files/$s$pipe$be$ip.data"
			done
		done
	done
done
"$gen" --bench 64,4,2,8 "$dir/files/bench.data"
"$gen" --pipe --bench 64,4,2,8,0 "$dir/files/bench-lost--pipe.data"
for f in "$here"/../perf-data/regressions/*.data; do
	[ -e "$f" ] && cp "$f" "$dir/files/"
done
# The data offset of the generator's files: the header, two attrs, ids.
offset=$(od -An -tu8 -j40 -N8 "$dir/files/basic.data" | tr -d ' ')
head -c "$offset" "$dir/files/basic.data" >"$dir/header.data"
for f in "$dir"/files/*.data; do
	case $f in *--pipe*|*--big-endian*|*/[0-9][0-9][0-9]-*) continue;; esac
	tail -c +"$((offset + 1))" "$f" >"$dir/records/${f##*/}"
done
exit 0
