#!/usr/bin/env bash
# usage: scripts/get-perfparser.sh
# hotspot's perf.data parser, a consumer of perf.data for the tests:
# taken out of Debian's hotspot package (which pulls KDE) into
# build/perfparser/hotspot-perfparser; it needs only Qt 5 core and
# network (install-deps.sh) and elfutils.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=$BUILD/perfparser
bin=$dir/hotspot-perfparser
[ -x "$bin" ] && exit 0
mkdir -p "$dir"
cd "$dir"
apt-get download hotspot >/dev/null 2>&1 ||
	{ apt-get update -qq && apt-get download hotspot >/dev/null 2>&1; } ||
	die "cannot download Debian's hotspot package"
ver=$(dpkg-deb -f hotspot_*.deb Version)
dpkg-deb -x hotspot_*.deb x
cp x/usr/lib/x86_64-linux-gnu/libexec/hotspot-perfparser "$bin"
rm -rf x hotspot_*.deb
say "perfparser: $bin (hotspot $ver)"
