#!/bin/sh
# usage: kselftest-case.sh TEST [HARNESS_ARGS...]
# Runs one perf_events kselftest with the harness's arguments, for a
# guest booted with dcp.run=/guest/kselftest-case.sh
# dcp.args=deferred_callchain,-t,exec_flush_unlocked: shows a case
# failing or passing on a given kernel without the whole test run.
. /guest/suite.sh

t=$1
shift
suite "kselftest.perf_events.$t" "/opt/selftests/perf_events/$t" "$@"
