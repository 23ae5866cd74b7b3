#!/usr/bin/env bash
# usage: scripts/boot-time.sh [-k debug|release|DIR] [-n RUNS] [-a KERNEL_ARGS]
# Boots the guest RUNS times (default 3) without running anything and
# prints the guest's uptime when /init started (min, median, max seconds;
# KUnit suites built into the kernel run before /init) and the host's
# wall time for the whole boot and power-off.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=debug runs=3 args=""
while getopts k:n:a: opt; do
	case $opt in
	k) flavour=$OPTARG ;;
	n) runs=$OPTARG ;;
	a) args=$OPTARG ;;
	*) exit 2 ;;
	esac
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
ups=() walls=()
for _ in $(seq "$runs"); do
	start=$(date +%s.%N)
	"$TOP/scripts/run-guest.sh" -k "$flavour" -t 300 -a "dcp.run=none $args" \
		"$log" 2>/dev/null
	walls+=("$(echo "$(date +%s.%N) - $start" | bc)")
	ups+=("$(sed -n 's/^### guest up //p' "$log")")
done
stats() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 }
	END { printf "min %.2f median %.2f max %.2f", v[1], v[int((NR + 1) / 2)], v[NR] }'; }
echo "$flavour ${args:-(default args)}: /init at $(stats "${ups[@]}") s; boot+poweroff wall $(stats "${walls[@]}") s"
