#!/usr/bin/env bash
# usage: benchmarks/return-cost.sh [-k KERNEL]... [-c icount|tcg|both] [REPEAT]
# What the deferred path costs the task against an in-place walk, and how
# writing the deferred record scales with the sessions that see the task:
# boots each KERNEL (default: the release kernel, which scripts/demo.sh
# builds; a name as for scripts/run-guest.sh -k) with
# guest/bench-return.sh, which runs workloads/defercost.c (page faults,
# each one sample in a kernel entry of its own) at 8, 64 and 128 frames,
# REPEAT rounds (default 5) interleaved, and prints per kernel and clock
# the median (min-max) cost per fault of each setup, what the sample adds
# to a fault without event, and that split into a cost per frame and a
# fixed cost. Two clocks (-c, default both): "icount", the guest's clock
# counting instructions (run-guest.sh -i), deterministic but blind to
# cache misses and locked instructions; "tcg", TCG's wall clock, noisy on
# a shared machine. Several kernels boot one after the other for each
# clock, so that their figures are side by side. Not a test: it prints
# numbers. About 2 minutes a boot.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

kernels=() clocks="icount tcg"
while getopts k:c: opt; do
	case $opt in
	k) kernels+=("$OPTARG") ;;
	c) clocks=$(clocks_of "$OPTARG") ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ ${#kernels[@]} -gt 0 ] || kernels=(release)
rounds=${1:-5}

lines=$BUILD/bench-return.lines
: >"$lines"
for clock in $clocks; do
	for kernel in "${kernels[@]}"; do
		log=$BUILD/bench-return-$clock-${kernel//\//_}.log
		opt=()
		[ "$clock" = icount ] && opt=(-i)
		say "booting $kernel ($clock clock) for $rounds rounds (log: $log)"
		"$TOP/scripts/run-guest.sh" "${opt[@]}" -k "$kernel" -t 1200 \
			-a "dcp.run=/guest/bench-return.sh dcp.repeat=$rounds quiet" "$log"
		grep -q '^### END bench rc=0' "$log" ||
			die "the benchmark failed (log: $log)"
		sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" |
			grep '^round=' |
			sed "s|^|clock=$clock kernel=${kernel##*/} |" >>"$lines"
	done
done
python3 "$TOP/benchmarks/summarize-return.py" <"$lines"
