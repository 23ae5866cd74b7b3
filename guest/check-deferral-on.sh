#!/bin/sh
# The check that deferral is on (docs/packaging.md), with the perf found in PATH:
# perf record -g -vv opens its events with the defer bits, without
# "switching off deferred callchain support" (which it says after the
# kernel refused them), and perf evlist -v finds the bits in the
# perf.data file that perf record --call-graph fp,defer wrote (perf
# record -g writes the deferred callchains into their samples at its
# end and clears the bits). Prints TAP.
cd /tmp || exit 1
echo "TAP version 13"
echo "1..2"
vv=$(perf record -g -vv -o deferral-on.data -- true 2>&1)
if echo "$vv" | grep -q '^  defer_callchain  *1$' &&
   ! echo "$vv" | grep -q 'switching off deferred callchain support'; then
	echo "ok 1 perf record -g -vv: defer_callchain 1"
else
	echo "not ok 1 perf record -g -vv: defer_callchain 1"
	echo "$vv" | sed 's/^/# /'
fi
perf record --call-graph fp,defer -o deferral-on.data -- true >/dev/null 2>&1
bits=$(perf evlist -v -i deferral-on.data 2>&1 | grep -o 'defer_[a-z]*: 1' | tr '\n' ' ')
if [ "$bits" = "defer_callchain: 1 defer_output: 1 " ]; then
	echo "ok 2 perf evlist -v: defer_callchain: 1, defer_output: 1"
else
	echo "not ok 2 perf evlist -v: defer_callchain: 1, defer_output: 1"
	echo "# got: $bits"
fi
