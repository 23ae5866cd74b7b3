#!/bin/sh
# The main job in the guest: perf record -g of deepstack (a deep user
# stack that sits in read() most of the time) with deferred user
# callchains, a few stitched stacks and the top of the call graph, and
# the same recording with deferral off, the numbers side by side.
# dcp.demo=DEPTH,SECONDS,BYTES on the kernel command line changes the
# workload (guest/init passes it as $DEMO).
cd /tmp || exit 1
set -- ${DEMO:-48 2 8388608}
echo "### BEGIN demo"
echo "workload: deepstack: $1 frames deep, read()s $3 bytes of /dev/zero, $2 s;"
echo "recorded with perf record -g (deferred) and --call-graph fp,nodefer (in place)"
numbers=$(/guest/measure-record.sh "$1" "$2" "$3") || {
	echo "### END demo rc=1"
	exit 1
}

echo
echo "==> perf script, deferred run: two samples in read() (runs of stack_level"
echo "    folded; read_loop is not there: libc's read() has no frame of its own)"
perf script -i defer.data -F comm,tid,time,ip,sym 2>/dev/null | awk '
	/^$/ { if (k && u && shown < 2) { printf "%s", s; if (rep) print "\t\t... stack_level x " rep; print ""; shown++ }
	       s = ""; k = u = 0; rep = 0; next }
	$1 ~ /^ffff/ { k = 1 }
	$2 == "stack_level" { u = 1 }
	$2 == "stack_level" && last == "stack_level" { rep++; next }
	{ if (rep) { s = s "\t\t... stack_level x " rep "\n"; rep = 0 }
	  s = s $0 "\n"; last = $2 }'

echo "==> perf report --stdio --no-children, deferred run (top, 16 frames)"
perf report -i defer.data --stdio --no-children --max-stack 16 \
	--percent-limit 10 2>/dev/null | grep -v '^#' | grep -v '^$' | head -30

echo
echo "==> numbers for this run (one boot, same workload)"
echo "$numbers" | tr ' ' '\n' | awk -F= '{ v[$1] = $2 }
	function row(name, a, b) { printf "  %-38s %12s %12s\n", name, a, b }
	function ratio(a, b) { return b ? sprintf("%.2f", a / b) : "-" }
	END {
		row("", "deferred", "in place")
		row("samples", v["d_samples"], v["i_samples"])
		row("user stack walks", v["d_records"], v["i_samples"])
		row("kernel entries with samples", v["d_cookies"], "")
		row("user stack walks per kernel entry", ratio(v["d_records"], v["d_cookies"]),
		    ratio(v["d_samples"], v["d_cookies"]) " (est.)")
		row("samples stitched / without user part",
		    v["d_stitched"] " / " v["d_lost"], "")
		row("perf.data bytes", v["d_bytes"], v["i_bytes"])
		row("perf.data bytes per sample", ratio(v["d_bytes"], v["d_samples"]),
		    ratio(v["i_bytes"], v["i_samples"]))
		row("read() calls (unrecorded: " v["calls_plain"] ")", v["d_calls"], v["i_calls"])
		row("throughput vs unrecorded", ratio(v["d_calls"], v["calls_plain"]),
		    ratio(v["i_calls"], v["calls_plain"]))
		printf "  bytes per sample, deferred / in place: %s\n",
		    ratio(v["d_bytes"] / v["d_samples"], v["i_bytes"] / v["i_samples"])
	}'
echo "### END demo rc=0"
