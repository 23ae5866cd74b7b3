#!/bin/sh
# usage: perf-test-tap.sh TEST...
# Runs "perf test TEST..." and turns its "N: description : Ok|FAILED!|Skip"
# lines into TAP.
perf test -S "$@" 2>&1 | awk '
	/^ *[0-9]+(\.[0-9]+)?: .* : / {
		res = $0; sub(/.* : /, "", res)
		desc = $0; sub(/^ *[0-9.]+: */, "", desc); sub(/ *: [^:]*$/, "", desc)
		if (res ~ /^Running/)
			next
		n++
		if (res ~ /^Ok/) print "ok " n " " desc
		else if (res ~ /^Skip/) print "ok " n " " desc " # SKIP " res
		else print "not ok " n " " desc
		next
	}
	{ print "# " $0 }
	END { print "1.." n }'
