#!/usr/bin/env bash
# usage: scripts/test.sh
# The test command: installs what is missing, prepares build/linux from
# the base and patches/series, runs the host-side tests and checkpatch,
# builds the debug kernel and perf, reads generated perf.data files with
# that perf, builds the kselftests and the initramfs, boots the guest to
# run KUnit, kselftests and perf test, builds what the series touches with
# Debian's configurations and i386's, reads the perf.data files again
# with perf built with AddressSanitizer, fuzzes perf.data reading with
# 10^5 inputs of a fixed seed (tests/fuzz/fuzz-short.sh), and ends with
# "N passed, N failed, N skipped". Exits non-zero if anything failed.
# TEST_INJECT=warn|fail makes the guest trigger a kernel WARN or run a
# failing test, to show that the run turns red.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/install-deps.sh"
"$TOP/scripts/prepare-tree.sh"
say "base: $(cat "$BUILD/base-version")"

results=$BUILD/results
rm -rf "$results"
mkdir -p "$results"
times=$results/times.txt

# step NAME COMMAND...: runs a step, timing it; a failed step becomes a
# failed TAP result instead of ending the run.
step() {
	local name=$1 start=$SECONDS
	shift
	if "$@"; then
		echo "$name $((SECONDS - start))s" >>"$times"
		return 0
	fi
	echo "$name $((SECONDS - start))s FAILED" >>"$times"
	printf '1..1\nnot ok 1 %s\n' "$name" >"$results/step-$name.tap"
	return 1
}

say "host-side tests"
for t in "$TOP"/tests/host/*.sh; do
	name=${t##*/}
	"$t" >"$results/host-${name%.sh}.tap" || true
done
"$TOP/scripts/checkpatch-series.sh" >"$results/checkpatch.tap" 2>"$results/checkpatch.log" || true

# perf.data files from tests/perf-data/gen-perf-data.py, read by the
# patched perf on the host. Their failures are in their TAP files.
# perf_data_tests [asan]: with the perf built with AddressSanitizer.
perf_data_tests() {
	local perf=$BUILD/perf/perf prefix=perf-data
	if [ "${1:-}" = asan ]; then
		perf=$BUILD/perf-asan/perf prefix=perf-data-asan
		export ASAN_OPTIONS=$PERF_ASAN_OPTIONS
	fi
	say "perf.data tests ($perf)"
	for t in "$TOP"/tests/perf-data/*.sh; do
		name=${t##*/}
		PERF=$perf "$t" >"$results/$prefix-${name%.sh}.tap" || true
	done
	unset ASAN_OPTIONS
}

step get-perfparser "$TOP/scripts/get-perfparser.sh"
# samply, perfparser 1.6 and perf 6.12 of sid and trixie for tests/readers
step get-readers "$TOP/scripts/get-readers.sh" >/dev/null
if step build-kernel "$TOP/scripts/build-kernel.sh" debug &&
   step build-perf "$TOP/scripts/build-perf.sh" && perf_data_tests &&
   step build-selftests "$TOP/scripts/build-selftests.sh" &&
   step build-check-package "$TOP/scripts/package-check.sh" "$BUILD/check-package" \
	"$(cut -d' ' -f1 "$BUILD/base-version")-0+test" "$BUILD/selftests" &&
   step build-initramfs env CHECK_DEB="$(echo "$BUILD"/check-package/*.deb)" \
	"$TOP/scripts/build-initramfs.sh"; then
	say "booting the debug kernel in QEMU (guest log: $results/guest.log)"
	step guest "$TOP/scripts/run-guest.sh" -k debug -t "${GUEST_TIMEOUT:-1200}" \
		-a "dcp.run=tests ${TEST_INJECT:+dcp.inject=$TEST_INJECT}" \
		-o "$results/guest-files.txt" "$results/guest.log" || true
	"$TOP/scripts/check-guest-log.py" "$results/guest.log" \
		>"$results/guest.tap" 2>"$results/guest-failures.txt" || true
	# Other readers on the guest's perf record -g files
	"$TOP/scripts/guest-files.py" "$results/guest-files.txt" "$results/readers" \
		>/dev/null || true
	"$TOP/tests/readers/readers.sh" "$results/readers" >"$results/readers.tap" || true
	# A CPU with user context tracking changes the way out to user
	# space: a second, short boot (KUnit is checked in the first).
	say "booting it with nohz_full=1 (guest log: $results/guest-nohz-full.log)"
	step guest-nohz-full "$TOP/scripts/run-guest.sh" -k debug -t 300 \
		-a "nohz_full=1 dcp.run=/guest/nohz-full.sh" \
		"$results/guest-nohz-full.log" || true
	"$TOP/scripts/check-guest-log.py" --no-kunit "$results/guest-nohz-full.log" \
		>"$results/guest-nohz-full.tap" 2>>"$results/guest-failures.txt" || true
fi

# The series' objects and their users with Debian's own configurations,
# and with i386 where the feature is off (about 40 s each, cold).
for flavour in amd64 cloud-amd64 rt-amd64 i386; do
	if step "debian-config-$flavour" "$TOP/scripts/build-debian-configs.sh" \
		"$flavour" 2>"$results/debian-config-$flavour.log"; then
		printf '1..1\nok 1 builds with the %s configuration\n' "$flavour" \
			>"$results/debian-config-$flavour.tap"
	fi
done

# Malformed and cut perf.data must not make perf read out of bounds.
step build-perf-asan "$TOP/scripts/build-perf.sh" -o "$BUILD/perf-asan" \
	EXTRA_CFLAGS="-fsanitize=address -fno-omit-frame-pointer" &&
	perf_data_tests asan

# perf built with clang, ASan and UBSan: the fuzzer's regression inputs,
# with perf and with the fuzz harness (leaks, huge allocations), then
# 10^5 inputs of libFuzzer in each mode (fixed seed, about a minute each)
# on perf.data reading and stitching.
if step build-perf-fuzz "$TOP/scripts/build-perf-fuzz.sh"; then
	ASAN_OPTIONS=$PERF_ASAN_OPTIONS \
	UBSAN_OPTIONS=abort_on_error=1:print_stacktrace=1 \
	PERF=$BUILD/perf-fuzz/perf "$TOP/tests/perf-data/regressions.sh" \
		>"$results/perf-data-ubsan-regressions.tap" || true
	"$TOP/tests/fuzz/regressions.sh" >"$results/fuzz-regressions.tap" || true
	say "fuzzing perf.data reading: ${FUZZ_RUNS:-100000} inputs per mode, seed ${FUZZ_SEED:-1}"
	"$TOP/tests/fuzz/fuzz-short.sh" >"$results/fuzz-short.tap" || true
	FUZZ_MODE=files "$TOP/tests/fuzz/fuzz-short.sh" \
		>"$results/fuzz-short-files.tap" || true
fi

say "step times: $(tr '\n' ' ' <"$times")"
say "initramfs: $(du -h "$BUILD/initramfs.cpio" 2>/dev/null | cut -f1)"
if [ -s "$results/checkpatch.log" ]; then
	echo "--- checkpatch ($results/checkpatch.log):"
	head -40 "$results/checkpatch.log"
fi
if [ -s "$results/guest-failures.txt" ]; then
	echo "--- guest failures ($results/guest-failures.txt):"
	head -60 "$results/guest-failures.txt"
fi
exec "$TOP/scripts/tap-summary.py" "$results"/*.tap
