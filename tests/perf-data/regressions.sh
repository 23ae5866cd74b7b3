#!/usr/bin/env bash
# usage: PERF=build/perf/perf tests/perf-data/regressions.sh [NAME...]
# The inputs the fuzzer (tests/fuzz/) found a bug with, kept in
# regressions/ (NAME.data, with NAME.txt saying what the bug was): perf
# script, perf report --stdio and perf kwork report (which leaves most
# record types to the perf_tool stubs) must read each without a crash or
# a hang (60 s), and their output (stdout and stderr) must hold every
# line of NAME.expect ("script: TEXT", "report: TEXT" or "kwork: TEXT"
# for one of them; unprefixed lines are for script and report). With
# NAMEs, only regressions/NAME.data; with EXPECT_DIR, DIR/NAME.expect
# where it exists (another tree's messages: scripts/test-upstream.sh).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
. "$here/tap.bash"

files=("$here"/regressions/*.data)
[ $# -gt 0 ] && files=("${@/#/$here/regressions/}") && files=("${files[@]/%/.data}")
echo "1..$((3 * ${#files[@]}))"
for f in "${files[@]}"; do
	name=${f##*/}
	expect=${f%.data}.expect
	[ -n "${EXPECT_DIR:-}" ] && [ -f "$EXPECT_DIR/${name%.data}.expect" ] &&
		expect=$EXPECT_DIR/${name%.data}.expect
	for cmd in script report kwork; do
		opts=()
		[ "$cmd" = report ] && opts=(--stdio)
		[ "$cmd" = kwork ] && opts=(report)
		timeout 60 "$perf" "$cmd" "${opts[@]}" -i "$f" >"$tmp/out" 2>&1
		rc=$?
		if [ "$rc" -eq 124 ]; then
			fail "$name: perf $cmd still running after 60 s" "$tmp/out"
			continue
		fi
		if crashed "$rc"; then
			fail "$name: perf $cmd crashed (exit $rc)" "$tmp/out"
			continue
		fi
		: >"$tmp/missing"
		while IFS= read -r line; do
			case $line in
			script:*|report:*|kwork:*) [ "${line%%:*}" = "$cmd" ] || continue
				line=${line#*: } ;;
			*) [ "$cmd" != kwork ] || continue ;;
			esac
			grep -qF -- "$line" "$tmp/out" || echo "missing: $line" >>"$tmp/missing"
		done <"$expect"
		if [ -s "$tmp/missing" ]; then
			cat "$tmp/out" >>"$tmp/missing"
			fail "$name: perf $cmd output" "$tmp/missing"
		else
			ok "$name: perf $cmd reads it, exit $rc"
		fi
	done
done
