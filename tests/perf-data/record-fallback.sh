#!/usr/bin/env bash
# usage: PERF=build/perf/perf tests/perf-data/record-fallback.sh
# On this host's kernel, which has no deferred user callchains, perf
# record -g of perf's leafloop workload must switch deferral off (-vv says
# so), write attrs without the two bits, and record the user part in
# place: perf script shows leaf() and parent() in the samples' stacks.
# An explicit defer request with a non-fp mode is an error. perf inject,
# with and without --merge-callchains, keeps the build-id table of the
# recording (perf record -g merges with it). TAP output.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
. "$here/tap.bash"

echo "1..6"
"$perf" record -vv -o "$tmp/perf.data" -e cpu-clock -g -- \
	"$perf" test -w leafloop 1 >"$tmp/record.out" 2>&1 ||
	{ fail "perf record -g" "$tmp/record.out"; exit 0; }
grep -q 'defer_callchain  *1' "$tmp/record.out" ||
	{ fail "perf record -g asks for deferred user callchains" "$tmp/record.out"; exit 0; }
if ! grep -q 'switching off deferred callchain support' "$tmp/record.out"; then
	echo "# this kernel has deferred user callchains"
	for i in 1 2 3 4 5 6; do echo "ok $i # SKIP kernel with deferred callchains"; done
	exit 0
fi
ok "perf record -g on a kernel without deferral: switched off (-vv)"

"$perf" evlist -v -i "$tmp/perf.data" >"$tmp/evlist.txt" 2>&1
if grep -q 'sample_type: .*CALLCHAIN' "$tmp/evlist.txt" &&
   ! grep -q 'defer_' "$tmp/evlist.txt"; then
	ok "attrs in the file: callchains, no defer bits"
else
	fail "attrs in the file: callchains, no defer bits" "$tmp/evlist.txt"
fi

"$perf" script -i "$tmp/perf.data" -F ip,sym >"$tmp/script.txt" 2>/dev/null
stacks=$(awk '/^$/ { if (l && p) n++; l = p = 0; next }
	      $2 == "leaf" { l = 1 } $2 == "parent" && l { p = 1 }
	      END { print n + 0 }' "$tmp/script.txt")
if [ "$stacks" -gt 0 ]; then
	ok "perf script: $stacks samples with leaf and parent in place"
else
	fail "perf script: samples with leaf and parent in place" "$tmp/script.txt"
fi

if "$perf" record -o "$tmp/dwarf.data" --call-graph dwarf,defer -- true \
	>"$tmp/dwarf.out" 2>&1; then
	fail "dwarf,defer accepted" "$tmp/dwarf.out"
elif grep -q 'defer and nodefer need --call-graph fp' "$tmp/dwarf.out"; then
	ok "dwarf,defer: an error that says fp is needed"
else
	fail "dwarf,defer: no clear error" "$tmp/dwarf.out"
fi

"$perf" buildid-list -i "$tmp/perf.data" >"$tmp/buildids" 2>&1
for opt in "" --merge-callchains; do
	"$perf" inject $opt -i "$tmp/perf.data" -o "$tmp/inj.data" 2>"$tmp/err"
	"$perf" buildid-list -i "$tmp/inj.data" >"$tmp/got" 2>&1
	check "perf inject${opt:+ $opt}: the build-id table of the recording" "$tmp/got" <"$tmp/buildids"
done
