#!/bin/sh
# usage: run-tests.sh [warn|fail]
# Runs the test suites in the guest. Each suite's TAP output is framed by
# "### BEGIN <suite>" and "### END <suite> rc=<status>" for the host's
# scripts/check-guest-log.py. The argument injects a kernel WARN or a
# failing test, to show that the host turns red.
inject=$1

. /guest/suite.sh

# Tests this guest cannot run, reported as skipped with the reason.
skip() {
	echo "### BEGIN skipped.$1"
	echo "1..1"
	echo "ok 1 $1 # SKIP $2"
	echo "### END skipped.$1 rc=0"
}

for t in /opt/selftests/perf_events/*; do
	name=kselftest.perf_events.${t##*/}
	case ${t##*/} in
	remove_on_exec)
		skip "$name" "needs a hardware event; the TCG guest has no PMU" ;;
	deferred_attr_fuzz)
		# ~300 opens/s here: a 30 s share of the 10^5 opens
		suite "$name" env DEFER_FUZZ_SECONDS=30 "$t" ;;
	deferred_stress)
		# the short run; scripts/stress.sh runs the long one
		suite "$name" env DEFER_STRESS_SECONDS=60 "$t" ;;
	*)
		suite "$name" "$t" ;;
	esac
done

suite perf-test /guest/perf-test-tap.sh \
	"Sample parsing" \
	"Deferred callchain record parsing" \
	"Order of callchains with equal hits" \
	"Software clock events period values" \
	"Test dwarf unwind" \
	"Synthesize thread map" \
	"Lookup mmap thread" \
	"Read samples using the mmap interface" \
	"Read samples written while the ring buffer is read" \
	"Track with sched_switch" \
	"Number of exit events of a simple workload"
# The check a user runs on their machine, from its package: the deferred
# kselftests, perf's deferred callchain shell tests (with their -vv
# output: the stitched counts and each command compared) and perf record
# -g with a software event and a tracepoint; this guest has no PMU, so
# its cycles check must skip, and -s fails any other skip. perf's shell
# tests are in /opt/perf, not in the built perf's exec path. The perf
# commands tests took 284 s and 163 s beside a CPU hog; the whole check
# 403 s on the idle machine before the perf trace and perf top tests
# (about 100 s more).
SUITE_TIMEOUT=1200 suite deferred-callchain-check env PERF_EXEC_PATH=/opt/perf \
	deferred-callchain-check -v -s -o /tmp/deferred-callchain-check
suite forced-loss /guest/forced-loss.sh 5
suite readers-recording /guest/readers-recording.sh

case $inject in
warn)
	echo WARNING >/sys/kernel/debug/provoke-crash/DIRECT ;;
fail)
	suite injected sh -c 'echo "1..1"; echo "not ok 1 injected failure"' ;;
esac

[ -e /sys/kernel/debug/kmemleak ] && suite kmemleak /guest/kmemleak-tap.sh
