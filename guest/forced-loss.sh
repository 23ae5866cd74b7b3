#!/bin/sh
# usage: forced-loss.sh [SECONDS [PAGES]]
# Records the phases workload with deferred user callchains through a
# small ring buffer and stops the perf record that reads it (SIGSTOP)
# until the workload has run for CPU_TICKS more clock ticks, so that
# samples and deferred records are lost whatever the machine's speed.
# phases alternates read() under phase_read() and write() under
# phase_write(): a sample's kernel part (do_preadv, do_pwritev) says which
# user stack it must be stitched to. Prints TAP.
seconds=${1:-5}
pages=${2:-2}
cpu_ticks=20
dir=$(mktemp -d /tmp/loss.XXXXXX)
data=$dir/perf.data

# utime + stime of PID in clock ticks, empty once PID is gone.
cpu_time() {
	awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null
}

# Sampling starts after half a second (-D), while phases still sleeps,
# so that the records of its exec are read before the reader is stopped:
# lost records must not hide the symbols.
taskset -c 0 perf record -D 500 -m "$pages" -e task-clock -c 100000 --call-graph fp,defer -o "$data" -- \
	phases "$seconds" 40 \
	>"$dir/phases" 2>"$dir/record" &
record=$!
workload=
while [ -z "$workload" ] && kill -0 $record 2>/dev/null; do
	workload=$(pidof phases)
	sleep 0.1
done
# phases sleeps for a second before it works: wait until it has begun.
start=$(cpu_time "$workload")
while t=$(cpu_time "$workload") && [ -n "$t" ] && [ "$t" = "$start" ]; do
	sleep 0.1
done
kill -STOP $record 2>/dev/null
start=$(cpu_time "$workload")
ran=0
while t=$(cpu_time "$workload") && [ -n "$t" ] && [ $ran -lt $cpu_ticks ]; do
	ran=$((t - start))
	sleep 0.1
done
kill -CONT $record 2>/dev/null
wait $record
echo "# the reader was stopped while the workload ran for $ran clock ticks (at least $cpu_ticks)"
perf report --stats -i "$data" >"$dir/stats" 2>&1
perf script -F comm,tid,ip,sym,dso -i "$data" >"$dir/script" 2>"$dir/err"

awk -f /guest/classify-samples.awk "$dir/script" >"$dir/samples"

lost=$(sed -n 's/^ *LOST events: *\([0-9]*\).*/\1/p' "$dir/stats" | head -1)
stitched=$(sed -n 's/.*samples stitched to a deferred callchain: *//p' "$dir/stats" | head -1)
without=$(sed -n 's/.*samples without their deferred callchain: *//p' "$dir/stats" | head -1)
samples=$(wc -l <"$dir/samples")
right=$(grep -c ' right$' "$dir/samples")
wrong=$(grep -c ' wrong$' "$dir/samples")
shown_without=$(grep -c ' lost$' "$dir/samples")
echo "# $(cat "$dir/phases")"
echo "# $samples samples, ${lost:-0} LOST events; $right stitched to their own phase, $wrong to the other one; $shown_without shown without a user part, perf counts ${stitched:-?} stitched and ${without:-?} without"

sort "$dir/samples" | uniq -c | sed 's/^/#   /'
echo "1..4"
n=0
result() {	# result OK DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}
[ "${lost:-0}" -gt 0 ] && [ "$right" -gt 0 ]
result $? "records were lost, samples were stitched"
[ "$wrong" = 0 ]
result $? "no sample stitched to the other phase's stack"
[ "$shown_without" = "${without:-x}" ]
result $? "every sample shown without its user part is counted"
[ $((samples - shown_without)) -ge "${stitched:-x}" ] 2>/dev/null
result $? "no more samples counted stitched than shown with a user part"
rm -rf "$dir"
