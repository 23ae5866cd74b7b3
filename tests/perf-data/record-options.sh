#!/usr/bin/env bash
# usage: PERF=build/perf/perf tests/perf-data/record-options.sh
# Which events perf asks the kernel to defer for, per option: -vv prints
# each attr before perf opens it, and the first one is the tracking event
# (the only one that gets defer_output). This host's kernel refuses the
# bits, so only that first attempt carries them. A call-graph=fp event
# term defers as --call-graph fp does and follows the session's
# fp,nodefer; the tracking event gets defer_output whenever any event
# defers, with the sample_max_stack of the deepest deferring event; bad
# fp options are errors; perf record -C with some of the CPUs defers;
# perf top and perf trace defer too (perf trace at sys_exit only), and
# fp,nodefer holds for perf top.
# TAP output.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
. "$here/tap.bash"

# first_attr FILE: the callchain, max stack and defer fields of the first
# attr in perf -vv output FILE, on one line
first_attr() {
	awk '/^perf_event_attr:/ { n++ }
	     n == 1 && /^  sample_type / { if ($2 ~ /CALLCHAIN/) printf " CALLCHAIN" }
	     n == 1 && /^  (sample_max_stack|defer_)/ { printf " %s %s", $1, $2 }
	     END { print "" }' "$1"
}
# record NAME OPTIONS...: perf record's exit status, first attr and
# "callchain:" errors, checked against stdin
record() {
	local name=$1
	shift
	"$perf" record -vv -o "$tmp/perf.data" "$@" -- true >"$tmp/out" 2>&1
	{ echo "exit $?:$(first_attr "$tmp/out")"; grep '^callchain: ' "$tmp/out" | grep -v '^callchain: type'; } >"$tmp/got"
	check "$name" "$tmp/got"
}

echo "1..12"
record "call-graph=fp term without -g: defers, its own tracking event gets defer_output" \
	-e cpu-clock/call-graph=fp/ <<'EXPECTED'
exit 0: CALLCHAIN defer_callchain 1 defer_output 1
EXPECTED
record "a deferring term on another event: the tracking event gets defer_output" \
	-e cpu-clock -e task-clock/call-graph=fp/ <<'EXPECTED'
exit 0: defer_output 1
EXPECTED
record "the tracking event takes records as deep as the deepest deferring event" \
	-e cpu-clock -e task-clock/call-graph=fp,max-stack=16/ <<'EXPECTED'
exit 0: defer_output 1 sample_max_stack 16
EXPECTED
record "--call-graph fp,nodefer holds for a call-graph=fp term" \
	--call-graph fp,nodefer -e cpu-clock/call-graph=fp/ <<'EXPECTED'
exit 0: CALLCHAIN
EXPECTED
record "fp,defer with a depth" --call-graph fp,16,defer -e cpu-clock <<'EXPECTED'
exit 0: CALLCHAIN defer_callchain 1 defer_output 1 sample_max_stack 16
EXPECTED
record "fp,<typo>: an error, not a depth of 0" --call-graph fp,defr -e cpu-clock <<'EXPECTED'
exit 129:
callchain: --call-graph fp takes a maximum stack depth, defer or nodefer, not defr
EXPECTED
record "dwarf,nodefer: an error that says fp is needed" \
	--call-graph dwarf,nodefer -e cpu-clock <<'EXPECTED'
exit 129:
callchain: defer and nodefer need --call-graph fp, not dwarf
EXPECTED

# perf record -C with some of the CPUs defers: the tracking event, which
# takes the records, is open on every CPU (the guest's
# record_deferred_callchain.sh counts the stitched samples).
"$perf" record -vv -o "$tmp/perf.data" -C 0 --call-graph fp,defer -e cpu-clock -- true >"$tmp/out" 2>&1
{ echo "exit $?:$(first_attr "$tmp/out")"; grep 'in place' "$tmp/out"; } >"$tmp/got"
if [ "$(nproc)" -lt 2 ]; then
	ok "-C 0: deferred # SKIP one CPU: -C 0 is all of them"
else
	check "-C 0: deferred" "$tmp/got" <<'EXPECTED'
exit 0: CALLCHAIN defer_callchain 1
EXPECTED
fi

# fp,defer in the config: perf record and perf top defer.
printf '[call-graph]\n\trecord-mode = fp,defer\n' >"$tmp/perfconfig"
PERF_CONFIG=$tmp/perfconfig "$perf" record -vv -o "$tmp/perf.data" -e cpu-clock -g -- true \
	>"$tmp/out" 2>&1
echo "exit $?:$(first_attr "$tmp/out")" >"$tmp/got"
check "call-graph.record-mode = fp,defer: perf record defers" "$tmp/got" <<'EXPECTED'
exit 0: CALLCHAIN defer_callchain 1 defer_output 1
EXPECTED
# event_attr FILE EVENT: the callchain and defer fields of the first attr
# of EVENT (as -vv names its config) in FILE, and a "does not stitch"
# warning, if any
event_attr() {
	awk -v ev="$2" '/^perf_event_attr:/ { n++; mine = 0 }
	     /^  config / && index($0, "(" ev ")") && !done { mine = 1; done = 1 }
	     mine && /^  sample_type / { if ($2 ~ /CALLCHAIN/) printf " CALLCHAIN" }
	     mine && /^  defer_/ { printf " %s %s", $1, $2 }
	     END { print "" }' "$1"
	grep 'stitch' "$1"
}
# perf top and perf trace stitch live: they defer as perf record does.
PERF_CONFIG=$tmp/perfconfig timeout -s INT 5 "$perf" top --stdio -vv -e cpu-clock -g \
	>"$tmp/out" 2>&1
event_attr "$tmp/out" PERF_COUNT_SW_CPU_CLOCK >"$tmp/got"
check "perf top with fp,defer: defers" "$tmp/got" <<'EXPECTED'
 CALLCHAIN defer_callchain 1 defer_output 1
EXPECTED
timeout -s INT 5 "$perf" top --stdio -vv -e cpu-clock --call-graph fp,nodefer \
	>"$tmp/out" 2>&1
event_attr "$tmp/out" PERF_COUNT_SW_CPU_CLOCK >"$tmp/got"
check "perf top --call-graph fp,nodefer: in place" "$tmp/got" <<'EXPECTED'
 CALLCHAIN
EXPECTED
# perf trace prints a system call's callchain with its return: only
# sys_exit takes one. sys_enter, opened first, is the tracking event and
# gets defer_output because sys_exit defers; after its refusal sys_exit
# is opened without the bits.
"$perf" trace -vv --call-graph fp,defer -e nanosleep -- sleep 0 >"$tmp/out" 2>&1
{ event_attr "$tmp/out" raw_syscalls:sys_enter; event_attr "$tmp/out" raw_syscalls:sys_exit; } >"$tmp/got"
check "perf trace with fp,defer: a callchain at sys_exit only, deferred" "$tmp/got" <<'EXPECTED'
 defer_output 1
 CALLCHAIN
EXPECTED
