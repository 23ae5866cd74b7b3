#!/usr/bin/env bash
# usage: tests/fuzz/fuzz-short.sh [SECONDS]
# The test command's short fuzz run, as TAP: scripts/fuzz-perf-data.sh
# for SECONDS (FUZZ_SECONDS, default 60) on a fresh corpus of the seeds
# and the regression inputs. Fails on a crash or when fewer than
# FUZZ_MIN_EXECS (default 1000) inputs were run.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-${FUZZ_SECONDS:-60}}
min=${FUZZ_MIN_EXECS:-1000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "1..2"
FUZZ_CORPUS=$tmp/corpus "$here/../../scripts/fuzz-perf-data.sh" "$seconds" \
	>"$tmp/figures" 2>"$tmp/err"
rc=$?
sed 's/^/# /' "$tmp/figures"
execs=$(sed -n 's/^fuzz: execs //p' "$tmp/figures")
crashes=$(sed -n 's/^fuzz: crashes //p' "$tmp/figures")
if [ "$rc" -eq 0 ] && [ "${crashes:-1}" = 0 ]; then
	echo "ok 1 perf.data fuzzing ${seconds} s: ${execs:-?} execs, 0 crashes"
else
	echo "not ok 1 perf.data fuzzing ${seconds} s: ${crashes:-?} crashes (exit $rc)"
	tail -40 "$tmp/err" | sed 's/^/# /'
fi
if [ "${execs:-0}" -ge "$min" ]; then
	echo "ok 2 at least $min inputs run (${execs})"
else
	echo "not ok 2 at least $min inputs run (${execs:-0})"
fi
