#!/bin/sh
# For benchmarks/trace-cost.sh: $BENCH_REPEAT rounds (dcp.repeat=,
# default 4) of deepstack's getppid mode at each depth, unrecorded and
# under perf trace -s --call-graph fp (deferred) and fp,nodefer (in
# place), 2 s each (the order turns each round), with the getppid()
# histogram before and after. -s: perf trace keeps up with its summary,
# where printing every stack would keep it busy long after the workload.
# One line each:
# round= depth= mode= calls= median= (instructions from the entry of a
# getppid() to its return to user space, the histogram's bucket).
cd /tmp || exit 1
hist=/sys/kernel/debug/getppid_trace
echo "### BEGIN bench"
[ -r $hist ] || { echo "no $hist"; echo "### END bench rc=1"; exit 1; }
echo 1024 > /proc/sys/kernel/perf_event_max_stack
rc=0
for round in $(seq "${BENCH_REPEAT:-4}"); do
	case $((round % 3)) in
	1) modes="none defer inplace" ;;
	2) modes="defer inplace none" ;;
	0) modes="inplace none defer" ;;
	esac
	for depth in 8 64 128 512; do
		for mode in $modes; do
			cat $hist > h0
			case $mode in
			none) calls=$(deepstack "$depth" 2 getppid) ;;
			*)
				cg=fp
				[ $mode = inplace ] && cg=fp,nodefer
				calls=$(perf trace -s --call-graph $cg -o t.out -- \
					deepstack "$depth" 2 getppid) ;;
			esac
			cat $hist > h1
			# the bucket where half of this run's calls are reached
			median=$(awk 'NR == FNR { n[$1] -= $2; next }
				{ n[$1] += $2; b[++k] = $1 }
				END {
					for (i = 1; i <= k; i++) all += n[b[i]]
					for (i = 1; i <= k; i++) {
						sum += n[b[i]]
						if (2 * sum >= all) { print b[i]; exit }
					}
				}' h0 h1)
			[ -n "$calls" ] && [ -n "$median" ] || rc=1
			echo "round=$round depth=$depth mode=$mode calls=$calls median=$median"
		done
	done
done
echo "### END bench rc=$rc"
