#!/bin/sh
# usage: measure-record.sh DEPTH SECONDS WORKLOAD [defer-first|inplace-first]
# Runs deepstack DEPTH SECONDS WORKLOAD (BYTES of read(), cpu or getppid:
# workloads/deepstack.c) unrecorded, under perf record --call-graph
# fp,defer (deferred user callchains, the records kept: defer.data) and
# under perf record --call-graph fp,nodefer (inplace.data), in the
# current directory, and prints one line of
# key=value numbers: the workload's calls (or units of work) in each run,
# samples, deferred records, distinct cookies of the samples (kernel
# entries with samples), samples with a cookie, samples whose user part
# was taken in place, samples stitched and without user part, perf.data
# bytes. bytes= is the workload (a number for read()s, as before).
# d_nouser= counts the samples with a cookie that no record has, for
# either perf (d_lost= is this series' perf report --stats count),
# d_norecord= those cookies, d_nosample= the records' cookies that no
# sample has. PERF
# (default perf) records and reads, DEFER_CG (default fp,defer) and
# INPLACE_CG (default fp,nodefer) are its --call-graph for the two recordings:
# mainline's perf defers with fp,defer and walks in place with fp.
depth=$1 secs=$2 work=$3 order=${4:-defer-first}
perf=${PERF:-perf}
rec() {	# rec FILE CALLGRAPH: the workload's calls under perf record
	"$perf" record -q --call-graph "$2" -e cpu-clock -F 2000 -o "$1" -- \
		deepstack "$depth" "$secs" "$work"
}
stats() {	# stats FILE: samples, records, stitched, without user part
	"$perf" report -i "$1" --stats 2>/dev/null | awk '
		/^ *SAMPLE events:/ && !s { s = $3 }
		/^ *CALLCHAIN_DEFERRED events:/ && !r { r = $3 }
		/samples stitched to a deferred callchain:/ { st = $NF }
		/samples without their deferred callchain:/ { wo = $NF }
		END { print s + 0, r + 0, st + 0, wo + 0 }'
}

plain=$(deepstack "$depth" "$secs" "$work") || exit 1
if [ "$order" = inplace-first ]; then
	i_calls=$(rec inplace.data "${INPLACE_CG:-fp,nodefer}") || exit 1
	d_calls=$(rec defer.data "${DEFER_CG:-fp,defer}") || exit 1
else
	d_calls=$(rec defer.data "${DEFER_CG:-fp,defer}") || exit 1
	i_calls=$(rec inplace.data "${INPLACE_CG:-fp,nodefer}") || exit 1
fi
# From perf report -D, which both perfs print the same way: a sample whose
# user part is deferred has PERF_CONTEXT_USER_DEFERRED (fffffffffffffd80)
# and its cookie in its chain; a record's line ends with its cookie.
# Distinct cookies, samples with one, samples whose cookie no record has.
set -- $("$perf" report -D -i defer.data 2>/dev/null | awk '
	/ PERF_RECORD_/ { s = $0 ~ /PERF_RECORD_SAMPLE\(/; mark = 0
		if ($0 ~ /PERF_RECORD_CALLCHAIN_DEFERRED\(/) {
			c = $NF; sub(/^0x/, "", c); sub(/^0+/, "", c); rec[c] = 1 }
		next }
	s && /^\.\.\.\.\. +[0-9]+: / {
		if (mark) { c = $3; sub(/^0+/, "", c); n++; k += !seen[c]++; per[c]++ }
		mark = $3 == "fffffffffffffd80" }
	END { for (c in per) if (!(c in rec)) { u += per[c]; uc++ }
	      for (c in rec) if (!(c in per)) o++
	      print k + 0, n + 0, u + 0, uc + 0, o + 0 }')
cookies=$1 cookie_samples=$2 nouser=$3 norecord=$4 nosample=$5
set -- $(stats defer.data)
# A sample taken in user mode has its user part walked in place, even on
# a deferring event: no cookie, no record. The samples without a cookie
# are counted as those: -g on cpu-clock samples only deepstack, which has
# a user part everywhere but at the edges (exec, exit: a handful).
echo "depth=$depth bytes=$work calls_plain=$plain" \
     "d_calls=$d_calls d_samples=$1 d_records=$2 d_cookies=$cookies" \
     "d_cookie_samples=$cookie_samples d_inplace=$(($1 - cookie_samples))" \
     "d_stitched=$3 d_lost=$4 d_nouser=$nouser d_norecord=$norecord" \
     "d_nosample=$nosample d_bytes=$(wc -c <defer.data)" \
     "i_calls=$i_calls i_samples=$(stats inplace.data | cut -d' ' -f1)" \
     "i_bytes=$(wc -c <inplace.data)"
