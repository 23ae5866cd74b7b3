#!/usr/bin/env bash
# usage: scripts/compare-mainline.sh [ROUNDS]
# This series side by side with mainline 7.2 on the same work; writes
# build/compare-mainline/ (TAP files, guest logs, tables). Not a step of
# the test command (docs/tests.md, "How long the runs take"):
# 1. Kernel: Debian's 7.2.13 cloud-amd64 kernel (sid) and this series'
#    kernels boot in the same guest (QEMU TCG, the test initramfs with
#    mainline's perf 7.2 beside ours) and run guest/compare-mainline.sh:
#    the deferred kselftests, 64- and 32-bit (ours: on the debug kernel
#    of the test command; the release kernel has no BPF, io_uring,
#    cgroups, kprobe events or 32-bit time syscalls); the record side
#    benchmark at 8 and 64 frames, ROUNDS rounds (default 3), mainline's
#    perf on 7.2 and ours on our release kernel, both with --call-graph
#    fp,defer (the records kept), each against its own in place (fp on
#    7.2, fp,nodefer here); each perf reading a
#    deferred recording of the other.
# 2. Tool, on the host: mainline's perf 7.2 (scripts/build-mainline-perf.sh)
#    and ours on tests/perf-data, their AddressSanitizer builds on the
#    fuzz regression inputs, and benchmarks/report-cost.sh with each perf
#    (a run stopped after 120 s says so).
# 3. scripts/mainline-tables.py: the tables of docs/mainline.md, with the
#    reasons of docs/mainline-reasons.tsv, in build/compare-mainline/tables.md.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

rounds=${1:-3}
out=$BUILD/compare-mainline
mkdir -p "$out"
rm -f "$out"/*.tap

kver=7.2.13+deb14-cloud-amd64
"$TOP/scripts/fetch-suite.sh" sid "$BUILD/sid" "linux-binary-$kver" >/dev/null
vmlinuz=$BUILD/sid/binary/usr/lib/modules/$kver/vmlinuz
if [ ! -f "$vmlinuz" ]; then
	dpkg-deb -x "$BUILD/sid/linux-binary-${kver}_"*.deb "$BUILD/sid/binary"
fi
"$TOP/scripts/build-mainline-perf.sh"
mainline=$BUILD/mainline/perf/perf
"$TOP/scripts/build-kernel.sh" release
"$TOP/scripts/build-kernel.sh" debug
"$TOP/scripts/build-perf.sh"
"$TOP/scripts/build-selftests.sh"
MAINLINE_PERF=$mainline INITRAMFS=$out/initramfs.cpio "$TOP/scripts/build-initramfs.sh"
perf_of() {	# perf_of series|mainline: that perf's binary
	if [ "$1" = mainline ]; then echo "$mainline"; else echo "$BUILD/perf/perf"; fi
}

# boot NAME KERNEL PARTS TIMEOUT: guest/compare-mainline.sh's PARTS on
# KERNEL, its log and results in $out/*-NAME.*
boot() {
	local name=$1 image=$2 parts=$3 timeout=$4 log=$out/guest-$1.log
	say "booting $image for $parts (guest log: $log)"
	INITRAMFS=$out/initramfs.cpio "$TOP/scripts/run-guest.sh" -s -k "$image" \
		-t "$timeout" -a "dcp.run=/guest/compare-mainline.sh compare.parts=$parts" \
		-a "dcp.repeat=$rounds" -o "$out/files-$name.txt" "$log" || true
	# The benchmark's section holds no TAP: checked for splats only
	sed -E '/^### (BEGIN|END) bench( rc=[0-9]+)?$/d' "$log" >"$out/guest-$name.checked.log"
	"$TOP/scripts/check-guest-log.py" --no-kunit "$out/guest-$name.checked.log" \
		>"$out/guest-$name.tap" || true
	case $parts in *bench*)
		sed -n '/^### BEGIN bench/,/^### END bench/p' "$log" | grep '^round=' |
			python3 "$TOP/benchmarks/summarize-record.py" >"$out/record-$name.md" || true ;;
	esac
	sed -n 's/^### \(cross recorder=.*\)/\1/p' "$log" >"$out/cross-$name.txt"
	# The cross recording on the host, as each perf shows it: samples
	# per comm, samples before an earlier one (time order), samples with
	# a frame in a user dso, samples whose last frame is in no dso (a
	# cookie shown as a frame, or a user address not mapped at the time
	# of the sample), and where the two differ
	rm -rf "$out/cross-$name"
	: >"$out/cross-host-$name.txt"
	if "$TOP/scripts/guest-files.py" "$out/files-$name.txt" "$out/cross-$name" >/dev/null &&
	   [ -f "$out/cross-$name/cross.data" ]; then
		for p in series mainline; do
			"$(perf_of $p)" script --no-inline -i "$out/cross-$name/cross.data" \
				-F comm,tid,time,event,ip,dso >"$out/cross-$name/script-$p.txt" 2>/dev/null || true
			awk -v p="$p" '
				function done() { if (n) { user += u; unknown += l == "([unknown])" } }
				/cpu-clock: *$/ { done(); n++; u = 0; l = ""
					if (!comm[$1]++) seen[++nc] = $1
					t = $3 + 0; late += t < last; if (t > last) last = t; next }
				/^\t/ { l = $NF; if (l != "([kernel.kallsyms])" && l != "([unknown])") u = 1 }
				END { done(); for (i = 1; i <= nc; i++)
						comms = comms (i > 1 ? "," : "") seen[i] ":" comm[seen[i]]
					printf "reader=%s samples=%d late=%d user=%d unknown=%d comms=%s\n",
						p, n, late, user, unknown, comms }' \
				"$out/cross-$name/script-$p.txt" >>"$out/cross-host-$name.txt"
		done
		diff "$out/cross-$name/script-series.txt" "$out/cross-$name/script-mainline.txt" \
			>"$out/cross-$name/series-vs-mainline.diff" || true
	fi
}
# A benchmark round is 8 measurements of about 10 s under TCG.
boot mainline "$vmlinuz" tests,bench,cross $((900 + rounds * 300))
boot series debug tests 1500
boot series-release release bench,cross $((300 + rounds * 300))

say "perf.data tests with each perf"
for t in "$TOP"/tests/perf-data/*.sh; do
	name=${t##*/}
	PERF=$BUILD/perf/perf "$t" >"$out/perf-data-series-${name%.sh}.tap" 2>&1 || true
	PERF=$mainline "$t" >"$out/perf-data-mainline-${name%.sh}.tap" 2>&1 || true
done
"$TOP/scripts/build-perf.sh" -o "$BUILD/perf-asan" \
	EXTRA_CFLAGS="-fsanitize=address -fno-omit-frame-pointer"
for p in series mainline; do
	perf=$BUILD/perf-asan/perf
	[ $p = mainline ] && perf=$BUILD/mainline/perf-asan/perf
	ASAN_OPTIONS=$PERF_ASAN_OPTIONS \
		PERF=$perf "$TOP/tests/perf-data/regressions.sh" \
		>"$out/perf-data-$p-asan-regressions.tap" 2>&1 || true
done

say "report side cost, each perf"
for p in series mainline; do
	PERF=$(perf_of $p) RUN_TIMEOUT=120 \
		SPECS="${SPECS:-1000,1,4,32 10000,10,4,32 100000,100,4,32 1000000,1000,4,32 1000000,10000,4,32}" \
		"$TOP/benchmarks/report-cost.sh" 3 >"$out/report-cost-$p.txt" 2>&1 || true
done

"$TOP/scripts/mainline-tables.py" "$out" "$TOP/docs/mainline-reasons.tsv" \
	>"$out/tables.md"
say "tables: $out/tables.md"
"$TOP/scripts/tap-summary.py" "$out"/*.tap || true
