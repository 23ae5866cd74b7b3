#!/bin/sh
# The guest side of scripts/smoke-package.sh: the kernel and perf of the
# Debian packages, Debian's configuration (no KUnit, no lockdep or
# kmemleak). Checks that perf record says deferral is on, as the README
# tells users to, then runs the deferred kselftests, a short stress test
# and the deferred perf tests, framed like run-tests.sh's suites.
. /guest/suite.sh

echo "### kernel $(uname -r), $(perf version)"
suite perf-deferral-on /guest/check-deferral-on.sh
for t in deferred_callchain deferred_callchain_32 deferred_attr_fuzz; do
	suite "kselftest.perf_events.$t" \
		env DEFER_FUZZ_SECONDS=10 "/opt/selftests/perf_events/$t"
done
suite kselftest.perf_events.deferred_stress \
	env DEFER_STRESS_SECONDS=20 /opt/selftests/perf_events/deferred_stress
deferred_perf_tests
