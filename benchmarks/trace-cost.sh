#!/usr/bin/env bash
# usage: benchmarks/trace-cost.sh [-c icount|tcg|both] [ROUNDS]
# What a system call costs under perf trace --call-graph fp, deferred and
# in place: builds the kernel of benchmarks/build-clock-kernel.sh (a
# histogram of the time from a getppid()'s entry to its return to user
# space), boots it with guest/bench-trace.sh: ROUNDS (default 4) rounds
# of workloads/deepstack.c's getppid mode at the bottom of 8, 64, 128
# and 512 frames (kernel.perf_event_max_stack raised to 1024),
# unrecorded and under perf trace -s --call-graph fp and fp,nodefer, and
# prints per depth the median (min-max) over the rounds of each run's
# median call, deferred / in place, and calls against unrecorded. Clocks
# (-c, default icount): "icount", the guest's clock counting
# instructions, "tcg", TCG's wall clock. Needs what scripts/test.sh
# builds for the initramfs, which it rebuilds. Not a test: it prints
# numbers. About 15 minutes to build cold, 8 a boot of 4 rounds.
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
out=$BUILD/bench/trace-cost

"$TOP/benchmarks/build-clock-kernel.sh"
mkdir -p "$out"
# deepstack's getppid mode and guest/bench-trace.sh as they are now
"$TOP/scripts/build-initramfs.sh"

lines=$out/lines
: >"$lines"
for clock in $clocks; do
	log=$out/$clock.log
	opt=()
	[ "$clock" = icount ] && opt=(-i)
	say "booting ($clock clock) for $rounds rounds (log: $log)"
	"$TOP/scripts/run-guest.sh" "${opt[@]}" -k "$kernel" -t 1500 \
		-a "dcp.run=/guest/bench-trace.sh dcp.repeat=$rounds quiet" "$log"
	grep -q '^### END bench rc=0' "$log" || die "the benchmark failed (log: $log)"
	sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
		sed "s|^|clock=$clock |" >>"$lines"
done
python3 "$TOP/benchmarks/summarize-trace.py" <"$lines"
