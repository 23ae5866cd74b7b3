#!/bin/sh
# For benchmarks/mode-cost.sh: $BENCH_REPEAT rounds (dcp.repeat=,
# default 2) of deepstack at each depth, for the cpu workload and read()s
# of 64 KiB, unrecorded and under perf record -e cpu-clock -F 1000 with
# --call-graph fp,nodefer (in place), fp (deferred) and dwarf (8 KiB of
# stack), 2 s each. One line each:
# round= depth= work= mode= calls= samples= bytes= (perf.data) main=
# (samples whose stack reaches main(), from perf script).
cd /tmp || exit 1
echo "### BEGIN bench"
echo 1024 > /proc/sys/kernel/perf_event_max_stack
rc=0
for round in $(seq "${BENCH_REPEAT:-2}"); do
	for depth in 8 64 128 512; do
		for work in cpu 65536; do
			for mode in none inplace defer dwarf; do
				rm -f m.data
				case $mode in
				none) calls=$(deepstack "$depth" 2 $work) ;;
				*)
					cg=fp
					[ $mode = inplace ] && cg=fp,nodefer
					[ $mode = dwarf ] && cg=dwarf
					calls=$(perf record -q -e cpu-clock -F 1000 \
						--call-graph $cg -o m.data -- \
						deepstack "$depth" 2 $work) ;;
				esac
				samples=0 bytes=0 main=0
				if [ -f m.data ]; then
					samples=$(perf report -i m.data --stats 2>/dev/null |
						awk '/ SAMPLE events:/ { print $3; exit }')
					bytes=$(stat -c %s m.data)
					# --no-inline: without addr2line in the guest,
					# perf script dies of SIGPIPE on inline lookups
					main=$(perf script -i m.data --no-inline \
						--max-stack 1024 -F ip,sym 2>/dev/null |
						awk '/^$/ { n += found; found = 0; next }
						     $2 == "main" { found = 1 }
						     END { print n + found }')
				fi
				[ -n "$calls" ] || rc=1
				[ $mode = none ] || [ "${samples:-0}" -gt 0 ] || rc=1
				echo "round=$round depth=$depth work=$work mode=$mode" \
				     "calls=$calls samples=${samples:-0} bytes=$bytes main=$main"
			done
		done
	done
done
echo "### END bench rc=$rc"
