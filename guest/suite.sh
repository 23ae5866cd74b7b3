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
