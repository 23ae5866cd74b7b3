#!/usr/bin/env bash
# usage: benchmarks/base-cost.sh [-q] [-c icount|tcg|both] [-b BOOTS] [ROUNDS]
# What the series costs a task that does not use perf: the unpatched base
# 6.12 (build/base/linux) and the series' kernel (build/linux), built
# with the same configuration (release plus configs/base-cost.config:
# the nohz_full and io_uring rows, static keys patched in as
# distributions build them) into build/bench/base-cost/; with
# -q, the unpatched 7.2 (build/upstream/base/linux) and the upstream
# queue's kernel (build/upstream/linux), both without
# configs/series.config, into build/bench/base-cost-7.2/. Each kernel is
# booted with nohz_full=1 and guest/bench-base-cost.sh: ROUNDS (default
# 7) rounds of workloads/basecost.c, no perf event open (then, once, the
# first callchain and deferring events' opens), BOOTS times (default 1),
# base and series in turn, the rounds of all boots pooled: fork_exit
# moves by several per cent from one boot to the next of the same kernel
# even with -icount, which the rounds of one boot do not show. Prints
# per row the median (min-max) of each kernel and series/base, with the
# range of the ratio over the two kernels' extremes. Clocks (-c, default
# icount): "icount", the guest's clock counting instructions
# (run-guest.sh -i), which a busy host does not move (but for fork_exit,
# above) and which does not price a locked instruction, a fence or a
# cache miss; "tcg", TCG's wall clock, noisy on a shared machine. Needs
# the initramfs of scripts/test.sh or scripts/demo.sh. Not a test: it
# prints numbers. About 15 minutes a kernel to build cold (7.2: 25), 3 a
# boot.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

clocks=icount queue=0 boots=1
while getopts qc:b: opt; do
	case $opt in
	q) queue=1 ;;
	c) clocks=$(clocks_of "$OPTARG") ;;
	b) boots=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
rounds=${1:-7}
frag=$TOP/configs/base-cost.config

if [ $queue = 1 ]; then
	out=$BUILD/bench/base-cost-7.2
	"$TOP/scripts/prepare-upstream-base-tree.sh"
	"$TOP/scripts/prepare-upstream-tree.sh"
	LINUX=$BUILD/upstream/base/linux "$TOP/scripts/build-kernel.sh" -u \
		-o "$out/base" release "$frag"
	LINUX=$BUILD/upstream/linux "$TOP/scripts/build-kernel.sh" -u \
		-o "$out/series" release "$frag"
else
	out=$BUILD/bench/base-cost
	"$TOP/scripts/prepare-base-tree.sh"
	"$TOP/scripts/prepare-tree.sh"
	LINUX=$BUILD/base/linux "$TOP/scripts/build-kernel.sh" -u \
		-o "$out/base" release "$frag"
	"$TOP/scripts/build-kernel.sh" -o "$out/series" release "$frag"
fi
grep -q ' /usr/bin/basecost ' "$BUILD/initramfs.list" 2>/dev/null ||
	"$TOP/scripts/build-initramfs.sh"

lines=$out/lines
: >"$lines"
for clock in $clocks; do
	for boot in $(seq "$boots"); do
		for kernel in base series; do
			log=$out/$clock-$kernel-$boot.log
			opt=()
			[ "$clock" = icount ] && opt=(-i)
			say "booting the $kernel kernel ($clock clock, boot $boot of $boots) for $rounds rounds (log: $log)"
			"$TOP/scripts/run-guest.sh" "${opt[@]}" -k "$out/$kernel" -t 1500 \
				-a "dcp.run=/guest/bench-base-cost.sh dcp.repeat=$rounds" \
				-a "nohz_full=1 quiet" "$log"
			grep -q '^### END bench rc=0' "$log" ||
				die "the benchmark failed (log: $log)"
			sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" |
				grep '^round=' | sed "s|^|clock=$clock kernel=$kernel |" \
				>>"$lines"
		done
	done
done
python3 "$TOP/benchmarks/summarize-base-cost.py" <"$lines"
