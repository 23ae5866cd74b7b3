#!/bin/sh
# Shows perf working in the guest: records callchains of a small
# workload with perf record -g and prints them with perf script.
cd /tmp || exit 1
echo "### BEGIN demo"
perf record -g -e cpu-clock -F 1000 -o perf.data -- perf test -w leafloop 1
perf script -i perf.data -F comm,tid,time,ip,sym -S leaf | head -32
perf report -i perf.data --stdio --no-children -G 2>/dev/null | head -40
echo "### END demo rc=$?"
