# shellcheck shell=sh
# suite NAME COMMAND...: runs one test suite, its TAP output framed by
# "### BEGIN NAME" and "### END NAME rc=STATUS" for the host's
# scripts/check-guest-log.py. Sourced by run-tests.sh and
# smoke-package.sh; SUITE_TIMEOUT (default 300 s) bounds each suite.
suite() {
	name=$1
	shift
	echo "### BEGIN $name"
	timeout "${SUITE_TIMEOUT:-300}" "$@"
	echo "### END $name rc=$?"
}
