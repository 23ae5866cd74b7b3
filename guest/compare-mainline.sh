#!/bin/sh
# The guest side of scripts/compare-mainline.sh, on this series' kernel
# or on Debian's mainline 7.2 kernel. compare.parts= on the kernel
# command line chooses, comma-separated (default all three):
#   tests  the deferred kselftests, 64- and 32-bit, as suites
#   bench  the record side benchmark (bench-record.sh) at 8 and 64
#          frames, with this kernel's own perf and --call-graph
#          fp,defer (the records kept; perf-mainline on 7.2)
#   cross  each perf reads a deferred recording of the kernel's own perf
. /guest/suite.sh

parts=tests,bench,cross
for arg in $(cat /proc/cmdline); do
	case $arg in compare.parts=*) parts=${arg#compare.parts=} ;; esac
done
case $(uname -r) in
7.2.*) own=perf-mainline other=perf DEFER_CG=fp,defer INPLACE_CG=fp ;;
*) own=perf other=perf-mainline DEFER_CG=fp,defer INPLACE_CG=fp,nodefer ;;
esac
export DEFER_CG INPLACE_CG
echo "### kernel $(uname -r), $own records, parts $parts"

case ,$parts, in *,tests,*)
	for t in deferred_callchain deferred_callchain_32; do
		suite "kselftest.perf_events.$t" "/opt/selftests/perf_events/$t"
	done ;;
esac

case ,$parts, in *,bench,*)
	PERF=$own BENCH_DEPTHS="8 64" /guest/bench-record.sh ;;
esac

# samples RECORDER READER FILE: samples of deepstack, and those with its
# main() in their callchain, as READER reads FILE. --no-inline: perf 7.2
# looks up inline frames with addr2line, which the guest does not have,
# and is then killed by SIGPIPE after about 100 samples (exit 141).
samples() {
	"$2" script --no-inline -i "$3" -F comm,ip,sym 2>/dev/null | awk -v k="$1" -v p="$2" '
		/^ *deepstack *$/ { n++; next }
		$NF == "main" && !m[n]++ { u++ }
		END { printf "### cross recorder=%s reader=%s samples=%d with_main=%d\n", k, p, n, u }'
}
case ,$parts, in *,cross,*)
	cd /tmp || exit 1
	"$own" record -q --call-graph "$DEFER_CG" -e cpu-clock -F 2000 -o cross.data -- \
		deepstack 16 2 65536 >/dev/null
	samples "$own" "$own" cross.data
	samples "$own" "$other" cross.data
	# The first samples as each reads them, for the log
	for p in "$own" "$other"; do
		"$p" script --no-inline -i cross.data -F comm,ip,sym 2>&1 | head -30 |
			sed "s/^/### cross-out $p: /"
	done
	# The recording, for the host to compare what each perf shows of it
	/guest/send-files.sh cross.data ;;
esac
