#!/usr/bin/env bash
# usage: scripts/test-under-load.sh
# The test command with a CPU hog of two threads beside it (two busy
# loops at the test command's own priority, for the whole run): a busy
# machine must make the run slower, never red. Exits with the test
# command's status. Not a step of the test command.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
for _ in 1 2; do
	bash -c 'while :; do :; done' &
	hogs+=($!)
done
say "CPU hog: pids ${hogs[*]}"
start=$SECONDS
rc=0
"$TOP/scripts/test.sh" || rc=$?
say "test command under load: $((SECONDS - start)) s, exit status $rc"
exit "$rc"
