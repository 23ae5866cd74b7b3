#!/usr/bin/env bash
# usage: tests/fuzz/fuzz-short.sh [RUNS]
# The test command's short fuzz run, as TAP: scripts/fuzz-perf-data.sh
# --records (the records of a file with deferred callchains: parsing,
# ordering, stitching) for RUNS inputs (FUZZ_RUNS, default 100000: 40 s to
# 2 min here) on a fresh corpus of the seeds, with a fixed seed
# (FUZZ_SEED, default 1), so that every run tries the same inputs and
# a red run is a regression, not a new finding of the dice; the long run
# (scripts/fuzz-perf-data.sh) looks for new ones. FUZZ_MODE=files fuzzes
# whole files instead (headers, feature sections, pipe mode, cross-endian
# files); the test command runs both. Fails on a crash or when fewer than FUZZ_MIN_EXECS
# (default 1000) inputs ran.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=${1:-${FUZZ_RUNS:-100000}}
min=${FUZZ_MIN_EXECS:-1000}
mode=--records
[ "${FUZZ_MODE:-records}" = files ] && mode=

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "1..2"
# Its own folder, apart from a long run's: build/fuzz-short.
# shellcheck disable=SC2086 # no option for whole files
FUZZ_DIR=$here/../../build/fuzz-short FUZZ_CORPUS=$tmp/corpus \
FUZZ_ARGS="-seed=${FUZZ_SEED:-1} ${FUZZ_ARGS:-}" \
	"$here/../../scripts/fuzz-perf-data.sh" $mode --runs "$runs" \
	>"$tmp/figures" 2>"$tmp/err"
rc=$?
sed 's/^/# /' "$tmp/figures"
execs=$(sed -n 's/^fuzz: execs //p' "$tmp/figures")
crashes=$(sed -n 's/^fuzz: crashes //p' "$tmp/figures")
if [ "$rc" -eq 0 ] && [ "${crashes:-1}" = 0 ]; then
	echo "ok 1 perf.data fuzzing (${mode:---files}) ${runs} runs: ${execs:-?} execs, 0 crashes"
else
	echo "not ok 1 perf.data fuzzing (${mode:---files}) ${runs} runs: ${crashes:-?} crashes (exit $rc)"
	tail -40 "$tmp/err" | sed 's/^/# /'
fi
if [ "${execs:-0}" -ge "$min" ]; then
	echo "ok 2 at least $min inputs run (${execs})"
else
	echo "not ok 2 at least $min inputs run (${execs:-0})"
fi
