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

say "unpacking ${deb##*/} into $tree"
rm -rf "$tree" "$BUILD/upstream/base/linux-source-7.2"
mkdir -p "$BUILD/upstream/base"
dpkg-deb --fsys-tarfile "$deb" |
	tar -xO ./usr/src/linux-source-7.2.tar.xz | tar -xJ -C "$BUILD/upstream/base"
mv "$BUILD/upstream/base/linux-source-7.2" "$tree"
echo "${deb##*/}" >"$stamp"
