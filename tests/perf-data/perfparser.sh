#!/usr/bin/env bash
# usage: PERF=build/perf/perf [PERFPARSER=...] tests/perf-data/perfparser.sh
# hotspot's perfparser (scripts/get-perfparser.sh), a reader that knows
# nothing of deferred callchains: on a deferred file it loses the user
# frames, and after perf inject --merge-callchains it reads every user
# frame of the in-place twin, without complaint. Its output is a binary
# stream: a frame is there when its address is (a big-endian u64). TAP.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
pp=${PERFPARSER:-$here/../../build/perfparser/hotspot-perfparser}
gen=$here/gen-perf-data.py
. "$here/tap.bash"

echo "1..3"
if [ ! -x "$pp" ]; then
	for i in 1 2 3; do echo "not ok $i no perfparser (scripts/get-perfparser.sh)"; done
	exit 0
fi

# frames FILE: how often each user frame of the threads scenario is in
# perfparser's output for FILE, and what it said about callchains
frames() {
	"$pp" --input "$1" --output "$tmp/pp.out" 2>"$tmp/pp.err" >/dev/null
	python3 - "$tmp/pp.out" <<'EOF'
import struct, sys
data = open(sys.argv[1], "rb").read()
ips = [0x401136, 0x401152, 0x401170, 0x402200, 0x402210, 0x7f0000001000,
       0x7f0000002000, 0x403300, 0x404400, 0x404410, 0x404420]
print(" ".join("%x:%d" % (ip, data.count(struct.pack(">Q", ip))) for ip in ips))
EOF
	grep -c 'invalid callchain context\|unhandled event type 22' "$tmp/pp.err"
}

python3 "$gen" threads "$tmp/defer.data"
python3 "$gen" --in-place threads "$tmp/in-place.data"
frames "$tmp/in-place.data" >"$tmp/in-place.txt"
check "perfparser reads every user frame of the in-place twin" "$tmp/in-place.txt" <<'EXPECTED'
401136:1 401152:1 401170:2 402200:1 402210:1 7f0000001000:1 7f0000002000:1 403300:1 404400:1 404410:1 404420:1
0
EXPECTED
frames "$tmp/defer.data" >"$tmp/got"
check "perfparser on the deferred file: user frames lost, 13 complaints" "$tmp/got" <<'EXPECTED'
401136:0 401152:0 401170:0 402200:0 402210:0 7f0000001000:0 7f0000002000:0 403300:0 404400:1 404410:0 404420:0
13
EXPECTED
"$perf" inject --merge-callchains -i "$tmp/defer.data" -o "$tmp/inj.data" 2>"$tmp/err"
frames "$tmp/inj.data" >"$tmp/got"
check "perfparser after perf inject --merge-callchains: as in place" "$tmp/got" <"$tmp/in-place.txt"
