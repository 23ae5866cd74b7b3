#!/usr/bin/env bash
# usage: scripts/peer-perf-test.sh [-s | -e PATTERN] [base|series]...
# perf's own test suite, all of it with its shell tests, in the debug
# guest: on the series' debug kernel with the series' perf, and on the
# base kernel (build/base: Debian's source without the series, the same
# configuration) with the base's perf (default: both). Each boot runs
# every "perf test" entry on its own (guest/peer-perf-test.sh), with
# bash, dash as /bin/sh, the GNU tools, Python and Perl of this machine
# in the guest.
# Then the two are compared (scripts/compare-peer-tap.py): the run fails
# on a result that passes on the base and not with the series. -s only
# compares the results of earlier runs. -e runs only the entries whose
# description has PATTERN (no spaces; results KIND-PATTERN.log and .tap,
# not compared). Results: build/results-peer.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

compare_only=0 pattern=
if [ "${1:-}" = -s ]; then
	compare_only=1
	shift
elif [ "${1:-}" = -e ]; then
	pattern=$2
	shift 2
fi
[ $# -gt 0 ] || set -- base series
results=$BUILD/results-peer
mkdir -p "$results"
# What the shell tests call beyond busybox
packages=(bash dash coreutils grep sed findutils diffutils procps util-linux
	xz-utils libc-bin python3-minimal python3.11-minimal libpython3.11-minimal
	libpython3.11-stdlib perl-base binutils binutils-x86-64-linux-gnu)

run() {	# run base|series
	local kind=$1 linux kernel perf
	if [ "$kind" = base ]; then
		"$TOP/scripts/build-base-kernel.sh"
		linux=$BUILD/base/linux kernel=$BUILD/base/kernel-debug
		perf=$BUILD/base/perf
	else
		linux=$LINUX kernel=$BUILD/kernel-debug perf=$BUILD/perf
	fi
	LINUX=$linux "$TOP/scripts/build-perf.sh" -o "$perf"
	LINUX=$linux PERF=$perf/perf PERF_TESTS=all HOST_PACKAGES="${packages[*]}" \
		SELFTESTS=/nonexistent INITRAMFS=$results/initramfs-$kind.cpio \
		"$TOP/scripts/build-initramfs.sh"
	local name=$kind${pattern:+-$pattern}
	say "perf test on the $kind kernel (log: $results/$name.log)"
	INITRAMFS=$results/initramfs-$kind.cpio "$TOP/scripts/run-guest.sh" -s \
		-m 2G -k "$kernel" -t 14400 \
		-a "dcp.run=/guest/peer-perf-test.sh dcp.args=900${pattern:+,$pattern}" \
		"$results/$name.log" || true
	"$TOP/scripts/check-guest-log.py" --no-kunit \
		"$results/$name.log" >"$results/$name.tap" || true
}

"$TOP/scripts/install-deps.sh" "${packages[@]}"
if [ $compare_only = 0 ]; then
	# The series' kernel build also gives the initramfs its tools and
	# the workloads their headers.
	"$TOP/scripts/prepare-tree.sh"
	"$TOP/scripts/build-kernel.sh" debug
	for kind in "$@"; do
		run "$kind"
	done
fi
[ -z "$pattern" ] || exit 0
"$TOP/scripts/compare-peer-tap.py" perf-test-all "$results/base.tap" "$results/series.tap"
