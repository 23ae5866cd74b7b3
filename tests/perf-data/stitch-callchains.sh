#!/usr/bin/env bash
# usage: PERF=build/perf/perf [DEBIAN_PERF=/usr/bin/perf] tests/perf-data/stitch-callchains.sh
# Checks, as TAP, that the patched perf stitches samples ending with
# [PERF_CONTEXT_USER_DEFERRED, cookie] to the PERF_RECORD_CALLCHAIN_DEFERRED
# of the same pid/tid/cookie. gen-perf-data.py writes each scenario twice:
# deferred, and --in-place as a kernel without deferral would have
# recorded the same samples (the user part perf must stitch on, or none
# where the record is lost); --expect gives what perf must show. perf
# script and perf report must show a deferred file as its in-place twin,
# in file and pipe mode and from a big-endian file; --stats counts the
# samples stitched and those without user part (and perf warns about the
# latter); --no-merge-callchains shows cookies and records instead; perf
# inject --merge-callchains writes files that perf and Debian's perf 6.1
# read as the in-place twin; malformed or cut files give a warning or an
# error, never a crash.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
gen=$here/gen-perf-data.py
. "$here/tap.bash"
failcmd() {	# failcmd NAME: a command failed, its stderr in $tmp/err
	head -5 "$tmp/err" >"$tmp/err5"
	fail "$1" "$tmp/err5"
}
# perf script output, one line per event: "TID SECS.NSECS: frame frame...",
# whatever comes between the time and "DEFERRED CALLCHAIN" dropped.
norm() {
	awk 'NF == 0 { if (l != "") print l; l = ""; next }
	     { gsub(/ \[unknown\]/, ""); sub(/^[ \t]+/, ""); sub(/[ \t]+$/, "")
	       gsub(/[ \t]+/, " "); l = (l == "" ? $0 : l " " $0) }
	     END { if (l != "") print l }' |
		sed 's/: .*DEFERRED CALLCHAIN/: DEFERRED CALLCHAIN/'
}
script() {	# script PERF FILE [OPTION...]: normalized, in the order shown
	local p=$1 f=$2
	shift 2
	"$p" script -F tid,time,ip --ns "$@" -i "$f" 2>"$tmp/err" | norm
}
counts() {	# counts FILE: the deferred callchain counters of perf report --stats
	grep -oE 'samples (stitched to a deferred callchain|without their deferred callchain|shown after later ones): *[0-9]+' "$1" |
		sed -E 's/samples ([a-z]+) [^:]*: */\1 /'
}
# Debian's own perf 6.1 (linux-perf), to read what perf inject writes.
debian_perf() {
	local p
	for p in ${DEBIAN_PERF:-} /usr/bin/perf /usr/bin/perf_6.1 \
		 /usr/lib/linux-tools-6.1*/perf /usr/lib/linux-tools/6.1*/perf; do
		[ -x "$p" ] && "$p" --version 2>/dev/null | grep -q '^perf version 6\.1\.' &&
			{ echo "$p"; return; }
	done
}

all="basic threads lost early-record eof user-mode malformed-nr zero-cookie exit blocked migrated"
inject_scenarios="basic threads lost early-record eof user-mode"
report_scenarios="threads lost user-mode"
nomerge_scenarios="basic threads zero-cookie"
set -- $all; n_all=$#
set -- $inject_scenarios; n_inject=$#
set -- $report_scenarios; n_report=$#
set -- $nomerge_scenarios; n_nomerge=$#
echo "1..$((1 + 2 * n_all + 21 + 17 + n_report + n_nomerge + 4 + 2 * n_inject + 2 + 3))"

for s in $all; do
	python3 "$gen" "$s" "$tmp/$s.data"
	python3 "$gen" --in-place "$s" "$tmp/$s.in-place.data"
	python3 "$gen" --expect script "$s" "$tmp/$s.expect"
	python3 "$gen" --expect counts "$s" "$tmp/$s.counts"
done

# The reference: the in-place twins show what --expect says.
: >"$tmp/in-place.diff"
for s in $all; do
	script "$perf" "$tmp/$s.in-place.data" >"$tmp/got"
	diff -u "$tmp/$s.expect" "$tmp/got" >>"$tmp/in-place.diff" || echo "($s)" >>"$tmp/in-place.diff"
done
if [ -s "$tmp/in-place.diff" ]; then fail "in-place twins: perf script shows the expected chains" "$tmp/in-place.diff"
else ok "in-place twins: perf script shows the expected chains"; fi

for s in $all; do
	script "$perf" "$tmp/$s.data" >"$tmp/got"
	check "$s: perf script shows the stitched chains, as in place" "$tmp/got" <"$tmp/$s.expect"
done

for s in $all; do
	"$perf" report --stats -i "$tmp/$s.data" >"$tmp/stats" 2>&1
	counts "$tmp/stats" >"$tmp/got"
	check "$s: perf report --stats counts $(paste -sd' ' "$tmp/$s.counts")" "$tmp/got" <"$tmp/$s.counts"
done

"$perf" report -D -i "$tmp/lost.data" >"$tmp/dump" 2>&1
counts "$tmp/dump" >"$tmp/got"
check "lost: perf report -D summary counts them too" "$tmp/got" <"$tmp/lost.counts"

# From a pipe, as from a file: in time order, each sample with its user part.
# --rounds puts a FINISHED_ROUND after each event, so that ordered delivery
# may go past a sample before its record comes.
for s in threads eof exit lost blocked; do
	for rounds in "" --rounds; do
		python3 "$gen" --pipe $rounds "$s" - | script "$perf" - >"$tmp/got"
		check "$s, pipe mode${rounds:+ $rounds}: stitched chains, in time order" \
			"$tmp/got" <"$tmp/$s.expect"
	done
done
python3 "$gen" --pipe eof - | "$perf" report --stats -i - >"$tmp/stats" 2>&1
counts "$tmp/stats" >"$tmp/got"
check "eof, pipe mode: samples waiting at the end counted as without user part" "$tmp/got" <"$tmp/eof.counts"
# migrated has rounds of its own, an older sample of an entry written
# after a newer one: the entry still waits for its record.
python3 "$gen" --pipe migrated - | script "$perf" - >"$tmp/got"
check "migrated, pipe mode: an entry's older sample queued later still waits, in time order" \
	"$tmp/got" <"$tmp/migrated.expect"

# report.queue-size for the tests with the queue full
printf '[report]\n\tqueue-size = 100000\n' >"$tmp/queue.config"

# Compressed data (perf record -z) and a cut file cannot be indexed: as
# from a pipe, in time order. --zstd puts each record in a
# PERF_RECORD_COMPRESSED of its own, --rounds a FINISHED_ROUND after each.
for s in threads eof exit lost blocked; do
	for rounds in "" --rounds; do
		python3 "$gen" --zstd $rounds "$s" "$tmp/z.data"
		script "$perf" "$tmp/z.data" >"$tmp/got"
		check "$s, perf record -z data${rounds:+ $rounds}: stitched chains, in time order" \
			"$tmp/got" <"$tmp/$s.expect"
	done
done
python3 "$gen" --zstd migrated "$tmp/z.data"
script "$perf" "$tmp/z.data" >"$tmp/got"
check "migrated, perf record -z data: stitched chains, in time order" "$tmp/got" <"$tmp/migrated.expect"
python3 "$gen" --zstd --zstd-chunk 64 --rounds threads "$tmp/z.data"
script "$perf" "$tmp/z.data" >"$tmp/got"
check "threads, -z data, records cut between PERF_RECORD_COMPRESSED: in time order" \
	"$tmp/got" <"$tmp/threads.expect"
# 8000 samples of 40 threads, 2 per kernel entry, the records after
# those of all threads: 81 PERF_RECORD_COMPRESSED of 16 KiB, each
# decompressed into a buffer of its own, the records cut between them.
python3 "$gen" --zstd --zstd-chunk 16384 --rounds --bench 8000,40,2,8 "$tmp/z.data"
python3 "$gen" --in-place --bench 8000,40,2,8 "$tmp/bench.in-place.data"
script "$perf" "$tmp/bench.in-place.data" >"$tmp/bench.expect"
script "$perf" "$tmp/z.data" >"$tmp/got"
check "8000 samples of 40 threads, -z data in 16 KiB records: as in place" "$tmp/got" <"$tmp/bench.expect"
python3 "$gen" --zstd --rounds blocked "$tmp/z.data"
PERF_CONFIG=$tmp/queue.config "$perf" report --stats -i "$tmp/z.data" >"$tmp/stats" 2>&1
PERF_CONFIG=$tmp/queue.config "$perf" report --stdio -i "$tmp/z.data" 2>"$tmp/err" >/dev/null
{ counts "$tmp/stats"; grep -c 'shown after later samples' "$tmp/err"; } >"$tmp/got"
check "blocked, -z data, queue full: the waiting sample comes out late, counted, warned about" \
	"$tmp/got" <<'EXPECTED'
stitched 501
without 0
shown 1
1
EXPECTED
for rounds in "" --rounds; do
	python3 "$gen" --cut $rounds threads "$tmp/cut.data"
	script "$perf" "$tmp/cut.data" >"$tmp/got"
	check "threads, data ending inside a record${rounds:+ $rounds}: stitched chains, in time order" \
		"$tmp/got" <"$tmp/threads.expect"
done

python3 "$gen" --big-endian threads "$tmp/be.data"
script "$perf" "$tmp/be.data" >"$tmp/got"
check "threads, big-endian file: stitched chains, as in place" "$tmp/got" <"$tmp/threads.expect"
python3 "$gen" --big-endian --pipe threads "$tmp/be.pipe"
script "$perf" - <"$tmp/be.pipe" >"$tmp/got"
check "threads, big-endian pipe: stitched chains, in time order" "$tmp/got" <"$tmp/threads.expect"

# perf 7.2 writes attrs of 144 bytes (config4): read as any other while
# what 6.12 does not know is 0, refused with the reason otherwise.
python3 "$gen" --attr-tail 0 threads "$tmp/a144.data"
script "$perf" "$tmp/a144.data" >"$tmp/got"
check "threads, attrs of 144 bytes as perf 7.2 writes them: as in place" "$tmp/got" <"$tmp/threads.expect"
python3 "$gen" --attr-tail 0 --big-endian threads "$tmp/a144be.data"
script "$perf" "$tmp/a144be.data" >"$tmp/got"
check "threads, big-endian, attrs of 144 bytes: as in place" "$tmp/got" <"$tmp/threads.expect"
python3 "$gen" --attr-tail 0 --pipe --rounds threads - | script "$perf" - >"$tmp/got"
check "threads, pipe, attrs of 144 bytes: in time order" "$tmp/got" <"$tmp/threads.expect"
python3 "$gen" --attr-tail 1 threads "$tmp/a144x.data"
"$perf" script -v -i "$tmp/a144x.data" >/dev/null 2>"$tmp/err"
grep -o 'file uses a more recent and unsupported ABI.*\|incompatible file format' "$tmp/err" >"$tmp/got"
check "attrs of 144 bytes whose last 8 are not 0: refused, saying why" "$tmp/got" <<'EXPECTED'
file uses a more recent and unsupported ABI (8 bytes extra, not all 0)
incompatible file format
EXPECTED

# With the queue full, a sample waiting for its record no longer holds the
# others back: it comes out later than they do, with its user part, and is
# counted and warned about. (The default limit is 256 MiB of queue.)
python3 "$gen" --pipe --rounds blocked "$tmp/blocked.pipe"
PERF_CONFIG=$tmp/queue.config "$perf" report --stats -i - <"$tmp/blocked.pipe" >"$tmp/stats" 2>&1
PERF_CONFIG=$tmp/queue.config "$perf" report --stdio -i - <"$tmp/blocked.pipe" 2>"$tmp/err" >/dev/null
{ counts "$tmp/stats"; grep -c 'shown after later samples' "$tmp/err"; } >"$tmp/got"
check "blocked, pipe, queue full: the waiting sample comes out late, counted, warned about" \
	"$tmp/got" <<'EXPECTED'
stitched 501
without 0
shown 1
1
EXPECTED

# Lost records: the samples in time order all the same.
"$perf" script -F tid,time --ns -i "$tmp/lost.data" 2>/dev/null | awk 'NF {print $1, $2}' >"$tmp/got"
check "lost, file: samples in time order" "$tmp/got" <<'EXPECTED'
4242 0.000002000:
4243 0.000002010:
4242 0.000002100:
4242 0.000002200:
EXPECTED

phrase='shown without their user part'
res=""
for s in eof basic; do
	"$perf" script -i "$tmp/$s.data" >/dev/null 2>"$tmp/err.script"
	"$perf" report --stdio -i "$tmp/$s.data" >/dev/null 2>"$tmp/err.report"
	res+="$s: script $(grep -c "$phrase" "$tmp/err.script") report $(grep -c "$phrase" "$tmp/err.report")"$'\n'
done
printf %s "$res" | sed 's/ [1-9][0-9]*/ warns/g; s/ 0/ silent/g' >"$tmp/got"
check "perf script and perf report warn when samples lack their user part, only then" "$tmp/got" <<'EXPECTED'
eof: script warns report warns
basic: script silent report silent
EXPECTED

# perf report's call graphs, caller-based (-G): the same as in place.
for s in $report_scenarios; do
	"$perf" report --stdio -G -i "$tmp/$s.in-place.data" >"$tmp/report.in-place" 2>/dev/null
	"$perf" report --stdio -G -i "$tmp/$s.data" >"$tmp/report" 2>/dev/null
	if ! grep -q '0x401170\|0x404420' "$tmp/report.in-place"; then
		fail "$s: perf report -G, as in place (in place shows no user frame)" "$tmp/report.in-place"
	else
		check "$s: perf report -G call graph, as in place" "$tmp/report" <"$tmp/report.in-place"
	fi
done

# --no-merge-callchains: samples with their cookie, records on their own,
# in time order.
for s in $nomerge_scenarios; do
	python3 "$gen" --expect no-merge "$s" "$tmp/expect"
	"$perf" script --no-merge-callchains -F tid,time,ip,sym --ns -i "$tmp/$s.data" 2>"$tmp/err" |
		norm >"$tmp/got"
	check "$s, --no-merge-callchains: cookies and records shown, not stitched" "$tmp/got" <"$tmp/expect"
done
"$perf" script --no-merge-callchains -i "$tmp/basic.data" 2>"$tmp/err" >"$tmp/got"
check "--no-merge-callchains: mainline's text, the cookie as the last frame" "$tmp/got" <<'EXPECTED'
deferred    4242 [000]     0.000002:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])
	              11 (cookie) ([unknown])

deferred    4242 [000]     0.000002:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])
	              11 (cookie) ([unknown])

deferred    4242 [001]     0.000002:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])
	              11 (cookie) ([unknown])

deferred    4242 [001]     0.000002: DEFERRED CALLCHAIN [cookie: 11]
	          401136 [unknown] ([unknown])
	          401152 [unknown] ([unknown])
	          401170 [unknown] ([unknown])

deferred    4242 [001]     0.000003:     100000 cpu-clock: 
	ffffffff81000100 [unknown] ([unknown])
	ffffffff81000200 [unknown] ([unknown])
	              13 (cookie) ([unknown])

deferred    4242 [001]     0.000003: DEFERRED CALLCHAIN [cookie: 13]
	          401152 [unknown] ([unknown])
	          401170 [unknown] ([unknown])

EXPECTED

# Two records with cookie 0: a warning for the first, with its offset;
# both counted at the end
off=$(python3 "$gen" --expect malformed zero-cookie - | head -1)
"$perf" script -i "$tmp/zero-cookie.data" >"$tmp/out" 2>&1
grep -e "skipping a malformed" -e "out of" "$tmp/out" >"$tmp/got" || true
check "zero cookie: the first record is warned about with its offset, both counted" "$tmp/got" <<EXPECTED
WARNING: skipping a malformed CALLCHAIN_DEFERRED record at file offset $off
2 out of 2 events were discarded for this reason.
EXPECTED

# Cut anywhere in the data (samples waiting, a record cut; the file's data
# start at 424): an error, never a crash.
for mode in file pipe; do
	opt=; start=424
	[ $mode = pipe ] && opt=--pipe start=8
	python3 "$gen" $opt threads "$tmp/full"
	size=$(stat -c %s "$tmp/full")
	bad=""
	for ((cut = start; cut < size; cut += 16)); do
		head -c $cut "$tmp/full" >"$tmp/cut"
		in="$tmp/cut"; [ $mode = pipe ] && in=-
		for cmd in script "report --stdio" "inject --merge-callchains -o $tmp/cut.out"; do
			"$perf" $cmd -i "$in" <"$tmp/cut" >/dev/null 2>&1
			rc=$?
			crashed $rc && bad+=" perf ${cmd%% *} cut at $cut: signal $((rc - 128))"$'\n'
		done
	done
	name="threads, $mode cut every 16 bytes: perf script, report, inject never crash"
	if [ -z "$bad" ]; then ok "$name"
	else printf %s "$bad" >"$tmp/bad"; fail "$name" "$tmp/bad"; fi
done

# perf inject --merge-callchains: the samples get their user part after
# PERF_CONTEXT_USER, no marker and no record is left, so that readers
# without deferred callchains, Debian's perf 6.1 here, see the in-place twin.
dperf=$(debian_perf)
debian() {	# debian NAME FILE [pipe]: Debian's perf reads FILE as the in-place twin
	local in=$2
	[ "${3:-}" = pipe ] && in=-
	if [ -z "$dperf" ]; then
		n=$((n + 1)); echo "ok $n $1 # SKIP no Debian perf 6.1 (apt-get install linux-perf)"
	else
		script "$dperf" "$in" <"$2" >"$tmp/got"
		check "$1" "$tmp/got" <"$tmp/$s.expect"
	fi
}
for s in $inject_scenarios; do
	name="$s: perf inject --merge-callchains, read back by perf, as in place"
	if "$perf" inject --merge-callchains -i "$tmp/$s.data" -o "$tmp/inj.data" 2>"$tmp/err"; then
		"$perf" report -D -i "$tmp/inj.data" 2>&1 |
			grep -c 'PERF_RECORD_CALLCHAIN_DEFERRED\|: fffffffffffffd80$' >"$tmp/left"
		script "$perf" "$tmp/inj.data" >"$tmp/got"
		if [ "$(cat "$tmp/left")" != 0 ]; then
			echo "$(cat "$tmp/left") deferred records or USER_DEFERRED markers left" >"$tmp/left"
			fail "$name" "$tmp/left"
		else check "$name" "$tmp/got" <"$tmp/$s.expect"; fi
		debian "$s: perf inject --merge-callchains, read by Debian's perf 6.1, as in place" "$tmp/inj.data"
	else
		failcmd "$name"
		failcmd "$s: perf inject --merge-callchains, read by Debian's perf 6.1"
	fi
done
s=eof
python3 "$gen" --pipe eof "$tmp/eof.pipe"
"$perf" inject --merge-callchains -i - -o - <"$tmp/eof.pipe" 2>"$tmp/err" >"$tmp/inj.pipe"
script "$perf" - <"$tmp/inj.pipe" >"$tmp/got"
check "eof, pipe in and out: perf inject --merge-callchains, as in place" "$tmp/got" <"$tmp/eof.expect"
debian "eof, pipe in and out: perf inject --merge-callchains, read by Debian's perf 6.1" "$tmp/inj.pipe" pipe

# An event with sample_max_stack 4: in place, its 2 kernel frames leave
# room for 2 user frames. A stitched chain holds no more, from a file, a
# pipe and through perf inject.
python3 "$gen" --max-stack 4 --expect script threads "$tmp/max.expect"
python3 "$gen" --max-stack 4 threads "$tmp/max.data"
script "$perf" "$tmp/max.data" >"$tmp/got"
check "sample_max_stack 4, file: stitched chains no longer than in place" \
	"$tmp/got" <"$tmp/max.expect"
python3 "$gen" --max-stack 4 --pipe threads - | script "$perf" - >"$tmp/got"
check "sample_max_stack 4, pipe: stitched chains no longer than in place" \
	"$tmp/got" <"$tmp/max.expect"
"$perf" inject --merge-callchains -i "$tmp/max.data" -o "$tmp/max.inj" 2>"$tmp/err"
script "$perf" "$tmp/max.inj" >"$tmp/got"
check "sample_max_stack 4: perf inject --merge-callchains writes them no longer" \
	"$tmp/got" <"$tmp/max.expect"
