#!/bin/sh
# For benchmarks/switch-cost.sh: $BENCH_REPEAT rounds (dcp.repeat=,
# default 4) of deepstack's pipe mode at each depth, unrecorded, deferred,
# in place and with the kernel part only (the order turns each round),
# 2 s each, with the sched_switch tracepoint's clock sums before and
# after. One line each:
# round= depth= mode= trips= (round trips) switches= ns= (in the
# tracepoint, all CPUs) samples= bytes= (perf.data).
cd /tmp || exit 1
trace=/sys/kernel/debug/sched_switch_trace
echo "### BEGIN bench"
[ -r $trace ] || { echo "no $trace"; echo "### END bench rc=1"; exit 1; }
echo 1024 > /proc/sys/kernel/perf_event_max_stack
rc=0
for round in $(seq "${BENCH_REPEAT:-4}"); do
	case $((round % 4)) in
	1) modes="none defer inplace kernel" ;;
	2) modes="defer inplace kernel none" ;;
	3) modes="inplace kernel none defer" ;;
	0) modes="kernel none defer inplace" ;;
	esac
	for depth in 8 64 128 512; do
		for mode in $modes; do
			rm -f s.data
			read -r nr0 ns0 < $trace
			case $mode in
			none) trips=$(deepstack "$depth" 2 pipe) ;;
			*)
				cg="--call-graph fp,defer"
				[ $mode = inplace ] && cg="--call-graph fp,nodefer"
				[ $mode = kernel ] && cg="--call-graph fp --kernel-callchains"
				trips=$(perf record -q -m 1024 -e sched:sched_switch \
					$cg -o s.data -- deepstack "$depth" 2 pipe) ;;
			esac
			read -r nr1 ns1 < $trace
			samples=0 bytes=0
			if [ -f s.data ]; then
				samples=$(perf report -i s.data --stats 2>/dev/null |
					awk '/ SAMPLE events:/ { print $3; exit }')
				bytes=$(stat -c %s s.data)
			fi
			# a recording without samples measures nothing
			[ -n "$trips" ] || rc=1
			[ $mode = none ] || [ "${samples:-0}" -gt 0 ] || rc=1
			echo "round=$round depth=$depth mode=$mode trips=$trips" \
			     "switches=$((nr1 - nr0)) ns=$((ns1 - ns0))" \
			     "samples=${samples:-0} bytes=$bytes"
		done
	done
done
echo "### END bench rc=$rc"
