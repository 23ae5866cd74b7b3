#!/usr/bin/env bash
# usage: scripts/prepare-base-tree.sh
# Makes build/base/linux: Debian's linux-source-6.12 as it is, without
# the series, to build the base kernel and perf that the peer suites
# (scripts/peer-perf-test.sh, scripts/trinity.sh -b) compare against.
# Does nothing if it already holds the installed package's source.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=$BUILD/base/linux
id=$(source_id)
stamp=$tree/.dcp-base
[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$id" ] && exit 0

unpack_source "$tree"
echo "$id" >"$stamp"
