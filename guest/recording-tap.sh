#!/bin/sh
# usage: recording-tap.sh DATA RECORD_OUTPUT
# Checks a perf.data file that perf record wrote beside a fuzzer, as TAP:
# perf record said nothing went wrong (RECORD_OUTPUT is its stderr), the
# file reads whole (perf report --stats, no error), and each sample
# whose user callchain was deferred found its record, or the lost events
# can account for those that did not.
data=$1
out=$2
stats=/tmp/stats.$$
echo "1..3"
sed 's/^/# /' "$out"
if grep -q -i "error\|could not\|failed\|warning" "$out"; then
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
lost=$(( $(value "LOST events:") + $(value "LOST_SAMPLES events:") ))
forks=$(value "FORK events:")
desc="$forks forks, $samples samples, $stitched stitched, $without without their record, $lost lost events"
if [ "$without" = 0 ] || [ "$lost" -gt 0 ]; then
	echo "ok 3 $data: $desc"
else
	echo "not ok 3 $data: $desc"
fi
rm -f "$stats"
