#!/usr/bin/env bash
# usage: scripts/trinity.sh [-b] SECONDS MODE...
# Runs Debian's trinity (the system call fuzzer) in the debug guest
# (KASAN, lockdep, kmemleak, DEBUG_PREEMPT) for SECONDS per MODE, one
# boot each: "user" as an unprivileged user, "root" as root without the
# calls that would end the guest or its console, or kill or limit the
# recordings (guest/trinity.sh). Beside it run a system-wide and a
# per-task deferred recording of trinity, records kept; both are read
# back (guest/recording-tap.sh: perf report --stats, the samples without
# their record and why, the merge of perf record -g's end), and the
# guest log is checked as the test command's (no splat of any kind, a
# kmemleak scan at the end).
# -b boots the base kernel (build/base, the same configuration without
# the series) and runs trinity alone, to tell a base bug from ours.
# Results: build/results-trinity/{series,base}-MODE-SECONDS.{log,tap}.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

base=0
if [ "${1:-}" = -b ]; then
	base=1
	shift
fi
[ $# -ge 2 ] || die "usage: $0 [-b] SECONDS MODE..."
seconds=$1
shift

"$TOP/scripts/install-deps.sh" trinity
"$TOP/scripts/prepare-tree.sh"
if [ $base = 1 ]; then
	"$TOP/scripts/build-base-kernel.sh"
	kernel=$BUILD/base/kernel-debug kind=base suffix=-norecord
else
	"$TOP/scripts/build-kernel.sh" debug
	kernel=$BUILD/kernel-debug kind=series suffix=
fi
"$TOP/scripts/build-perf.sh"
results=$BUILD/results-trinity
mkdir -p "$results"
INITRAMFS=$results/initramfs.cpio EXTRA="/usr/bin/trinity /usr/bin/setpriv" \
	SELFTESTS=/nonexistent "$TOP/scripts/build-initramfs.sh"

rc=0
for mode in "$@"; do
	name=$kind-$mode-$seconds
	log=$results/$name.log
	say "trinity as $mode for $seconds s on the $kind kernel (log: $log)"
	# one TCG thread: trinity's perf_event_open() patches jump labels
	# (run-guest.sh -s); 3 GB for the recordings in the guest's tmpfs
	INITRAMFS=$results/initramfs.cpio "$TOP/scripts/run-guest.sh" -s \
		-m 3G -k "$kernel" -t $((seconds + 1800)) \
		-a "dcp.run=/guest/trinity.sh dcp.args=$seconds,$mode$suffix" \
		"$log" || true
	"$TOP/scripts/check-guest-log.py" --no-kunit "$log" \
		>"$results/$name.tap" || rc=1
	grep -h '^# \(Ran\|ok\|not ok\|[0-9]* samples\)\|^not ok\|^### trinity' "$log" || true
	"$TOP/scripts/tap-summary.py" "$results/$name.tap" || rc=1
done
exit $rc
