#!/bin/sh
# usage: measure-record.sh DEPTH SECONDS BYTES
# Runs deepstack DEPTH SECONDS BYTES unrecorded, under perf record -g
# (deferred user callchains: defer.data) and under perf record
# --call-graph fp,nodefer (inplace.data), in the current directory, and
# prints one line of key=value numbers: read() calls of each run, samples,
# deferred records, distinct cookies of the samples (kernel entries with
# samples), samples stitched and without user part, perf.data bytes.
depth=$1 secs=$2 bytes=$3
rec() {	# rec FILE CALLGRAPH: the workload's read() calls under perf record
	perf record -q --call-graph "$2" -e cpu-clock -F 2000 -o "$1" -- \
		deepstack "$depth" "$secs" "$bytes"
}
stats() {	# stats FILE: samples, records, stitched, without user part
	perf report -i "$1" --stats 2>/dev/null | awk '
		/^ *SAMPLE events:/ && !s { s = $3 }
		/^ *CALLCHAIN_DEFERRED events:/ && !r { r = $3 }
		/samples stitched to a deferred callchain:/ { st = $NF }
		/samples without their deferred callchain:/ { wo = $NF }
		END { print s + 0, r + 0, st + 0, wo + 0 }'
}

plain=$(deepstack "$depth" "$secs" "$bytes") || exit 1
d_calls=$(rec defer.data fp) || exit 1
i_calls=$(rec inplace.data fp,nodefer) || exit 1
cookies=$(perf script -i defer.data --no-merge-callchains -F tid,ip 2>/dev/null |
	grep -o 'deferred \[cookie: [0-9a-f]*' | sort -u | wc -l)
set -- $(stats defer.data)
echo "depth=$depth bytes=$bytes calls_plain=$plain" \
     "d_calls=$d_calls d_samples=$1 d_records=$2 d_cookies=$cookies" \
     "d_stitched=$3 d_lost=$4 d_bytes=$(wc -c <defer.data)" \
     "i_calls=$i_calls i_samples=$(stats inplace.data | cut -d' ' -f1)" \
     "i_bytes=$(wc -c <inplace.data)"
