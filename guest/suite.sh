# shellcheck shell=sh
# suite NAME COMMAND...: runs one test suite, its TAP output framed by
# "### BEGIN NAME" and "### END NAME rc=STATUS" for the host's
# scripts/check-guest-log.py. Sourced by run-tests.sh and
# smoke-package.sh. SUITE_TIMEOUT (default 300 s) bounds each suite on
# the idle machine; it and the kselftest harness's per-test timeouts
# (KSFT_TIMEOUT_FACTOR) are scaled by the guest's speed, measured
# before each suite (speed.sh). "### speed factor" and "### time" lines
# say what each suite got and took.
. /guest/speed.sh

suite() {
	name=$1
	shift
	measure_speed
	limit=$(scaled "${SUITE_TIMEOUT:-300}" "$SPEED_FACTOR")
	KSFT_TIMEOUT_FACTOR=$(scaled 1 "$SPEED_FACTOR")
	export KSFT_TIMEOUT_FACTOR
	echo "### speed factor $SPEED_FACTOR ($SPEED_CS cs, $SPEED_REF_CS idle): $name gets $limit s"
	echo "### BEGIN $name"
	start=$(cut -d' ' -f1 /proc/uptime)
	timeout "$limit" "$@"
	rc=$?
	echo "### END $name rc=$rc"
	echo "### time $name $(awk -v s="$start" '{ printf "%.1f", $1 - s }' /proc/uptime) s of $limit s"
}

# deferred_perf_tests: the deferred perf tests, a suite each. The kernel
# has deferred user callchains and tracepoints: they must not skip. -vv
# shows the stitched counts and each command compared in the log. The
# perf commands tests get 600 s: the first half took 278 s beside a CPU
# hog, more than half of the 510 s that its speed factor gave it.
deferred_perf_tests() {
	cd /opt/perf || return
	perf_test_suite record 300 "perf record deferred user callchains"
	perf_test_suite commands 600 "perf commands on deferred user callchains"
	perf_test_suite reports 600 "more perf commands on deferred user callchains"
	cd /
}

# perf_test_suite NAME SECONDS TEST
perf_test_suite() {
	SUITE_TIMEOUT=$2 suite "perf-test-deferred-$1" \
		env NO_SKIP=1 /guest/perf-test-tap.sh -vv "$3"
}
