#!/bin/sh
# usage: recording-tap.sh DATA RECORD_OUTPUT
# Checks a perf.data file that perf record wrote beside a fuzzer, as TAP:
# perf record said nothing went wrong (RECORD_OUTPUT is its stderr), the
# file reads whole (perf report --stats, no error), and each sample
# whose user callchain was deferred found its record, or the lost events
# can account for those that did not: perf report --stats counts them
# where the file keeps the records, perf record's warning where it wrote
# them into their samples. Where some did not, the kernel frames of
# those samples are shown, most common first.
data=$1
out=$2
stats=/tmp/stats.$$
echo "1..3"
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
merged=$(sed -n 's/^\([0-9]*\) of [0-9]* samples with a deferred user callchain were shown without.*/\1/p' "$out")
without=$((without + ${merged:-0}))
lost=$(( $(value "LOST events:") + $(value "LOST_SAMPLES events:") ))
forks=$(value "FORK events:")
desc="$forks forks, $samples samples, $stitched stitched, $without without their record, $lost lost events"
if [ "$without" = 0 ] || [ "$lost" -gt 0 ]; then
	echo "ok 3 $data: $desc"
else
	echo "not ok 3 $data: $desc"
fi
if [ "$without" != 0 ] && [ -z "$merged" ]; then
	echo "# the first kernel frames of the samples without their record:"
	perf script -F tid,ip,sym -i "$data" 2>/dev/null | awk '
		NF == 0 { if (n && !user) print frames; n = 0; user = 0; frames = ""; next }
		NF == 1 { next }
		{ if ($1 !~ /^ffff/) user = 1; else if (++n <= 4) frames = frames " " $2 }' |
		sort | uniq -c | sort -rn | head -20 | sed 's/^/#   /'
fi
rm -f "$stats"
