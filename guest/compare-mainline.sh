#!/bin/sh
# The guest side of scripts/compare-mainline.sh, on this series' kernel
# or on Debian's mainline 7.2 kernel: the deferred kselftests, 64- and
# 32-bit, as suites; the record side benchmark (bench-record.sh) with
# this kernel's own perf, which defers with -g here and with --call-graph
# fp,defer on 7.2 (/usr/bin/perf-mainline); then each perf reads a
# deferred recording of the other one.
. /guest/suite.sh

case $(uname -r) in
7.2.*) own=perf-mainline other=perf DEFER_CG=fp,defer INPLACE_CG=fp ;;
*) own=perf other=perf-mainline DEFER_CG=fp INPLACE_CG=fp,nodefer ;;
esac
export DEFER_CG INPLACE_CG
echo "### kernel $(uname -r), $own records"
for t in deferred_callchain deferred_callchain_32; do
	suite "kselftest.perf_events.$t" "/opt/selftests/perf_events/$t"
done

PERF=$own BENCH_DEPTHS="8 64" /guest/bench-record.sh

# samples KIND PERF FILE: samples of deepstack, and those with its main()
# in their callchain, as PERF reads FILE
samples() {
	"$2" script -i "$3" -F comm,ip,sym 2>/dev/null | awk -v k="$1" -v p="$2" '
		/^ *deepstack *$/ { n++; next }
		$NF == "main" && !m[n]++ { u++ }
		END { printf "### cross recorder=%s reader=%s samples=%d with_main=%d\n", k, p, n, u }'
}
cd /tmp || exit 1
"$own" record -q --call-graph "$DEFER_CG" -e cpu-clock -F 2000 -o cross.data -- \
	deepstack 16 2 65536 >/dev/null
samples "$own" "$own" cross.data
samples "$own" "$other" cross.data
