#!/usr/bin/env bash
# usage: scripts/prepare-upstream-base-tree.sh
# Makes build/upstream/base/linux: Debian's linux-source-7.2 (sid) as it
# is, without the upstream queue, to build the unpatched 7.2 kernel that
# benchmarks/base-cost.sh -q compares the queue's kernel against. Does
# nothing if it already holds that package's source.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=$BUILD/upstream/base/linux
deb=$("$TOP/scripts/fetch-suite.sh" sid "$BUILD/sid" linux-source-7.2)
stamp=$tree/.dcp-base
[ -f "$stamp" ] && [ "$(cat "$stamp")" = "${deb##*/}" ] && exit 0

unpack_source_deb "$deb" "$tree"
echo "${deb##*/}" >"$stamp"
