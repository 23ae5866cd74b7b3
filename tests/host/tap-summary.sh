#!/usr/bin/env bash
# usage: tests/host/tap-summary.sh
# scripts/tap-summary.py must count passes, failures and skips, and count
# an empty file or one short of its plan as a failure.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
case_() {	# case_ NAME RC SUMMARY TAP...
	local name=$1 want_rc=$2 want=$3 i=0 rc
	shift 3
	rm -f "$tmp"/*.tap
	for t in "$@"; do
		i=$((i + 1))
		printf '%b' "$t" >"$tmp/$i.tap"
	done
	"$top/scripts/tap-summary.py" "$tmp"/*.tap >"$tmp/out"
	rc=$?
	n=$((n + 1))
	if [ "$rc" = "$want_rc" ] && [ "$(tail -1 "$tmp/out")" = "$want" ]; then
		echo "ok $n tap-summary: $name"
	else
		echo "not ok $n tap-summary: $name (exit $rc)"
		sed 's/^/# /' "$tmp/out"
	fi
}
echo "1..5"
case_ "all pass" 0 "3 passed, 0 failed, 0 skipped" '1..2\nok 1 a\nok 2 b\n' 'ok 1 c\n1..1\n'
case_ "skip and todo" 0 "1 passed, 0 failed, 1 skipped" \
	'1..2\nok 1 a # SKIP no PMU\nnot ok 2 b # TODO later\n'
case_ "a failure" 1 "1 passed, 1 failed, 0 skipped" '1..2\nok 1 a\nnot ok 2 b\n'
case_ "short of its plan" 1 "1 passed, 1 failed, 0 skipped" '1..2\nok 1 a\n'
case_ "no results" 1 "0 passed, 1 failed, 0 skipped" 'TAP version 13\n'
