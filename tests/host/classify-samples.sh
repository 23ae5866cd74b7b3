#!/usr/bin/env bash
# usage: tests/host/classify-samples.sh
# guest/classify-samples.awk is the forced-loss test's wrong-stitch
# checker: it must find a read() sample stitched to the write phase's
# stack, and the reverse, and tell lost and unresolved user parts apart.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
fixture=$top/tests/host/fixtures/phases.script
n=0
case_() {	# case_ NAME WANT SED-SCRIPT: the fixture edited by SED-SCRIPT
	n=$((n + 1))
	got=$(sed "$3" "$fixture" | awk -f "$top/guest/classify-samples.awk" |
	      paste -sd' ')
	if [ "$got" = "$2" ]; then
		echo "ok $n classify-samples: $1"
	else
		echo "not ok $n classify-samples: $1"
		echo "# got:  $got"
		echo "# want: $2"
	fi
}
echo "1..5"
case_ "stitched as recorded" \
	"read phase_read right write phase_write right other none other read - lost" ''
case_ "read stitched to the write phase" \
	"read phase_write wrong write phase_write right other none other read - lost" \
	'0,/phase_read/s/phase_read/phase_write/'
case_ "write stitched to the read phase" \
	"read phase_read right write phase_read wrong other none other read - lost" \
	's/phase_write/phase_read/'
case_ "read stitched to a stack of neither phase" \
	"read none wrong write phase_write right other none other read - lost" \
	'/phase_read/d'
case_ "user part not resolved" \
	"read unknown unknown write unknown unknown other unknown other read - lost" \
	's/^\(\t *[0-9a-f]*\) [a-z_]* (\/usr\/bin\/phases)/\1 [unknown] ([unknown])/'
