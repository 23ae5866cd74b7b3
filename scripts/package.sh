#!/usr/bin/env bash
# usage: scripts/package.sh [--release trixie|bookworm] [FLAVOUR]
# Builds Debian packages of the series for Debian RELEASE (trixie, the
# default, or bookworm) and FLAVOUR (cloud-amd64, the default, amd64 or
# rt-amd64) in build/package-RELEASE-FLAVOUR, inside a root of that
# release (build/root-RELEASE, made by scripts/make-root.sh), so with its
# compiler, its libraries and its linux-config-6.12, as Debian's own
# build would (scripts/build-packages.sh):
#   linux-image-<version>-deferred-FLAVOUR, kbuild's bindeb-pkg with
#   Debian's configuration for FLAVOUR;
#   linux-perf, perf from the same tree laid out as Debian's linux-perf,
#   versioned above the release's so that it installs over it;
# and a flat apt repository of them there (Packages, Release). Every
# build gets a new version (the time of the build), so that apt upgrade
# takes a rebuild. Prints the packages, their sizes and the time taken.
# Rebuilds are incremental and use ccache.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

release=trixie
if [ "${1-}" = --release ]; then
	[ $# -ge 2 ] || die "--release needs trixie or bookworm"
	release=$2
	shift 2
fi
case $release in
trixie | bookworm) ;;
*) die "unknown release '$release' (trixie or bookworm)" ;;
esac
flavour=${1:-cloud-amd64}
case $flavour in
amd64 | cloud-amd64 | rt-amd64) ;;
*) die "unknown flavour '$flavour' (cloud-amd64, amd64 or rt-amd64)" ;;
esac

start=$SECONDS
"$TOP/scripts/install-deps.sh"
"$TOP/scripts/prepare-tree.sh"

root=$BUILD/root-$release
deps=(
	# the kernel package: kbuild, bindeb-pkg, Debian's configurations
	build-essential bc bison flex libelf-dev libssl-dev cpio xz-utils
	rsync kmod ccache python3 openssl zstd dpkg-dev debhelper
	linux-config-6.12
	# perf with what Debian's linux-perf is built with
	pkg-config libdw-dev libtraceevent-dev libunwind-dev libzstd-dev
	liblzma-dev zlib1g-dev libcap-dev libnuma-dev libslang2-dev
	libiberty-dev python3-dev python3-setuptools libperl-dev
	libbabeltrace-dev libopencsd-dev asciidoc-base xmlto docbook-xsl
	# scripts/smoke-package.sh: the guest's initramfs and kselftests
	busybox-static gcc-multilib
)
# trixie's linux-perf also reads debuginfod
[ "$release" = bookworm ] || deps+=(libdebuginfod-dev)
"$TOP/scripts/make-root.sh" "$release" "$root" "${deps[@]}"

pkgdir=$BUILD/package-$release-$flavour
"$TOP/scripts/in-root.sh" "$root" "$TOP/scripts/build-packages.sh" \
	"$flavour" "$pkgdir" "$(date -u +%Y%m%d%H%M%S)"

say "packages for $release in $pkgdir, $((SECONDS - start)) s:"
for deb in "$pkgdir"/*.deb; do
	printf '  %s  %s\n' "$(du -h "$deb" | cut -f1)" "${deb##*/}" >&2
done
say "apt: deb [trusted=yes] file:$pkgdir ./"
