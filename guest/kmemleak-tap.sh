#!/bin/sh
# usage: kmemleak-tap.sh
# Scans for leaked kernel memory and reports it as one TAP result. An
# object must look unreferenced in two scans in a row to be reported.
echo scan >/sys/kernel/debug/kmemleak
echo scan >/sys/kernel/debug/kmemleak
report=$(cat /sys/kernel/debug/kmemleak)
echo "1..1"
if [ -z "$report" ]; then
	echo "ok 1 kmemleak: no unreferenced objects"
else
	echo "$report" | sed 's/^/# /'
	echo "not ok 1 kmemleak: unreferenced objects"
fi
