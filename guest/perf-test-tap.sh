#!/bin/sh
# usage: [NO_SKIP=1] perf-test-tap.sh [-v...] TEST...
# Runs "perf test TEST..." and turns its "N: description : Ok|FAILED!|Skip"
# lines into TAP. With NO_SKIP=1 a skipped test fails: for tests that this
# kernel must be able to run.
perf test -S "$@" 2>&1 |
	awk -v no_skip="${NO_SKIP:-0}" -v comments=1 -f "$(dirname "$0")/perf-test-results.awk" |
	awk '/^#/ { print; next }
		{ n++; sub(/ok /, "ok " n " "); print }
		END { print "1.." n }'
