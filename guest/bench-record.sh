#!/bin/sh
# Record side benchmark in the guest: measure-record.sh for each user
# stack depth and read() length (short: about one sample per syscall;
# long: several), $BENCH_REPEAT times (dcp.repeat=, default 3), rounds
# interleaved. benchmarks/record-cost.sh summarizes the lines.
cd /tmp || exit 1
echo "### BEGIN bench"
rc=0
for round in $(seq "${BENCH_REPEAT:-3}"); do
	for depth in 8 32 64 128; do
		for bytes in 65536 16777216; do
			line=$(/guest/measure-record.sh "$depth" 2 "$bytes") || rc=1
			echo "round=$round $line"
		done
	done
done
echo "### END bench rc=$rc"
