#!/bin/sh
# usage: peer-perf-test.sh [SECONDS [PATTERN]]
# Runs all of "perf test" (or the entries whose description has
# PATTERN, case ignored), one entry at a time from /opt/perf (where perf
# finds its shell tests and scripts), each bounded by SECONDS (default
# 900) times the guest's speed factor. Prints TAP framed as run-tests.sh
# does: one line per entry or subtest, named by its description and its
# entry's (the numbers differ between perf versions). Each runs with -v;
# the end of a failing one's output is shown as TAP comments.
seconds=${1:-900}
. /guest/speed.sh

cd /opt/perf || exit 1
export PERF_EXEC_PATH=/opt/perf
# The host's GNU tools before busybox's applets (find -printf, for one)
export PATH=/usr/bin:/bin
measure_speed
limit=$(scaled "$seconds" "$SPEED_FACTOR")
echo "### speed factor $SPEED_FACTOR ($SPEED_CS cs, $SPEED_REF_CS idle): each perf test entry gets $limit s"
list=/tmp/perf-test-list
perf test list 2>&1 | grep '^ *[0-9]*: ' | grep -i -e "${2:-}" >$list

echo "### BEGIN perf-test-all"
start=$(cut -d' ' -f1 /proc/uptime)
n=0
while read -r line; do
	num=${line%%:*}
	desc=${line#*: }
	t0=$(cut -d' ' -f1 /proc/uptime)
	out=$(timeout "$limit" perf test -S -v "$num" 2>&1 </dev/null)
	rc=$?
	secs=$(awk -v s="$t0" '{ printf "%.1f", $1 - s }' /proc/uptime)
	echo "# entry $num, $secs s: $desc"
	res=$(echo "$out" | awk -v entry="$desc" -v rc="$rc" \
		-f "$(dirname "$0")/perf-test-results.awk")
	case $rc in
	124) echo "# timed out after $limit s" ;;
	esac
	echo "$res" | awk -v n="$n" '{
		n++
		if (sub(/^ok /, "")) print "ok " n " " $0
		else { sub(/^not ok /, ""); print "not ok " n " " $0 }
	}'
	n=$((n + $(echo "$res" | wc -l)))
	case $res in
	*"not ok"*) echo "$out" | tail -60 | sed 's/^/# | /' ;;
	esac
done <$list
echo "1..$n"
echo "### END perf-test-all rc=0"
echo "### time perf-test-all $(awk -v s="$start" '{ printf "%.1f", $1 - s }' /proc/uptime) s"
[ -e /sys/kernel/debug/kmemleak ] && {
	echo "### BEGIN kmemleak"
	/guest/kmemleak-tap.sh
	echo "### END kmemleak rc=$?"
}
