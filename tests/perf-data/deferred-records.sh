#!/usr/bin/env bash
# usage: PERF=build/perf/perf tests/perf-data/deferred-records.sh
# Reads perf.data files written by gen-perf-data.py with the patched perf
# and checks, as TAP, that PERF_RECORD_CALLCHAIN_DEFERRED is parsed and
# dumped in file and pipe mode and from a big-endian file (whose
# feature sections are read too), counted by
# --stats, passed through by perf inject, that perf script and perf report
# stitch the samples to them (in detail: stitch-callchains.sh), and that a
# malformed or truncated file gives a warning or an error, never a crash.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
gen=$here/gen-perf-data.py
. "$here/tap.bash"
# The record lines of perf report -D (header, nr, ips), without file
# offsets.
records() {
	"$perf" report -D -i "$1" 2>"$tmp/err" |
		awk '/PERF_RECORD_CALLCHAIN_DEFERRED/ { r = 1; print; next }
		     r && /^\.\.\. FP chain|^\.\.\.\.\. / { print; next } { r = 0 }' |
		sed -E 's/^[0-9]+ ([0-9]+) 0x[0-9a-f]+ \[0x[0-9a-f]+\]:/\1/'
}

# script_out FILE: perf script -F tid,ip of FILE, "exit N", then its stderr
script_out() {
	"$perf" script -i "$1" -F tid,ip >"$tmp/script_out" 2>"$tmp/script_err"
	echo "exit $?" >>"$tmp/script_out"
	cat "$tmp/script_out" "$tmp/script_err"
}

echo "1..18"
python3 "$gen" basic "$tmp/le.data"
python3 "$gen" --big-endian basic "$tmp/be.data"

records "$tmp/le.data" >"$tmp/le.txt"
check "file mode: records dumped with cookie, pid/tid and ips" "$tmp/le.txt" <<'EXPECTED'
2300 PERF_RECORD_CALLCHAIN_DEFERRED(IP, 0x2): 4242/4242: 0x11
... FP chain: nr:3
.....  0: 0000000000401136
.....  1: 0000000000401152
.....  2: 0000000000401170
3100 PERF_RECORD_CALLCHAIN_DEFERRED(IP, 0x2): 4242/4242: 0x13
... FP chain: nr:2
.....  0: 0000000000401152
.....  1: 0000000000401170
EXPECTED

"$perf" report --stats -i "$tmp/le.data" 2>&1 |
	grep -E '^ +(SAMPLE|CALLCHAIN_DEFERRED) events' | head -2 |
	sed -E 's/ +\(.*//; s/^ +//' >"$tmp/stats.txt"
check "perf report --stats counts the records" "$tmp/stats.txt" <<'EXPECTED'
SAMPLE events:          4
CALLCHAIN_DEFERRED events:          2
EXPECTED

records "$tmp/be.data" >"$tmp/be.txt"
check "big-endian file: the same records" "$tmp/be.txt" <"$tmp/le.txt"

"$perf" report --header-only -i "$tmp/be.data" 2>"$tmp/err" |
	grep '^# hostname' >"$tmp/feat.txt"
cat "$tmp/err" >>"$tmp/feat.txt"
check "big-endian file: its feature sections are read" "$tmp/feat.txt" <<'EXPECTED'
# hostname : gen-perf-data
EXPECTED

python3 "$gen" --pipe basic - >"$tmp/pipe.data"
records - <"$tmp/pipe.data" >"$tmp/pipe.txt"
check "pipe mode: the same records" "$tmp/pipe.txt" <"$tmp/le.txt"

"$perf" evlist -v -i "$tmp/le.data" 2>&1 |
	grep -o 'defer_[a-z]*: 1' >"$tmp/evlist.txt"
check "perf evlist -v shows both attr bits" "$tmp/evlist.txt" <<'EXPECTED'
defer_callchain: 1
defer_output: 1
EXPECTED

"$perf" inject -i "$tmp/le.data" -o "$tmp/inject.data" 2>"$tmp/err" &&
	records "$tmp/inject.data" >"$tmp/inject.txt"
check "perf inject passes the records through" "$tmp/inject.txt" <"$tmp/le.txt"

# Stitched: the kernel part, then the record's ips; no cookie as a frame.
"$perf" script -i "$tmp/le.data" -F tid,ip 2>/dev/null >"$tmp/script.txt"
check "perf script: deferred samples stitched to their records, no cookie" "$tmp/script.txt" <<'EXPECTED'
   4242 
	ffffffff81000100
	ffffffff81000200
	          401136
	          401152
	          401170

   4242 
	ffffffff81000100
	ffffffff81000200
	          401136
	          401152
	          401170

   4242 
	ffffffff81000100
	ffffffff81000200
	          401136
	          401152
	          401170

   4242 
	ffffffff81000100
	ffffffff81000200
	          401152
	          401170

EXPECTED

"$perf" report -i "$tmp/le.data" --stdio -G 2>/dev/null >"$tmp/report.out"
echo "graphs $(grep -c -- '---0x401170$' "$tmp/report.out")" \
     "cookies $(grep -c '0x0*1[13]$' "$tmp/report.out")" >"$tmp/report.txt"
check "perf report -G: call graphs from the outermost user frame, no cookie" "$tmp/report.txt" <<'EXPECTED'
graphs 2 cookies 0
EXPECTED

python3 "$gen" malformed-nr "$tmp/bad.data"
"$perf" report -D -i "$tmp/bad.data" >"$tmp/bad.out" 2>&1
rc=$?
if [ $rc = 0 ] &&
   grep -q 'skipping a malformed CALLCHAIN_DEFERRED record at file offset 0x250' "$tmp/bad.out" &&
   grep -q 'PERF_RECORD_CALLCHAIN_DEFERRED.*: 0x13$' "$tmp/bad.out"; then
	ok "nr larger than the record: warning with its offset, the next record still read"
else
	fail "nr larger than the record (exit $rc)" "$tmp/bad.out"
fi

# Cut inside the first deferred record: an error, not a crash.
head -c 820 "$tmp/le.data" >"$tmp/cut.data"
"$perf" report -D -i "$tmp/cut.data" >"$tmp/cut.out" 2>&1
rc=$?
if ! crashed $rc; then ok "truncated file: exit $rc, no crash"
else fail "truncated file: killed by signal $((rc - 128))" "$tmp/cut.out"; fi
head -c 700 "$tmp/pipe.data" | "$perf" report -D -i - >"$tmp/cutp.out" 2>&1
rc=$?
if ! crashed $rc; then ok "truncated pipe: exit $rc, no crash"
else fail "truncated pipe: killed by signal $((rc - 128))" "$tmp/cutp.out"; fi

# A recording cut short, inside its last record (the second deferred
# record): perf warns and shows every sample before the cut, the one
# whose record was cut without its user part.
head -c 1016 "$tmp/le.data" >"$tmp/cutlast.data"
"$perf" script -i "$tmp/cutlast.data" >"$tmp/cutlast.out" 2>"$tmp/cutlast.err"
echo "exit $?" >>"$tmp/cutlast.out"
check "file cut inside its last record: every sample before the cut" "$tmp/cutlast.out" <<'EXPECTED'
deferred    4242 [000]     0.000002:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])
	          401136 [unknown] ([unknown])
	          401152 [unknown] ([unknown])
	          401170 [unknown] ([unknown])

deferred    4242 [000]     0.000002:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])
	          401136 [unknown] ([unknown])
	          401152 [unknown] ([unknown])
	          401170 [unknown] ([unknown])

deferred    4242 [001]     0.000002:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])
	          401136 [unknown] ([unknown])
	          401152 [unknown] ([unknown])
	          401170 [unknown] ([unknown])

deferred    4242 [001]     0.000003:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])

exit 0
EXPECTED
sed "s|$tmp/||" "$tmp/cutlast.err" >"$tmp/cutlast.txt"
check "file cut inside its last record: the warnings" "$tmp/cutlast.txt" <<'EXPECTED'
WARNING: The cutlast.data file's data section goes past its end, it was cut short.
0x3d8: the data section ends inside a record, the last 32 bytes are not read
Warning:
1 of 4 samples with a deferred user callchain were shown without their user part:
the PERF_RECORD_CALLCHAIN_DEFERRED record was lost or never written.

EXPECTED

# A record too short for its sample_id: skipped with its offset, the good
# record of the same cookie after it still stitched.
python3 "$gen" short-record "$tmp/short.data"
script_out "$tmp/short.data" >"$tmp/short.txt"
check "record 22 without its sample_id: skipped with a warning" "$tmp/short.txt" <<'EXPECTED'
   4242 
	ffffffff81000100
	ffffffff81000200
	          401136
	          401152
	          401170

   4242 
	ffffffff81000100
	ffffffff81000200
	          401152
	          401170

exit 0
WARNING: skipping a malformed CALLCHAIN_DEFERRED record at file offset 0x250
Warning:
Found invalid callchains!

1 out of 2 events were discarded for this reason.

Consider reporting to linux-kernel@vger.kernel.org.

EXPECTED

# Records shorter than their fixed fields, in a big-endian file whose byte
# swap would write those fields over the next record: skipped with their
# offsets before the swap, every sample still stitched. A record 22 of 16
# bytes (a cookie, no nr) stopped the session where it is read before it
# is parsed: from a pipe, with --no-merge-callchains and with -D.
python3 "$gen" --big-endian short-fixed "$tmp/fixed.data"
script_out "$tmp/fixed.data" >"$tmp/fixed.txt"
check "records shorter than their fixed fields: skipped before the swap" "$tmp/fixed.txt" <<'EXPECTED'
   4242 
	ffffffff81000100
	ffffffff81000200
	          401136
	          401152
	          401170

   4242 
	ffffffff81000100
	ffffffff81000200
	          401152
	          401170

exit 0
0x250 [0x10]: THROTTLE record: shorter than its fixed fields, skipping it
0x260 [0x8]: THREAD_MAP record: shorter than its fixed fields, skipping it
0x268 [0x10]: CALLCHAIN_DEFERRED record: shorter than its fixed fields, skipping it
EXPECTED
# (perf script -F from a pipe shows the symbols too: [unknown] here)
python3 "$gen" --pipe --big-endian short-fixed - >"$tmp/fixedp.data"
script_out - <"$tmp/fixedp.data" >"$tmp/fixedp.txt"
check "records shorter than their fixed fields, from a pipe" "$tmp/fixedp.txt" <<'EXPECTED'
   4242 
	ffffffff81000100 [unknown]
	ffffffff81000200 [unknown]
	          401136 [unknown]
	          401152 [unknown]
	          401170 [unknown]

   4242 
	ffffffff81000100 [unknown]
	ffffffff81000200 [unknown]
	          401152 [unknown]
	          401170 [unknown]

exit 0
0x1d8 [0x10]: THROTTLE record: shorter than its fixed fields, skipping it
0x1e8 [0x8]: THREAD_MAP record: shorter than its fixed fields, skipping it
0x1f0 [0x10]: CALLCHAIN_DEFERRED record: shorter than its fixed fields, skipping it
EXPECTED
"$perf" script --no-merge-callchains -i "$tmp/fixed.data" -F tid,ip >"$tmp/fixedn.out" 2>&1
rc=$?
"$perf" report -D -i "$tmp/fixed.data" >"$tmp/fixedd.out" 2>&1
rc_d=$?
skipped='^0x268 \[0x10\]: CALLCHAIN_DEFERRED record: shorter than its fixed fields, skipping it$'
if [ "$rc" = 0 ] && [ "$rc_d" = 0 ] && grep -q "$skipped" "$tmp/fixedn.out" &&
   grep -q "$skipped" "$tmp/fixedd.out"; then
	ok "record 22 of 16 bytes with --no-merge-callchains and -D: skipped"
else
	grep -h 'record 22\|type: 22\|CALLCHAIN_DEFERRED record' "$tmp/fixedn.out" "$tmp/fixedd.out" >"$tmp/fixed.diag"
	fail "record 22 of 16 bytes with --no-merge-callchains (exit $rc) and -D (exit $rc_d): skipped" \
		"$tmp/fixed.diag"
fi
