#!/bin/sh
# usage: [NO_SKIP=1] perf-test-tap.sh [-v...] TEST...
# Runs "perf test TEST..." and turns its "N: description : Ok|FAILED!|Skip"
# lines into TAP. With NO_SKIP=1 a skipped test fails: for tests that this
# kernel must be able to run.
perf test -S "$@" 2>&1 | awk -v no_skip="${NO_SKIP:-0}" '
	/^ *[0-9]+(\.[0-9]+)?: .* : / {
		res = $0; sub(/.* : /, "", res)
		desc = $0; sub(/^ *[0-9.]+: */, "", desc); sub(/ *: [^:]*$/, "", desc)
		if (res ~ /^Running/)
			next
		n++
		if (res ~ /^Ok/) print "ok " n " " desc
		else if (res ~ /^Skip/ && !no_skip) print "ok " n " " desc " # SKIP " res
		else print "not ok " n " " desc
		next
	}
	{ print "# " $0 }
	END { print "1.." n }'
