# usage: perf test -S ... | awk [-v no_skip=1] [-v comments=1]
#	[-v entry=DESC -v rc=STATUS] -f perf-test-results.awk
# Turns perf test's "N: description : Ok|FAILED!|Skip (why)" lines into
# TAP lines without numbers: "ok DESC", "ok DESC # SKIP why", "not ok
# DESC". no_skip=1 fails a skipped test; comments=1 passes the other
# lines as TAP comments. With entry (the description of the one entry
# that ran) its subtests are "ENTRY / DESC", and the entry fails if it
# printed no result or timed out (rc 124).
# A description longer than perf's column has no space before its colon.
/^ *[0-9]+(\.[0-9]+)?: / {
	line = $0; sub(/^ *[0-9.]+: */, "", line)
	if (!match(line, / *: (Ok|FAILED!|Skip|Running)( |$)/)) {
		if (comments)
			print "# " $0
		next
	}
	res = substr(line, RSTART); sub(/^ *: /, "", res)
	if (res ~ /^Running/)
		next
	desc = substr(line, 1, RSTART - 1)
	if (entry != "" && $1 ~ /\./)
		desc = entry " / " desc
	if (res ~ /^Ok/) print "ok " desc
	else if (res ~ /^Skip/ && !no_skip) print "ok " desc " # SKIP " res
	else print "not ok " desc
	found = 1
	next
}
comments { print "# " $0 }
END {
	if (entry != "" && (rc == 124 || !found))
		print "not ok " entry
}
