#!/bin/sh
# usage: readers-recording.sh
# Records deepstack (16 frames over read()) with perf record -g, the
# default (user callchains deferred, then written into their samples at
# the end: default.data), with -z -g (compressed data keeps the records)
# merged by perf inject --merge-callchains (zinject.data), and with
# --call-graph fp,defer (the records kept, as mainline writes them:
# defer.data), and sends the files to the host for the tests of other
# readers (tests/readers/) with send-files.sh. Prints TAP.
dir=$(mktemp -d /tmp/readers.XXXXXX)

echo "1..5"
n=0
result() {	# result OK DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}

record() {	# record NAME PERF_RECORD_ARGS...
	name=$1
	shift
	perf record -o "$dir/$name.data" -e cpu-clock -c 1000000 "$@" -- \
		deepstack 16 1 >"$dir/$name.log" 2>&1
	rc=$?
	sed 's/^/# /' "$dir/$name.log"
	return $rc
}

record default -g
result $? "perf record -g"
record z -z -g
result $? "perf record -z -g"
perf inject --merge-callchains -i "$dir/z.data" -o "$dir/zinject.data"
result $? "perf inject --merge-callchains of the -z data"
record defer --call-graph fp,defer
result $? "perf record --call-graph fp,defer"

set --
for name in default zinject defer; do
	[ -s "$dir/$name.data" ] && set -- "$@" "$dir/$name.data"
done
/guest/send-files.sh "$@"
result $? "the files sent to the host on /dev/ttyS1"
rm -rf "$dir"
