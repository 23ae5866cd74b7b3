#!/bin/sh
# usage: perf-shell-tap.sh PERF
# Runs each of /opt/perf/tests/shell/*.sh with the binary PERF as the
# perf it calls, and prints TAP; exit 2 is perf test's skip.
mkdir -p "/tmp/bin-$1" && ln -sf "$(command -v "$1")" "/tmp/bin-$1/perf"
n=0
for t in /opt/perf/tests/shell/*.sh; do
	n=$((n + 1))
	PATH=/tmp/bin-$1:$PATH sh "$t" >/tmp/shell-test.out 2>&1
	rc=$?
	sed 's/^/# /' /tmp/shell-test.out
	case $rc in
	0) echo "ok $n ${t##*/}" ;;
	2) echo "ok $n ${t##*/} # SKIP" ;;
	*) echo "not ok $n ${t##*/} (exit $rc)" ;;
	esac
done
echo "1..$n"
