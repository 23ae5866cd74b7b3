#!/usr/bin/env bash
# usage: scripts/build-base-kernel.sh
# Builds the base kernel that the peer suites (scripts/peer-perf-test.sh,
# scripts/trinity.sh -b) compare against: Debian's linux-source-6.12
# without the series (build/base/linux, scripts/prepare-base-tree.sh),
# with the debug configuration of the series' kernel minus
# series.config, into build/base/kernel-debug.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/prepare-base-tree.sh"
LINUX=$BUILD/base/linux "$TOP/scripts/build-kernel.sh" -u \
	-o "$BUILD/base/kernel-debug" debug
