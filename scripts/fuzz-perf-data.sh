#!/usr/bin/env bash
# usage: scripts/fuzz-perf-data.sh [--records] [SECONDS | --runs N]
# Fuzzes perf's perf.data reading and deferred callchain stitching with
# build/perf-fuzz/perf-data-fuzz (scripts/build-perf-fuzz.sh) for SECONDS
# (default 600) or N executions. Seeds: tests/fuzz/make-seeds.sh into
# build/fuzz/seeds; the corpus grows in build/fuzz/corpus (FUZZ_CORPUS);
# FUZZ_DIR=DIR works in DIR instead of build/fuzz (seeds, log, crashes);
# FUZZER=BINARY runs another build of the harness; FUZZ_ARGS adds
# libFuzzer options (-max_len=2048, say);
# a crashing input is written to build/fuzz/crashes/. Ends with the
# figures, one "fuzz: NAME VALUE" line each (execs, exec/s, seconds,
# crashes, cov, ft, corpus); exits non-zero on a crash. --records fuzzes
# only the data section of a file with the generator's header (deferred
# callchains on, little endian; corpus build/fuzz/corpus-records).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

fuzzer=${FUZZER:-$BUILD/perf-fuzz/perf-data-fuzz}
dir=${FUZZ_DIR:-$BUILD/fuzz}
mode=files corpus=${FUZZ_CORPUS:-$dir/corpus}
if [ "${1:-}" = --records ]; then
	mode=records corpus=${FUZZ_CORPUS:-$dir/corpus-records}
	export PERF_FUZZ_HEADER=$dir/seeds/header.data
	shift
fi
limit=(-max_total_time="${1:-600}")
if [ "${1:-}" = --runs ]; then
	limit=(-runs="${2:?usage: fuzz-perf-data.sh [SECONDS | --runs N]}")
fi
[ -x "$fuzzer" ] || die "no $fuzzer: run scripts/build-perf-fuzz.sh"

rm -rf "$dir/seeds"
"$TOP/tests/fuzz/make-seeds.sh" "$dir/seeds"
mkdir -p "$corpus" "$dir/crashes"
before=$(find "$dir/crashes" -type f | wc -l)
log=$dir/fuzz.log
say "fuzzing $mode ${limit[*]} (log: $log, corpus: $corpus)"
start=$SECONDS rc=0
# shellcheck disable=SC2086 # FUZZ_ARGS: options, split
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
	"$fuzzer" "${limit[@]}" -timeout=10 -print_final_stats=1 ${FUZZ_ARGS:-} \
	-dict="$TOP/tests/fuzz/perf-data.dict" \
	-artifact_prefix="$dir/crashes/" "$corpus" "$dir/seeds/$mode" >"$log" 2>&1 || rc=$?

crashes=$(($(find "$dir/crashes" -type f | wc -l) - before))
[ "$rc" -eq 0 ] || [ "$crashes" -gt 0 ] || crashes=1	# died without an artifact
last=$(grep -aE '^#[0-9]+' "$log" | tail -1) || true
field() { sed -n "s/.* $1: \([0-9]*\).*/\1/p" <<<"$last"; }
stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
echo "fuzz: execs $(stat number_of_executed_units)"
echo "fuzz: exec/s $(stat average_exec_per_sec)"
echo "fuzz: seconds $((SECONDS - start))"
echo "fuzz: crashes $crashes"
echo "fuzz: cov $(field cov)"
echo "fuzz: ft $(field ft)"
echo "fuzz: corpus $(find "$corpus" -type f | wc -l)"
if [ "$crashes" -gt 0 ]; then
	grep -aE -m1 -A12 '^==[0-9]+== ?ERROR|runtime error' "$log" >&2
	grep -a 'Test unit written' "$log" | tail -1 >&2
	die "the fuzzer found a crash (log: $log)"
fi
