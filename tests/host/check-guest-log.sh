#!/usr/bin/env bash
# usage: tests/host/check-guest-log.sh
# Feeds scripts/check-guest-log.py a good guest log and broken copies of
# it; prints TAP. Each broken log must fail, and name what broke.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
good=$top/tests/host/fixtures/guest-good.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check=$top/scripts/check-guest-log.py
n=0

# expect NAME RC PATTERN SED-SCRIPT: the edited log must exit RC and its
# report (TAP and stderr) must match PATTERN.
expect() {
	local name=$1 want_rc=$2 pattern=$3 script=$4 rc
	n=$((n + 1))
	sed -e "$script" "$good" >"$tmp/log"
	"$check" "$tmp/log" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" = "$want_rc" ] && grep -qE -- "$pattern" "$tmp/out"; then
		echo "ok $n $name"
	else
		echo "not ok $n $name (exit $rc, wanted $want_rc and /$pattern/)"
		sed 's/^/# /' "$tmp/out"
	fi
}

warn='[    2.500000] WARNING: CPU: 1 PID: 42 at kernel/events/core.c:100 perf_foo+0x1/0x2'
echo "1..16"
expect "good log passes" 0 '^ok [0-9]+ suite.one: first$' ''
expect "good log: user-space WARNING: is no splat" 0 '^ok [0-9]+ kernel: no panic' ''
expect "failing guest test" 1 '^not ok [0-9]+ suite.one: first' 's/^ok 1 first/not ok 1 first/'
expect "missing guest result" 1 'planned 2, got 1' '/^ok 1 first/d'
expect "suite that crashed with all results ok" 1 'exit status 139' 's/rc=0$/rc=139/'
expect "suite that timed out" 1 'suite.one: finished in time' 's/rc=0$/rc=124/'
expect "injected WARN" 1 'not ok [0-9]+ kernel: no splat \(\[ *2.5[0-9]*\] WARNING: CPU' "/^### END/i $warn"
expect "KASAN report" 1 'BUG: KASAN' '/^### END/i [    2.500000] BUG: KASAN: slab-use-after-free in perf_foo+0x1/0x2'
expect "lockdep report" 1 'possible circular locking' '/^### END/i [    2.500000] WARNING: possible circular locking dependency detected'
expect "sleeping in atomic" 1 'BUG: sleeping function called' '/^### END/i [    2.500000] BUG: sleeping function called from invalid context at mm/slub.c:1'
expect "kmemleak report" 1 'suspected memory leak' '/^### END/i [    2.500000] kmemleak: 1 new suspected memory leaks (see /sys/kernel/debug/kmemleak)'
expect "panic, guest never finishes" 1 'guest: ran to the end' '/^### END/,$d; /^### BEGIN/a [    2.500000] Kernel panic - not syncing: Fatal exception'
expect "guest timeout inside a suite" 1 'suite.one: finished' '/^### END/,$d; $a ### guest timed out after 900s'
expect "kernel message amid KUnit output" 0 '^ok [0-9]+ kunit: example.case_a' '/    # Subtest: example/i [    1.000000] input: ImExPS/2 Generic Explorer Mouse as /devices/platform/i8042/serio1/input/input3'
expect "failing KUnit case" 1 'not ok [0-9]+ kunit: example.case_a' 's/    ok 1 case_a/    not ok 1 case_a/'
expect "no KUnit output" 1 'no KUnit results' '/KTAP\|1\.\.1$\|Subtest\|module:\|case_\|Totals\|example\|ok 1 example/d'
