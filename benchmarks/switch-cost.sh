#!/usr/bin/env bash
# usage: benchmarks/switch-cost.sh [-c icount|tcg|both] [ROUNDS]
# What a sched_switch sample costs inside __schedule(), deferred and in
# place: builds the kernel of benchmarks/build-clock-kernel.sh (the clock
# read around the sched_switch tracepoint), boots it with
# guest/bench-switch.sh: ROUNDS (default 4) rounds of
# workloads/deepstack.c's pipe mode (two tasks passing a byte, at the
# bottom of 8, 64, 128 and 512 frames, kernel.perf_event_max_stack
# raised to 1024) unrecorded, under perf record -e sched:sched_switch
# --call-graph fp,defer, fp,nodefer and fp --kernel-callchains, and
# prints per depth the median (min-max) instructions per sampled switch
# in the tracepoint, deferred / in place, and round trips against
# unrecorded. Clocks (-c,
# default icount): "icount", the guest's clock counting instructions,
# "tcg", TCG's wall clock. Needs what scripts/test.sh builds for the
# initramfs, which it rebuilds. Not a test: it prints numbers. About 15
# minutes to build cold, 12 a boot of 4 rounds.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

clocks=icount
while getopts c: opt; do
	case $opt in
	c) clocks=$(clocks_of "$OPTARG") ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
rounds=${1:-4}
kernel=$BUILD/bench/clock-points/kernel
out=$BUILD/bench/switch-cost

"$TOP/benchmarks/build-clock-kernel.sh"
mkdir -p "$out"
# deepstack's pipe mode and guest/bench-switch.sh as they are now
"$TOP/scripts/build-initramfs.sh"

lines=$out/lines
: >"$lines"
for clock in $clocks; do
	log=$out/$clock.log
	opt=()
	[ "$clock" = icount ] && opt=(-i)
	say "booting ($clock clock) for $rounds rounds (log: $log)"
	"$TOP/scripts/run-guest.sh" "${opt[@]}" -k "$kernel" -t 1500 \
		-a "dcp.run=/guest/bench-switch.sh dcp.repeat=$rounds quiet" "$log"
	grep -q '^### END bench rc=0' "$log" || die "the benchmark failed (log: $log)"
	sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
		sed "s|^|clock=$clock |" >>"$lines"
done
python3 "$TOP/benchmarks/summarize-switch.py" <"$lines"
