#!/bin/sh
# usage: stress.sh SECONDS
# The long hardening run: the stress kselftest for SECONDS, the attribute
# fuzzer for 10^5 opens, then a kmemleak scan. Same framing as
# run-tests.sh, so scripts/check-guest-log.py checks it.
seconds=${1:-600}
sel=/opt/selftests/perf_events

suite() {
	name=$1
	shift
	echo "### BEGIN $name"
	"$@"
	echo "### END $name rc=$?"
}

# A stress run that does not end shows where its tasks are.
(sleep $((seconds + 300)); echo w >/proc/sysrq-trigger; echo l >/proc/sysrq-trigger) &
suite kselftest.perf_events.deferred_stress \
	env DEFER_STRESS_SECONDS="$seconds" $sel/deferred_stress
suite kselftest.perf_events.deferred_attr_fuzz \
	env DEFER_FUZZ_OPENS=100000 DEFER_FUZZ_SECONDS=100000 $sel/deferred_attr_fuzz
[ -e /sys/kernel/debug/kmemleak ] && suite kmemleak /guest/kmemleak-tap.sh
