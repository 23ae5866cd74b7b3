#!/usr/bin/env bash
# usage: PERF=build/perf/perf [LINUX=build/linux] tests/perf-data/python-scripting.sh
# perf's Python scripting sees stitched chains: perf script -s with a
# script that prints sample["callchain"], and perf's own stackcollapse
# and flamegraph (JSON) reports, give on a deferred file exactly what they
# give on its in-place twin. TAP output.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:-$here/../../build/perf/perf}
linux=${LINUX:-$here/../../build/linux}
gen=$here/gen-perf-data.py
. "$here/tap.bash"
# perf's Python scripts import their helpers from the exec path
export PERF_EXEC_PATH=$linux/tools/perf
scripts=$PERF_EXEC_PATH/scripts/python

echo "1..6"
if ! "$perf" version --build-options | grep -q 'libpython: \[ on'; then
	for i in 1 2 3 4 5 6; do echo "not ok $i perf is built without libpython"; done
	exit 0
fi

# twin NAME SCENARIO COMMAND...: COMMAND (with FILE for the perf.data
# file) on the deferred file and on its in-place twin, outputs compared
twin() {
	local name=$1 s=$2
	shift 2
	python3 "$gen" "$s" "$tmp/defer.data"
	python3 "$gen" --in-place "$s" "$tmp/in-place.data"
	for f in defer in-place; do
		"${@//FILE/$tmp/$f.data}" >"$tmp/$f.out" 2>"$tmp/err"
		[ -s "$tmp/$f.out" ] || cp "$tmp/err" "$tmp/$f.out"
	done
	check "$name" "$tmp/defer.out" <"$tmp/in-place.out"
}

for s in threads lost user-mode; do
	twin "$s: perf script -s, sample[\"callchain\"] as in place" "$s" \
		"$perf" script -s "$here/scripts/callchains.py" -i FILE
done
twin "threads: perf script -s stackcollapse.py, as in place" threads \
	"$perf" script -s "$scripts/stackcollapse.py" -i FILE
twin "lost: perf script -s stackcollapse.py, as in place" lost \
	"$perf" script -s "$scripts/stackcollapse.py" -i FILE

python3 "$gen" threads "$tmp/defer.data"
python3 "$gen" --in-place threads "$tmp/in-place.data"
for f in defer in-place; do
	"$perf" script -s "$scripts/flamegraph.py" -i "$tmp/$f.data" -- \
		-f json -o "$tmp/$f.json" >/dev/null 2>"$tmp/err"
done
[ -s "$tmp/in-place.json" ] || echo "(no JSON written)" >"$tmp/in-place.json"
check "threads: flamegraph.py -f json, as in place" "$tmp/defer.json" <"$tmp/in-place.json"
