#!/bin/sh
# usage: nohz-full.sh
# The tests that need a CPU with user context tracking, for a guest
# booted with nohz_full=1 (the second boot of scripts/test.sh): the way
# out to user space runs the context_tracking:user_enter tracepoint there.
. /guest/suite.sh

for t in deferred_callchain deferred_callchain_32; do
	suite "kselftest.perf_events.$t.context_tracking" \
		"/opt/selftests/perf_events/$t" -r deferred_callchain.context_tracking
done
