#!/bin/sh
# The guest side of scripts/test-upstream.sh, on the upstream queue's 7.2
# kernel or on Debian's stock 7.2 kernel: the queue's deferred callchain
# kselftests, 64- and 32-bit, and its deferred callchain perf shell
# tests, once with the queue's perf (perf) and once with mainline's
# (perf-mainline), a suite each.
. /guest/suite.sh

for t in deferred_callchain deferred_callchain_32; do
	suite "kselftest.perf_events.$t" "/opt/selftests/perf_events/$t"
done

for p in perf perf-mainline; do
	suite "perf-shell.$p" /guest/perf-shell-tap.sh "$p" /opt/perf/tests/shell/*.sh
done
