#!/bin/sh
# Record side benchmark in the guest: measure-record.sh for each user
# stack depth and workload of deepstack (cpu: computation, no system
# calls; getppid: short system calls; read()s of 64 KiB: about one
# sample per syscall; of 16 MiB: several), $BENCH_REPEAT times
# (dcp.repeat=, default 5), rounds interleaved. Odd rounds record
# deferred first, even rounds in place first, so that whatever the
# position in the sequence costs falls on both. BENCH_DEPTHS and
# BENCH_WORKLOADS choose some of them; PERF, DEFER_CG and INPLACE_CG go
# to measure-record.sh.
# benchmarks/record-cost.sh summarizes the lines.
cd /tmp || exit 1
echo "### BEGIN bench"
rc=0
for round in $(seq "${BENCH_REPEAT:-5}"); do
	order=defer-first
	[ $((round % 2)) -eq 0 ] && order=inplace-first
	for depth in ${BENCH_DEPTHS:-8 32 64 128}; do
		for work in ${BENCH_WORKLOADS:-cpu getppid 65536 16777216}; do
			line=$(/guest/measure-record.sh "$depth" 2 "$work" $order) || rc=1
			echo "round=$round $line"
		done
	done
done
echo "### END bench rc=$rc"
