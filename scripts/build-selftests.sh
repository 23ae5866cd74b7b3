#!/usr/bin/env bash
# usage: scripts/build-selftests.sh
# Builds the kselftests the guest runs (tools/testing/selftests/perf_events)
# into build/selftests, against the uapi headers of build/kernel-debug.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

hdr=$BUILD/kernel-debug/usr/include
[ -d "$hdr/linux" ] || die "no kernel headers in $hdr (scripts/build-kernel.sh)"
for t in perf_events; do
	say "building kselftests: $t"
	mkdir -p "$BUILD/selftests/$t"
	make -s -C "$LINUX/tools/testing/selftests/$t" CC="ccache gcc" \
		OUTPUT="$BUILD/selftests/$t" KHDR_INCLUDES="-isystem $hdr" \
		>/dev/null
done
