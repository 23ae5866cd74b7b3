#!/usr/bin/env bash
# usage: benchmarks/clock-bench.sh NAME GUEST TIMEOUT ROUNDS SUMMARY [-c icount|tcg|both] [ROUNDS]
# The guest benchmarks on the kernel of benchmarks/build-clock-kernel.sh
# (switch-cost.sh, trace-cost.sh, mode-cost.sh call it with their NAME,
# guest script, boot timeout in seconds, default rounds and summarizer):
# builds that kernel and the initramfs (the workloads and guest/GUEST as
# they are now), boots once per clock (-c, default icount: "icount", the
# guest's clock counting instructions, "tcg", TCG's wall clock) running
# ROUNDS rounds of guest/GUEST, collects its lines in
# build/bench/NAME/lines with clock= in front, and prints what
# benchmarks/SUMMARY makes of them.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

name=$1 guest=$2 timeout=$3 rounds=$4 summary=$5
shift 5
clocks=icount
while getopts c: opt; do
	case $opt in
	c) clocks=$(clocks_of "$OPTARG") ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
rounds=${1:-$rounds}
kernel=$BUILD/bench/clock-points/kernel
out=$BUILD/bench/$name

"$TOP/benchmarks/build-clock-kernel.sh"
mkdir -p "$out"
"$TOP/scripts/build-initramfs.sh"

lines=$out/lines
: >"$lines"
for clock in $clocks; do
	log=$out/$clock.log
	opt=()
	[ "$clock" = icount ] && opt=(-i)
	say "booting ($clock clock) for $rounds rounds (log: $log)"
	"$TOP/scripts/run-guest.sh" "${opt[@]}" -k "$kernel" -t "$timeout" \
		-a "dcp.run=/guest/$guest dcp.repeat=$rounds quiet" "$log"
	grep -q '^### END bench rc=0' "$log" || die "the benchmark failed (log: $log)"
	sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
		sed "s|^|clock=$clock |" >>"$lines"
done
python3 "$TOP/benchmarks/$summary" <"$lines"
