#!/usr/bin/env bash
# usage: scripts/boot-time.sh RUNS [run-guest.sh options, e.g. -k release -a ARGS]
# Boots the guest RUNS times without running anything and prints the
# guest's uptime when /init started (min, median, max seconds; KUnit
# suites built into the kernel run before /init) and the host's wall time
# for the whole boot and power-off.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: $0 RUNS [run-guest.sh options]"
runs=$1
shift

log=$(mktemp)
trap 'rm -f "$log"' EXIT
ups=() walls=()
for _ in $(seq "$runs"); do
	start=$(date +%s.%N)
	"$TOP/scripts/run-guest.sh" -t 300 -a dcp.run=none "$@" "$log" 2>/dev/null
	walls+=("$(echo "$(date +%s.%N) - $start" | bc)")
	ups+=("$(sed -n 's/^### guest up //p' "$log")")
done
stats() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 }
	END { printf "min %.2f median %.2f max %.2f", v[1], v[int((NR + 1) / 2)], v[NR] }'; }
echo "${*:-debug}: /init at $(stats "${ups[@]}") s; boot+poweroff wall $(stats "${walls[@]}") s"
