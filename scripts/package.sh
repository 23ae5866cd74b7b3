#!/usr/bin/env bash
# usage: scripts/package.sh [--release trixie|bookworm] [--key KEYID] [FLAVOUR]
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
#   deferred-callchain-check, the check a user runs on the installed
#   kernel (check/deferred-callchain-check);
# and a signed flat apt repository of them in its repo/ folder
# (scripts/write-apt-repo.sh: InRelease, Release.gpg and the public key to
# give apt's signed-by=), signed with KEYID of the user's keyring (give it
# every time) or the project's key, made on first use. Every build gets a new version (the time of the build), so
# that apt upgrade takes a rebuild. Prints the packages, their sizes and
# the time taken. Rebuilds are incremental and use ccache.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

release=trixie key=
while [ $# -gt 0 ]; do
	case $1 in
	--release | --key)
		[ $# -ge 2 ] || die "$1 needs a value"
		if [ "$1" = --release ]; then release=$2; else key=$2; fi
		shift 2 ;;
	*) break ;;
	esac
done
case $release in
trixie | bookworm) ;;
*) die "unknown release '$release' (trixie or bookworm)" ;;
esac
# before the build, not after it
[ -z "$key" ] || gpg --batch --list-secret-keys "$key" >/dev/null 2>&1 ||
	die "no secret key '$key' in ${GNUPGHOME:-~/.gnupg}"
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
	# the check's kselftests (32-bit too); scripts/smoke-package.sh's
	# initramfs
	busybox-static gcc-multilib
)
# trixie's linux-perf also reads debuginfod
[ "$release" = bookworm ] || deps+=(libdebuginfod-dev)
"$TOP/scripts/make-root.sh" "$release" "$root" "${deps[@]}"

pkgdir=$BUILD/package-$release-$flavour
"$TOP/scripts/in-root.sh" "$root" "$TOP/scripts/build-packages.sh" \
	"$flavour" "$pkgdir" "$(date -u +%Y%m%d%H%M%S)"

"$TOP/scripts/write-apt-repo.sh" ${key:+--key "$key"} "$pkgdir"

say "packages for $release in $pkgdir, $((SECONDS - start)) s:"
for deb in "$pkgdir"/*.deb; do
	printf '  %s  %s\n' "$(du -h "$deb" | cut -f1)" "${deb##*/}" >&2
done
say "apt repository: $pkgdir/repo; on the machine, with it copied to /srv/deferred:"
cat >&2 <<'EOF'
    install -m 644 /srv/deferred/deferred-callchains-archive-keyring.gpg /etc/apt/keyrings/
    echo 'deb [signed-by=/etc/apt/keyrings/deferred-callchains-archive-keyring.gpg] file:/srv/deferred ./' \
        >/etc/apt/sources.list.d/deferred.list
EOF
