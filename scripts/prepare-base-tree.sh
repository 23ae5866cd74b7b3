#!/usr/bin/env bash
# usage: scripts/prepare-base-tree.sh
# Makes build/base/linux: Debian's linux-source-6.12 as it is, without
# the series, to build the base kernel and perf that the peer suites
# (scripts/peer-perf-test.sh, scripts/trinity.sh -b) compare against.
# Does nothing if it already holds the installed package's source.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=$BUILD/base/linux
pkg_version=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null) ||
	die "linux-source-6.12 is not installed (scripts/install-deps.sh)"
id="linux-source-6.12 $pkg_version $(stat -c %s "$SRC_TARBALL")"
stamp=$tree/.dcp-base
[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$id" ] && exit 0

say "unpacking $SRC_TARBALL ($pkg_version) into $tree"
rm -rf "$tree" "$BUILD/base/linux-source-6.12"
mkdir -p "$BUILD/base"
tar -xJf "$SRC_TARBALL" -C "$BUILD/base"
mv "$BUILD/base/linux-source-6.12" "$tree"
echo "$id" >"$stamp"
