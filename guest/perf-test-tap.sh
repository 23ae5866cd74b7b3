#!/bin/sh
# usage: [NO_SKIP=1] perf-test-tap.sh [-v...] TEST...
# Runs "perf test TEST..." and turns its "N: description : Ok|FAILED!|Skip"
# lines into TAP. With NO_SKIP=1 a skipped test fails: for tests that this
# kernel must be able to run. A TEST without a result fails too: perf
# test runs nothing for a name that matches no test (nor for the name of
# a suite that has subtests: name one of those).
names=
for arg in "$@"; do
	case $arg in
	-*) ;;
	*) names="$names$arg	" ;;
	esac
done
perf test -S "$@" 2>&1 |
	awk -v no_skip="${NO_SKIP:-0}" -v comments=1 -f "$(dirname "$0")/perf-test-results.awk" |
	awk -v names="$names" '/^#/ { print; next }
		{ n++; sub(/ok /, "ok " n " "); print; got = got "\n" tolower($0) }
		END {
			k = split(names, want, "\t")
			for (i = 1; i <= k; i++) {
				if (want[i] == "" || index(got, tolower(want[i])))
					continue
				n++
				print "not ok " n " " want[i] ": perf test ran nothing"
			}
			print "1.." n
		}'
