#!/usr/bin/env bash
# usage: tests/fuzz/regressions.sh
# Runs the fuzz harness (build/perf-fuzz/perf-data-fuzz, FUZZER=BINARY for
# another build) once on every input of tests/perf-data/regressions/, as
# TAP: it reads the file as perf script does and deletes the session,
# with clang's ASan and UBSan, LeakSanitizer on and libFuzzer's 2 GB
# malloc limit. This is what checks the leaks (021, 030) and the huge
# allocations (026, 028, 029), which perf itself does not report.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fuzzer=${FUZZER:-$here/../../build/perf-fuzz/perf-data-fuzz}
. "$here/../perf-data/tap.bash"

files=("$here"/../perf-data/regressions/*.data)
echo "1..${#files[@]}"
for f in "${files[@]}"; do
	name=${f##*/}
	ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:allocator_may_return_null=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		timeout 120 "$fuzzer" -timeout=60 -rss_limit_mb=2048 \
		-malloc_limit_mb=2048 "$f" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ]; then
		ok "$name: read by the fuzz harness without an error or a leak"
	else
		grep -aE -A12 '^==[0-9]+== ?ERROR|runtime error|out-of-memory|Timeout' \
			"$tmp/out" >"$tmp/err" || tail -20 "$tmp/out" >"$tmp/err"
		fail "$name: fuzz harness exit $rc" "$tmp/err"
	fi
done
