#!/usr/bin/env bash
# usage: scripts/test-upstream.sh
# The upstream queue (upstream/, fixes against mainline 7.2), tested in
# build/upstream: applies the queue to Debian's
# linux-source-7.2 (scripts/prepare-upstream-tree.sh), builds its debug
# kernel (tinyconfig + configs/qemu.config + configs/debug.config, no
# configs/series.config) and the queue's perf_events kselftests against
# its headers, and the queue's perf (build/upstream/perf) beside
# mainline's (scripts/build-mainline-perf.sh); runs on the host the
# queue's perf tests of deferred callchain records and of their
# stitching, and its perf shell tests that need no kernel support with
# each perf, and the fuzz regression inputs of its base perf fixes with
# each perf built with ASan (the leaks with LeakSanitizer on), and the
# perf.data tests that show two of them with each perf; and in the
# guest, on that
# kernel and on Debian's stock 7.2.13 cloud-amd64 kernel (sid), the
# deferred callchain kselftests, 64- and 32-bit, and the deferred
# callchain perf shell tests with each perf (guest/upstream-tests.sh),
# then, booted with nohz_full=1, the kselftests' context_tracking case
# (guest/nohz-full.sh). Writes host*.tap, queue*.tap and stock*.tap
# there and the lines whose results differ between the two kernels. Not
# a step of the test command (docs/editing.md, "The upstream queue").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/prepare-upstream-tree.sh"
out=$BUILD/upstream
export LINUX=$out/linux
kver=7.2.13+deb14-cloud-amd64
"$TOP/scripts/fetch-suite.sh" sid "$BUILD/sid" "linux-binary-$kver" >/dev/null
stock=$BUILD/sid/binary/usr/lib/modules/$kver/vmlinuz
[ -f "$stock" ] || dpkg-deb -x "$BUILD/sid/linux-binary-${kver}_"*.deb "$BUILD/sid/binary"

"$TOP/scripts/build-kernel.sh" -u -o "$out/kernel-debug" debug
"$TOP/scripts/build-selftests.sh" -o "$out/selftests" -k "$out/kernel-debug"
"$TOP/scripts/build-mainline-perf.sh"
"$TOP/scripts/build-perf.sh" -o "$out/perf" NO_RUST=1
"$TOP/scripts/build-perf.sh" -o "$out/perf-asan" NO_RUST=1 \
	EXTRA_CFLAGS="-fsanitize=address -fno-omit-frame-pointer"
# bash: the queue's perf shell tests are bash scripts, run as perf test
# runs them, by their #! line (guest/perf-shell-tap.sh).
KBUILD_DIR=$out/kernel-debug SELFTESTS=$out/selftests PERF=$out/perf/perf \
	MAINLINE_PERF=$BUILD/mainline/perf/perf INITRAMFS=$out/initramfs.cpio \
	HOST_PACKAGES=bash "$TOP/scripts/build-initramfs.sh"

say "perf tests on the host"
mkdir -p "$out/bin"
ln -sf "$out/perf/perf" "$out/bin/perf"
PATH=$out/bin:$PATH "$TOP/guest/perf-test-tap.sh" "Deferred callchain record parsing" \
	"Deferred callchain stitching" "Deferred callchain stitching in time order" >"$out/host.tap" 2>&1 || true
for p in queue stock; do
	perf=$out/perf/perf
	[ $p = stock ] && perf=$BUILD/mainline/perf/perf
	"$TOP/guest/perf-shell-tap.sh" "$perf" \
		"$LINUX/tools/perf/tests/shell/record_callchain_fp_option.sh" \
		"$LINUX/tools/perf/tests/shell/top_trace_deferred_callchain.sh" \
		"$LINUX/tools/perf/tests/shell/inject_write_error.sh" \
		"$LINUX/tools/perf/tests/shell/inject_unknown_feature.sh" >"$out/host-$p.tap"
done

# The fuzz regression inputs of the queue's base perf fixes, read by
# each perf built with ASan; upstream-expect/ has the queue's messages
# where they differ from the 6.12 series'.
for p in queue stock; do
	perf=$out/perf-asan/perf
	[ $p = stock ] && perf=$BUILD/mainline/perf-asan/perf
	ASAN_OPTIONS=$PERF_ASAN_OPTIONS \
		PERF=$perf EXPECT_DIR=$TOP/tests/perf-data/regressions/upstream-expect \
		"$TOP/tests/perf-data/regressions.sh" 009-event2id-no-id-pos 010-data-past-eof \
		012-record-past-data-end 013-auxtrace-size-hang 014-record-past-data-sigbus \
		015-fork-own-parent 023-sample-last-fields-short \
		025-branch-callstack-no-branch-stack 044-branch-counters-two-events-pipe \
		046-swap-raw-size-big-endian-file >"$out/host-regressions-$p.tap" 2>&1 || true
	# The leaks, which only LeakSanitizer shows (045 has its output
	# checked here too)
	ASAN_OPTIONS=${PERF_ASAN_OPTIONS/detect_leaks=0/detect_leaks=1} \
		PERF=$perf EXPECT_DIR=$TOP/tests/perf-data/regressions/upstream-expect \
		"$TOP/tests/perf-data/regressions.sh" 030-fork-twice-no-parent-maps \
		045-event-update-before-attr-pipe >"$out/host-leaks-$p.tap" 2>&1 || true
done
# The perf.data tests that show base perf fixes: "-j any,counter: perf
# report -D" (branch counters without PMU caps), "big-endian pipe" (the
# u32 pairs of cross-endian pipes); their other failures are this
# series' own features.
for p in queue stock; do
	perf=$out/perf/perf
	[ $p = stock ] && perf=$BUILD/mainline/perf/perf
	for t in inject-modes stitch-callchains; do
		PERF=$perf "$TOP/tests/perf-data/$t.sh" >"$out/host-perf-data-$p-$t.tap" 2>&1 || true
	done
done

# NAME IMAGE TIMEOUT CMDLINE: boots IMAGE, its log in guest-NAME.log and
# its results in NAME.tap
boot()
{
	say "booting $2 with \"$4\" (guest log: $out/guest-$1.log)"
	INITRAMFS=$out/initramfs.cpio "$TOP/scripts/run-guest.sh" -s -k "$2" -t "$3" \
		-a "$4" "$out/guest-$1.log" || true
	"$TOP/scripts/check-guest-log.py" --no-kunit "$out/guest-$1.log" \
		>"$out/$1.tap" || true
}

for k in queue stock; do
	image=$out/kernel-debug/arch/x86/boot/bzImage
	[ $k = stock ] && image=$stock
	boot $k "$image" 1500 "dcp.run=/guest/upstream-tests.sh"
	boot $k-nohz-full "$image" 300 "nohz_full=1 dcp.run=/guest/nohz-full.sh"
done

# The cases whose results differ, in the queue kernel's order
awk 'function res(l) { return l ~ /^not ok/ ? "FAIL" : l ~ /# *SKIP/ ? "skip" : "ok" }
     function name(l) { sub(/^(not )?ok [0-9]+ /, "", l); sub(/ *#.*/, "", l); return l }
     NR == FNR { if (/^(not )?ok /) stock[name($0)] = res($0); next }
     /^(not )?ok / && res($0) != stock[name($0)] {
	printf "%s: queue %s, stock 7.2.13 %s\n", name($0), res($0),
		name($0) in stock ? stock[name($0)] : "-" }' \
	<(cat "$out/stock.tap" "$out/stock-nohz-full.tap") \
	<(cat "$out/queue.tap" "$out/queue-nohz-full.tap") >"$out/differ.txt"
cat "$out/differ.txt"
"$TOP/scripts/tap-summary.py" "$out"/host*.tap "$out"/queue*.tap "$out"/stock*.tap || true
