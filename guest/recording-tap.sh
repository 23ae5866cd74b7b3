#!/bin/sh
# usage: recording-tap.sh DATA RECORD_OUTPUT
# Checks a perf.data file that perf record wrote beside a fuzzer, as TAP:
# perf record said nothing went wrong (RECORD_OUTPUT is its stderr), the
# file reads whole (perf report --stats, no error), each sample whose
# user callchain was deferred found its record, but where lost events
# can account for it or its thread was still in the kernel when the
# recording ended (deferred-without.awk tells, where the file keeps the
# records; perf record's warning counts them where it wrote them into
# their samples), and perf inject --merge-callchains, which perf record
# -g runs at its end, counts as many without.
data=$1
out=$2
stats=/tmp/stats.$$
echo "1..4"
sed 's/^/# /' "$out"
if grep -q -i "error\|could not\|failed" "$out"; then
	echo "not ok 1 perf record $data: an error above"
else
	echo "ok 1 perf record $data"
fi

perf report --stats -i "$data" >"$stats" 2>&1
rc=$?
sed 's/^/# /' "$stats"
if [ $rc != 0 ] || grep -q -i "error\|failed\|warning" "$stats"; then
	echo "not ok 2 perf report --stats $data reads it whole (exit $rc)"
else
	echo "ok 2 perf report --stats $data reads it whole"
fi

# The Aggregated stats: the last of each line (the file's own counts)
value() {
	awk -v key="$1" 'index($0, key) { v = $0 } END {
		sub(".*" key "[^0-9]*", "", v); print v + 0 }' "$stats"
}
samples=$(value "SAMPLE events:")
stitched=$(value "samples stitched to a deferred callchain:")
without=$(value "samples without their deferred callchain:")
# perf's count of the samples shown without their record, in FILE
shown_without() {
	sed -n 's/^\([0-9]*\) of [0-9]* samples with a deferred user callchain were shown without.*/\1/p' "$1"
}
merged=$(shown_without "$out")
lost=$(( $(value "LOST events:") + $(value "LOST_SAMPLES events:") ))
forks=$(value "FORK events:")
desc="$forks forks, $samples samples, $stitched stitched, $without without their record, $lost lost events"
if [ -n "$merged" ] || grep -q "Wrote the deferred user callchains into their samples" "$out"; then
	# perf record wrote the records into their samples: only its count is left
	without=${merged:-0}
	desc="records written into their samples, $without without their record, $lost lost events"
	kernel=0
else
	perf script --no-merge-callchains --show-task-events -F tid,time,ip,sym --ns \
		-i "$data" 2>/dev/null | awk -f "$(dirname "$0")/deferred-without.awk" >"$stats.without"
	read -r _ found _ kernel _ exited _ wenton <"$stats.without"
	desc="$desc; perf script finds $found: in the kernel at the end $kernel, before an exit $exited, before later events $wenton"
fi
# A thread still in the kernel when the recording ended never wrote its
# record: not a loss.
if [ "${found:-$without}" = "$without" ] &&
   { [ "$without" = "$kernel" ] || [ "$lost" -gt 0 ]; }; then
	echo "ok 3 $data: $desc"
else
	echo "not ok 3 $data: $desc"
fi
if [ -s "$stats.without" ] && [ "$without" != 0 ]; then
	echo "# the samples without their record, by thread and cookie:"
	tail -n +2 "$stats.without" | sed 's/^/#   /'
fi

# What perf record -g does at its end: the same count, merged
if [ -z "$merged" ]; then
	perf inject --merge-callchains -i "$data" -o "$data.merged" >"$stats.inject" 2>&1
	rc=$?
	sed 's/^/# /' "$stats.inject"
	n=$(shown_without "$stats.inject")
	if [ $rc = 0 ] && [ "${n:-0}" = "$without" ]; then
		echo "ok 4 perf inject --merge-callchains $data: ${n:-0} without their record"
	else
		echo "not ok 4 perf inject --merge-callchains $data: ${n:-0} without their record, perf report ${without} (exit $rc)"
	fi
	rm -f "$data.merged"
else
	echo "ok 4 # SKIP perf record merged $data already"
fi
rm -f "$stats" "$stats.without" "$stats.inject"
