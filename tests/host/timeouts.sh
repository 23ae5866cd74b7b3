#!/usr/bin/env bash
# usage: tests/host/timeouts.sh
# Timeouts follow the guest's speed: the kselftest harness multiplies
# each test's timeout by KSFT_TIMEOUT_FACTOR, guest/speed.sh scales a
# timeout by a factor, and scripts/run-guest.sh gives a guest its -t
# times the largest "### speed factor" the guest printed (a fake QEMU
# prints it here).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
selftests=${LINUX:-$top/build/linux}/tools/testing/selftests
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
result() {	# result NAME EXPECTED-FILE ACTUAL-FILE
	n=$((n + 1))
	if cmp -s "$2" "$3"; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		diff -u "$2" "$3" | sed 's/^/# /'
	fi
}
echo "1..7"

# A test of 1.5 s with a timeout of 1 s.
cat >"$tmp/slow.c" <<'C'
#include <time.h>
#include "kselftest_harness.h"

FIXTURE(t) {};
FIXTURE_SETUP(t) {}
FIXTURE_TEARDOWN(t) {}

TEST_F_TIMEOUT(t, slow, 1)
{
	struct timespec ts = { 1, 500000000 };

	nanosleep(&ts, NULL);
}

TEST_HARNESS_MAIN
C
gcc -I"$selftests" -o "$tmp/slow" "$tmp/slow.c"
harness() {	# harness NAME FACTOR|unset LINE...: the harness's output and exit status
	local name=$1 factor=$2
	shift 2
	printf '%s\n' 'TAP version 13' '1..1' '# Starting 1 tests from 1 test cases.' \
		"$@" >"$tmp/expected"
	if [ "$factor" = unset ]; then
		"$tmp/slow" >"$tmp/out" 2>&1
	else
		KSFT_TIMEOUT_FACTOR=$factor "$tmp/slow" >"$tmp/out" 2>&1
	fi
	echo "exit status $?" >>"$tmp/out"
	result "harness: $name" "$tmp/expected" "$tmp/out"
}
timed_out=('#  RUN           t.slow ...' '# slow: Test terminated by timeout'
	'#          FAIL  t.slow' 'not ok 1 t.slow' '# FAILED: 0 / 1 tests passed.'
	'# Totals: pass:0 fail:1 xfail:0 xpass:0 skip:0 error:0' 'exit status 1')
harness "no KSFT_TIMEOUT_FACTOR: the test's own timeout" unset "${timed_out[@]}"
harness "KSFT_TIMEOUT_FACTOR=3 triples it" 3 \
	'# Timeouts multiplied by 3 (KSFT_TIMEOUT_FACTOR).' \
	'#  RUN           t.slow ...' '#            OK  t.slow' 'ok 1 t.slow' \
	'# PASSED: 1 / 1 tests passed.' \
	'# Totals: pass:1 fail:0 xfail:0 xpass:0 skip:0 error:0' 'exit status 0'
harness "KSFT_TIMEOUT_FACTOR=0 is refused" 0 \
	'# Ignoring KSFT_TIMEOUT_FACTOR=0: not in 1..100' \
	"${timed_out[@]}"

printf '300\n330\n30\n1\n2\n' >"$tmp/expected"
sh -c '. "$1"; scaled 300 1.0; scaled 300 1.1; scaled 30 1.0; scaled 1 1.0; scaled 1 1.2' \
	sh "$top/guest/speed.sh" >"$tmp/out" 2>&1
result "speed.sh: timeouts scaled and rounded up" "$tmp/expected" "$tmp/out"

# A QEMU that prints a speed factor and then runs for FAKE_SECONDS.
mkdir -p "$tmp/bin" "$tmp/kernel/arch/x86/boot"
touch "$tmp/kernel/arch/x86/boot/bzImage"
cat >"$tmp/bin/qemu-system-x86_64" <<'SH'
#!/bin/sh
while [ $# -gt 0 ]; do
	[ "$1" = -pidfile ] && echo $$ >"$2"
	shift
done
echo "### speed factor $FAKE_FACTOR (99 cs, 50 idle): x gets 1 s"
exec sleep "$FAKE_SECONDS"
SH
chmod +x "$tmp/bin/qemu-system-x86_64"
guest() {	# guest NAME FACTOR SECONDS TIMEOUT LAST-TWO-LINES...
	PATH=$tmp/bin:$PATH FAKE_FACTOR=$2 FAKE_SECONDS=$3 \
		"$top/scripts/run-guest.sh" -k "$tmp/kernel" -t "$4" "$tmp/log" 2>/dev/null
	echo "exit status $?" >>"$tmp/log"
	printf '%s\n' "${@:5}" >"$tmp/expected"
	tail -2 "$tmp/log" | head -1 >"$tmp/out"
	tail -1 "$tmp/log" >>"$tmp/out"
	result "run-guest.sh: $1" "$tmp/expected" "$tmp/out"
}
# -t 4: the fake QEMU's first line has 4 s to reach the log, however
# busy the machine is, before the watchdog would count without it.
guest "a guest at factor 1.0 past its 4 s is stopped" 1.0 60 4 \
	'### guest timed out after 4s (4 s on the idle machine)' 'exit status 124'
guest "a guest at factor 2.5 gets 10 s" 2.5 60 4 \
	'### guest timed out after 10s (4 s on the idle machine)' 'exit status 124'
guest "a guest at factor 3.0 that takes 5 s of its 4 s finishes" 3.0 5 4 \
	'### speed factor 3.0 (99 cs, 50 idle): x gets 1 s' 'exit status 0'
