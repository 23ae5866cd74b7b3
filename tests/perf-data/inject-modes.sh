#!/usr/bin/env bash
# usage: PERF=build/perf/perf tests/perf-data/inject-modes.sh
# perf inject --merge-callchains in the inject modes that write samples
# their own way (-b, --buildid-mmap) must write the merged chains as the
# plain mode does; the attrs of what it writes say nothing of deferral; a
# sample too large with its user part is written without it, counted and
# warned about, and the inject goes on; an output whose data or header
# cannot be written gets its reason and a failing exit; a feature of a
# newer perf is dropped; perf data convert --to-json shows
# stitched chains as their in-place twins; samples with branch stacks and
# branch counters (-j any,counter) are written byte for byte as in place.
# TAP output.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
gen=$here/gen-perf-data.py
. "$here/tap.bash"

# perf script -F tid,time,ip of FILE, one line per sample, in file order
script() {
	"$perf" script -F tid,time,ip --ns -i "$1" 2>"$tmp/err" |
		awk 'NF == 0 { if (l != "") print l; l = ""; next }
		     { sub(/^[ \t]+/, ""); sub(/[ \t]+$/, ""); gsub(/[ \t]+/, " ")
		       l = (l == "" ? $0 : l " " $0) }
		     END { if (l != "") print l }'
}

echo "1..14"
for s in threads basic user-mode; do
	python3 "$gen" "$s" "$tmp/$s.data"
	python3 "$gen" --in-place "$s" "$tmp/$s.in-place.data"
	script "$tmp/$s.in-place.data" >"$tmp/$s.expect"
done

for opt in -b --buildid-mmap; do
	"$perf" inject $opt --merge-callchains -i "$tmp/threads.data" \
		-o "$tmp/inj.data" 2>"$tmp/err"
	script "$tmp/inj.data" >"$tmp/got"
	check "inject $opt --merge-callchains: the merged chains, as in place" \
		"$tmp/got" <"$tmp/threads.expect"
done

"$perf" inject --merge-callchains -i "$tmp/threads.data" -o "$tmp/inj.data" 2>"$tmp/err"
"$perf" evlist -v -i "$tmp/inj.data" 2>&1 | grep -c 'defer_' >"$tmp/got"
check "inject --merge-callchains: no defer bits in the attrs written" "$tmp/got" <<<0
python3 "$gen" --pipe threads - |
	"$perf" inject --merge-callchains -o - 2>"$tmp/err" | "$perf" evlist -v -i - 2>&1 |
	grep -c 'defer_' >"$tmp/got"
check "inject --merge-callchains, pipe in and out: no defer bits in the attrs" "$tmp/got" <<<0

# past RLIMIT_FSIZE, with SIGXFSZ ignored, a write fails with EFBIG
python3 "$gen" --bench 400,2,2,32 "$tmp/bench.data"
(ulimit -f 16; trap '' XFSZ
 exec "$perf" inject --merge-callchains -i "$tmp/bench.data" -o "$tmp/inj.data") \
	2>"$tmp/inj.err"
echo "exit $?" >>"$tmp/inj.err"
check "an output that cannot be written: perf inject says why and fails" \
	"$tmp/inj.err" <<'EXPECTED'
failed to write perf data, error: File too large
exit 229
EXPECTED

# A reader that goes away: perf inject -b (whose samples used to drop
# the error of their write) fails with EPIPE, SIGPIPE ignored. The output
# is far larger than the pipe's buffer.
python3 "$gen" --bench 4000,2,2,32 "$tmp/bench4k.data"
(trap '' PIPE
 "$perf" inject -b -i "$tmp/bench4k.data" -o - 2>"$tmp/inj.err" | head -c 4096 >/dev/null
 echo "exit ${PIPESTATUS[0]}" >>"$tmp/inj.err")
check "an output whose reader went away: perf inject -b says why and fails" \
	"$tmp/inj.err" <<'EXPECTED'
failed to write perf data, error: Broken pipe
exit 224
EXPECTED

# The same where the data fits but not the features after it (the
# generated file has none but for --newer-feature's): the file size
# limit in bytes at the end of the data
python3 "$gen" --newer-feature --bench 400,2,2,32 "$tmp/feat.data"
"$perf" inject --merge-callchains -i "$tmp/feat.data" -o "$tmp/inj.data" 2>"$tmp/err"
end=$("$perf" report --header-only -i "$tmp/inj.data" 2>/dev/null |
	awk '/^# data (offset|size) *:/ { n += $NF } END { print n }')
(trap '' XFSZ
 exec prlimit --fsize="${end:-0}" "$perf" inject --merge-callchains \
	-i "$tmp/feat.data" -o "$tmp/inj.data") 2>"$tmp/inj.err"
echo "exit $?" >>"$tmp/inj.err"
check "an output whose header cannot be written: perf inject says why and fails" \
	"$tmp/inj.err" <<'EXPECTED'
failed to write perf data header, error: File too large
exit 229
EXPECTED

# A file of a perf newer than this one, with a feature this one does not
# know: perf inject writes the features it knows and drops that one
"$perf" inject -b -i "$tmp/feat.data" -o "$tmp/inj.data" 2>"$tmp/inj.err"
echo "exit $?" >>"$tmp/inj.err"
"$perf" report --header-only -i "$tmp/inj.data" 2>&1 | grep '^# hostname' >>"$tmp/inj.err"
check "a feature of a newer perf: perf inject -b drops it and keeps the others" \
	"$tmp/inj.err" <<'EXPECTED'
exit 0
# hostname : gen-perf-data
EXPECTED

python3 "$gen" huge-stack "$tmp/huge.data"
"$perf" inject --merge-callchains -i "$tmp/huge.data" -o "$tmp/inj.data" 2>"$tmp/inj.err"
echo "exit $?" >>"$tmp/inj.err"
check "a sample too large with its user part: written without it, with a warning" \
	"$tmp/inj.err" <<'EXPECTED'
1 samples were written without their user callchain: with it, they would not fit in a record.
exit 0
EXPECTED
script "$tmp/inj.data" >"$tmp/got"
check "a sample too large with its user part: its kernel part, the next sample whole" \
	"$tmp/got" <<'EXPECTED'
4242 0.000002000: ffffffff81000100 ffffffff81000200
4242 0.000002200: ffffffff81000100 ffffffff81000200 401136 401152 401170
EXPECTED

# The samples of the JSON output, deferred and in place, and what -v says
# of the callchains (a stitched chain must not carry the deferred marker
# as its user context). Scenarios whose samples come out in time order.
for s in basic user-mode; do
	for f in "$s" "$s.in-place"; do
		"$perf" data convert -v --to-json "$tmp/$f.json" -i "$tmp/$f.data" \
			>"$tmp/$f.conv" 2>&1
		{ sed -n '/"samples": \[/,$p' "$tmp/$f.json"
		  grep 'callchain' "$tmp/$f.conv"; } >"$tmp/$f.got"
	done
	check "$s: perf data convert --to-json, as in place" "$tmp/$s.got" <"$tmp/$s.in-place.got"
done

# The raw bytes of the samples in FILE, from perf report -D, in order,
# then their number
sample_bytes() {
	"$perf" report -D -i "$1" 2>/dev/null |
		awk '/raw event: size/ { keep = 0; next }
		     /^\.  0000:  09 00 00 00/ { keep = 1; n++; print "sample" }
		     keep && /^\.  [0-9a-f][0-9a-f][0-9a-f][0-9a-f]:/ { print; next }
		     { keep = 0 }
		     END { print n + 0 " samples" }'
}
# The branch stacks and their counters of the samples perf report -D
# shows, then their number
branch_lines() {
	"$perf" report -D -i "$1" 2>&1 |
		awk '/^\.\.\. branch stack:/ { keep = 1; n++ } /^ \.\.\. thread:/ { keep = 0 } keep
		     END { print n + 0 " branch stacks" }'
}
# The threads scenario has 7 samples: the in-place twin's lines, with
# that number, are what perf must show
python3 "$gen" --branches threads "$tmp/br.data"
python3 "$gen" --branches --in-place threads "$tmp/br.in-place.data"
"$perf" inject --merge-callchains -i "$tmp/br.data" -o "$tmp/inj.data" 2>"$tmp/err"
{ sample_bytes "$tmp/br.in-place.data" | sed '$d'; echo "7 samples"; } >"$tmp/expect"
sample_bytes "$tmp/inj.data" >"$tmp/got"
check "-j any,counter: inject --merge-callchains writes the samples as in place" \
	"$tmp/got" <"$tmp/expect"
{ branch_lines "$tmp/br.in-place.data" | sed '$d'; echo "7 branch stacks"; } >"$tmp/expect"
branch_lines "$tmp/br.data" >"$tmp/got"
check "-j any,counter: perf report -D shows the branch stacks and counters as in place" \
	"$tmp/got" <"$tmp/expect"
