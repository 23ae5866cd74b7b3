#!/usr/bin/env bash
# usage: benchmarks/mode-cost.sh [-c icount|tcg|both] [ROUNDS]
# fp in place, fp deferred and dwarf, side by side: boots the kernel of
# benchmarks/build-clock-kernel.sh (the series' release kernel; its
# clock reads are not used here) with guest/bench-modes.sh: ROUNDS
# (default 2) rounds of workloads/deepstack.c at the bottom of 8, 64,
# 128 and 512 frames (kernel.perf_event_max_stack raised to 1024),
# computing (cpu) and reading 64 KiB at a time, unrecorded and under
# perf record -e cpu-clock -F 1000 with --call-graph fp,nodefer, fp and
# dwarf, and prints per depth and workload the machine's instructions
# per sample (the work the workload lost), perf.data bytes per sample
# and the share of samples whose stack reaches main(). Clocks (-c,
# default icount): "icount", the guest's clock counting instructions,
# "tcg", TCG's wall clock. Needs what scripts/test.sh builds for the
# initramfs, which it rebuilds. Not a test: it prints numbers. About 15
# minutes to build cold, 14 a boot of 2 rounds.
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
rounds=${1:-2}
kernel=$BUILD/bench/clock-points/kernel
out=$BUILD/bench/mode-cost

"$TOP/benchmarks/build-clock-kernel.sh"
mkdir -p "$out"
# deepstack and guest/bench-modes.sh as they are now
"$TOP/scripts/build-initramfs.sh"

lines=$out/lines
: >"$lines"
for clock in $clocks; do
	log=$out/$clock.log
	opt=()
	[ "$clock" = icount ] && opt=(-i)
	say "booting ($clock clock) for $rounds rounds (log: $log)"
	"$TOP/scripts/run-guest.sh" "${opt[@]}" -k "$kernel" -t 2400 \
		-a "dcp.run=/guest/bench-modes.sh dcp.repeat=$rounds quiet" "$log"
	grep -q '^### END bench rc=0' "$log" || die "the benchmark failed (log: $log)"
	sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
		sed "s|^|clock=$clock |" >>"$lines"
done
python3 "$TOP/benchmarks/summarize-modes.py" <"$lines"
