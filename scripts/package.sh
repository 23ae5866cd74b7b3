#!/usr/bin/env bash
# usage: scripts/package.sh [FLAVOUR]
# Builds Debian packages of the series for FLAVOUR (cloud-amd64, the
# default, amd64 or rt-amd64) in build/package-FLAVOUR:
#   linux-image-<version>-deferred-FLAVOUR, kbuild's bindeb-pkg with
#   Debian's own configuration for FLAVOUR from linux-config-6.12;
#   linux-perf, perf from the same tree laid out as Debian's linux-perf
#   (/usr/bin/perf, /usr/lib/perf-core, man pages, the same diversions of
#   linux-base's perf wrapper) with the libraries Debian builds it with,
#   versioned above Debian 12's so that dpkg -i upgrades that package.
# Of that configuration only the signing keys (Debian's are not here) and
# debug info (off, as in scripts/build-debian-configs.sh: a few GB and
# about twice the build time, for a -dbg package) are changed; the series
# needs nothing else. Prints the packages, their sizes and the time taken.
# Rebuilds are incremental and use ccache.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=${1:-cloud-amd64}
cfgdir=/usr/src/linux-config-6.12
case $flavour in
amd64 | cloud-amd64) cfg=$cfgdir/config.amd64_none_$flavour.xz ;;
rt-amd64) cfg=$cfgdir/config.amd64_rt_amd64.xz ;;
*) die "unknown flavour '$flavour' (cloud-amd64, amd64 or rt-amd64)" ;;
esac
[ -f "$cfg" ] || die "no $cfg (scripts/install-deps.sh installs linux-config-6.12)"

start=$SECONDS
# What Debian's perf has on top of the test command's build; debhelper
# for bindeb-pkg's debian/rules
"$TOP/scripts/install-deps.sh" libperl-dev libbabeltrace-dev libopencsd-dev \
	asciidoc-base xmlto docbook-xsl dpkg-dev debhelper
"$TOP/scripts/prepare-tree.sh"

pkgdir=$BUILD/package-$flavour
# bindeb-pkg writes the packages next to its output directory.
out=$pkgdir/linux
mkdir -p "$out"
kmake() {
	make -s -C "$LINUX" O="$out" ARCH=x86_64 CC="ccache gcc" \
		HOSTCC="ccache gcc" LOCALVERSION="-deferred-$flavour" "$@"
}

xz -dc "$cfg" >"$out/.config.new"
"$LINUX/scripts/config" --file "$out/.config.new" \
	--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
	-d DEBUG_INFO_DWARF5 -d DEBUG_INFO_DWARF4 \
	-d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -e DEBUG_INFO_NONE
# Keep the old .config when nothing changed, so that make stays incremental.
if cmp -s "$out/.config.new" "$out/.config.debian" 2>/dev/null; then
	rm "$out/.config.new"
else
	mv "$out/.config.new" "$out/.config.debian"
	cp "$out/.config.debian" "$out/.config"
fi
kmake olddefconfig >/dev/null
grep -q '^CONFIG_UNWIND_DEFERRED=y' "$out/.config" ||
	die "$flavour: CONFIG_UNWIND_DEFERRED is not set"
release=$(kmake -s kernelrelease)

say "building linux-image-$release (bindeb-pkg)"
rm -f "$pkgdir"/linux-image-*.deb "$pkgdir"/linux-headers-*.deb \
	"$pkgdir"/linux-libc-dev_*.deb "$pkgdir"/*.buildinfo "$pkgdir"/*.changes
progress "linux-image-$release" "$out" \
	kmake -j"$JOBS" KDEB_PKGVERSION="${release%%-*}-1" \
		DPKG_FLAGS=-d bindeb-pkg >/dev/null

"$TOP/scripts/package-perf.sh" "$pkgdir" "${release%%-*}"

say "packages in $pkgdir, $((SECONDS - start)) s:"
for deb in "$pkgdir"/*.deb; do
	printf '  %s  %s\n' "$(du -h "$deb" | cut -f1)" "${deb##*/}" >&2
done
