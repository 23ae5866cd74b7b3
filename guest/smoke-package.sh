#!/bin/sh
# The guest side of scripts/smoke-package.sh: the kernel and perf of the
# Debian packages, Debian's configuration (no KUnit, no lockdep or
# kmemleak). Checks that perf record says deferral is on
# (check-deferral-on.sh), then runs the check a user runs
# (deferred-callchain-check, from its package, with the deferred perf
# tests), the deferred kselftests and a short stress test, framed like
# run-tests.sh's suites.
. /guest/suite.sh

echo "### kernel $(uname -r), $(perf version)"
suite perf-deferral-on /guest/check-deferral-on.sh
# the packaged check, as a user runs it, with the deferred perf tests;
# no PMU here: its hardware part skips
SUITE_TIMEOUT=900 suite deferred-callchain-check \
	deferred-callchain-check -v -s -o /tmp/deferred-callchain-check
for t in deferred_callchain deferred_callchain_32 deferred_attr_fuzz; do
	suite "kselftest.perf_events.$t" \
		env DEFER_FUZZ_SECONDS=10 "/opt/selftests/perf_events/$t"
done
suite kselftest.perf_events.deferred_stress \
	env DEFER_STRESS_SECONDS=20 /opt/selftests/perf_events/deferred_stress
