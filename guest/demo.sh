#!/bin/sh
# The main job in the guest: perf record -g of deepstack (a deep user
# stack) with deferred user callchains and the same recording with
# deferral off, for two workloads at the bottom of that stack: read()
# (most samples in the kernel: their user part deferred) and a CPU-bound
# loop (most samples in user mode: their user part walked in place either
# way). For each, a few stitched stacks, the top of the call graph and the
# numbers side by side. dcp.demo=DEPTH,SECONDS,BYTES on the kernel command
# line changes the first workload (guest/init passes it as $DEMO); the
# CPU-bound one runs as deep and as long.
cd /tmp || exit 1
set -- ${DEMO:-48 2 8388608}
depth=$1 secs=$2 work=$3

describe() {	# describe WORK: what deepstack does with that argument
	case $1 in
	cpu) echo "computes in user space (no system calls)" ;;
	getppid) echo "calls getppid()" ;;
	*) echo "read()s $1 bytes of /dev/zero" ;;
	esac
}
counted() {	# counted WORK: what deepstack counts with that argument
	case $1 in
	cpu) echo "units of work" ;;
	getppid) echo "getppid() calls" ;;
	*) echo "read() calls" ;;
	esac
}
measure() (	# measure DIR WORK: measure-record.sh's line, its files in DIR
	mkdir -p "$1" && cd "$1" && /guest/measure-record.sh "$depth" "$secs" "$2"
)
fail() {
	echo "### END demo rc=1"
	exit 1
}
stacks() {	# stacks FILE N KERNEL: N stacks of FILE with stack_level, with
		# kernel frames (KERNEL=1) or without (0); runs of stack_level folded
	perf script -i "$1" -F comm,tid,time,ip,sym 2>/dev/null | awk -v n="$2" -v kernel="$3" '
	/^$/ { if (k == kernel && u && shown < n) { printf "%s", s; if (rep) print "\t\t... stack_level x " rep; print ""; shown++ }
	       s = ""; k = u = 0; rep = 0; next }
	$1 ~ /^ffff/ { k = 1 }
	$2 == "stack_level" { u = 1 }
	$2 == "stack_level" && last == "stack_level" { rep++; next }
	{ if (rep) { s = s "\t\t... stack_level x " rep "\n"; rep = 0 }
	  s = s $0 "\n"; last = $2 }'
}
report() {	# report FILE: the top of perf report's call graph
	perf report -i "$1" --stdio --no-children --max-stack 16 \
		--percent-limit 10 2>/dev/null | grep -v '^#' | grep -v '^$' | head -30
}
table() {	# table WORK: measure-record.sh's line on stdin, side by side
	tr ' ' '\n' | awk -F= -v counted="$(counted "$1")" '{ v[$1] = $2 }
	function row(name, a, b) { printf "  %-38s %12s %12s\n", name, a, b }
	function ratio(a, b) { return b ? sprintf("%.2f", a / b) : "-" }
	END {
		# a sample taken in user mode is walked in place, deferred or not
		walks = v["d_records"] + v["d_inplace"]
		row("", "deferred", "in place")
		row("samples", v["d_samples"], v["i_samples"])
		row("  with a cookie / walked in place",
		    v["d_cookie_samples"] " / " v["d_inplace"], "")
		row("kernel entries with samples (cookies)", v["d_cookies"], "")
		row("user stack walks (records + in place)", walks, v["i_samples"])
		row("user stack walks per sample", ratio(walks, v["d_samples"]),
		    ratio(v["i_samples"], v["i_samples"]))
		row("user stack walks per kernel entry", ratio(v["d_records"], v["d_cookies"]),
		    v["d_cookies"] ? ratio(v["d_cookie_samples"], v["d_cookies"]) " (est.)" : "-")
		row("samples stitched / without user part",
		    v["d_stitched"] " / " v["d_lost"], "")
		row("perf.data bytes", v["d_bytes"], v["i_bytes"])
		row("perf.data bytes per sample", ratio(v["d_bytes"], v["d_samples"]),
		    ratio(v["i_bytes"], v["i_samples"]))
		row(counted " (unrecorded: " v["calls_plain"] ")", v["d_calls"], v["i_calls"])
		row("throughput vs unrecorded", ratio(v["d_calls"], v["calls_plain"]),
		    ratio(v["i_calls"], v["calls_plain"]))
		printf "  bytes per sample, deferred / in place: %s\n",
		    ratio(v["d_bytes"] / v["d_samples"], v["i_bytes"] / v["i_samples"])
	}'
}

echo "### BEGIN demo"
echo "workload: deepstack: $depth frames deep, $(describe "$work"), $secs s;"
echo "recorded with perf record --call-graph fp,defer (deferred, the records kept) and"
echo "--call-graph fp,nodefer (in place); perf record -g writes the records into the samples"
numbers=$(measure work "$work") || fail

echo
echo "==> perf script, deferred run: two samples in read() (runs of stack_level"
echo "    folded; read_loop is not there: libc's read() has no frame of its own)"
stacks work/defer.data 2 1

echo "==> perf report --stdio --no-children, deferred run (top, 16 frames)"
report work/defer.data

echo
echo "==> numbers for this run (one boot, same workload)"
echo "$numbers" | table "$work"

echo
echo "workload: deepstack: $depth frames deep, $(describe cpu), $secs s;"
echo "recorded the same way"
numbers=$(measure cpu cpu) || fail

echo
echo "==> perf script, deferred run: a sample in cpu_loop, taken in user mode"
echo "    (no kernel part; its user part was walked in place, not deferred)"
stacks cpu/defer.data 1 0

echo "==> perf report --stdio --no-children, deferred run (top, 16 frames)"
report cpu/defer.data

echo
echo "==> numbers for the CPU-bound run (same boot)"
echo "$numbers" | table cpu
echo "### END demo rc=0"
