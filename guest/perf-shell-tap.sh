#!/bin/sh
# usage: perf-shell-tap.sh PERF SCRIPT...
# Runs each perf shell test SCRIPT with the binary PERF (a path, or a
# name in PATH) as the perf it calls, and prints TAP naming the script
# and PERF; exit 2 is perf test's skip. A script runs under the
# interpreter its #! line names, as perf test runs it (bash for most).
perf=$(command -v "$1")
shift
bin=$(mktemp -d)
ln -s "$perf" "$bin/perf"
out=$bin/out
n=0
for t in "$@"; do
	n=$((n + 1))
	interp=$(sed -n '1s/^#![[:space:]]*//p' "$t")
	PATH=$bin:$PATH ${interp:-sh} "$t" >"$out" 2>&1
	rc=$?
	sed 's/^/# /' "$out"
	case $rc in
	0) echo "ok $n ${t##*/}, $perf" ;;
	2) echo "ok $n ${t##*/}, $perf # SKIP" ;;
	*) echo "not ok $n ${t##*/}, $perf (exit $rc)" ;;
	esac
done
rm -rf "$bin"
echo "1..$n"
