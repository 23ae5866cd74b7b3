#!/usr/bin/env bash
# usage: scripts/build-packages.sh FLAVOUR PKGDIR STAMP
# The part of scripts/package.sh that runs in the release's root: builds
# linux-image-<version>-deferred-FLAVOUR (bindeb-pkg with Debian's
# configuration for FLAVOUR from the root's linux-config-6.12),
# linux-perf (scripts/package-perf.sh) and deferred-callchain-check
# (scripts/package-check.sh, with the kselftests built against this
# kernel's headers) from build/linux into PKGDIR, all of version
# <upstream>-1+deferredSTAMP. scripts/package.sh writes and signs their
# apt repository outside the root, where its key is. Of Debian's
# configuration only the signing keys (Debian's are not here) and debug
# info (off, as in scripts/build-debian-configs.sh: a few GB and about
# twice the build time, for a -dbg package) change; the series needs
# nothing else.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: $0 FLAVOUR PKGDIR STAMP"
flavour=$1 pkgdir=$2 stamp=$3
cfgdir=/usr/src/linux-config-6.12
case $flavour in
amd64 | cloud-amd64) cfg=$cfgdir/config.amd64_none_$flavour.xz ;;
rt-amd64) cfg=$cfgdir/config.amd64_rt_amd64.xz ;;
*) die "unknown flavour '$flavour' (cloud-amd64, amd64 or rt-amd64)" ;;
esac
[ -f "$cfg" ] || die "no $cfg (linux-config-6.12)"

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
upstream=${release%%-*}
version=$upstream-1+deferred$stamp
say "$(gcc --version | head -1); $(dpkg-query -W -f '${Package} ${Version}' linux-config-6.12)"

say "building linux-image-$release $version (bindeb-pkg)"
rm -f "$pkgdir"/*.deb "$pkgdir"/*.buildinfo "$pkgdir"/*.changes
progress "linux-image-$release" "$out" \
	kmake -j"$JOBS" KDEB_PKGVERSION="$version" DPKG_FLAGS=-d \
		KDEB_CHANGELOG_DIST="$(. /etc/os-release && echo "$VERSION_CODENAME")" \
		bindeb-pkg >/dev/null

"$TOP/scripts/package-perf.sh" "$pkgdir" "$version"
"$TOP/scripts/build-selftests.sh" -o "$pkgdir/selftests" -k "$out"
"$TOP/scripts/package-check.sh" "$pkgdir" "$version" "$pkgdir/selftests"
