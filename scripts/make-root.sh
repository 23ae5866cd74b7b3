#!/usr/bin/env bash
# usage: scripts/make-root.sh RELEASE ROOT [PACKAGE...]
# Makes ROOT a Debian RELEASE (trixie or bookworm) root with debootstrap,
# if it is not one yet, and installs PACKAGE... in it. Its apt sources
# are RELEASE, RELEASE-updates and RELEASE-security from the archives
# this machine's apt sources name (scripts/install-deps.sh has run
# apt-get update). Scripts run in it with scripts/in-root.sh.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: $0 RELEASE ROOT [PACKAGE...]"
release=$1 root=$2
shift 2
case $release in
trixie | bookworm) ;;
*) die "unknown release '$release' (trixie or bookworm)" ;;
esac

if [ ! -e "$root/.debootstrap-done" ]; then
	mirror=$(apt_site Debian)
	security=$(apt_site Debian-Security)
	[ -n "$mirror" ] || die "no Debian archive in apt's sources (apt-get update?)"
	# never remove a root that still has the project mounted in it
	[ -z "$(root_mounts "$root" 2>/dev/null)" ] || die "$root has mounts"
	"$TOP/scripts/install-deps.sh" debootstrap
	say "debootstrap $release into $root"
	rm -rf "$root"
	mkdir -p "$(dirname "$root")"
	debootstrap --variant=minbase "$release" "$root" "$mirror" >"$root.log" 2>&1 ||
		die "debootstrap failed, see $root.log"
	rm "$root/etc/apt/sources.list"
	{
		echo "deb $mirror $release main"
		echo "deb $mirror $release-updates main"
		[ -z "$security" ] || echo "deb $security $release-security main"
	} >"$root/etc/apt/sources.list.d/$release.list"
	touch "$root/.debootstrap-done"
fi

missing=()
for p in "$@"; do
	chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
say "installing in $root: ${missing[*]}"
"$TOP/scripts/in-root.sh" "$root" sh -c 'apt-get update -qq &&
	apt-get install -y -qq --no-install-recommends "$@"' sh "${missing[@]}" \
	>>"$root.log" 2>&1 || die "apt-get install in $root failed, see $root.log"
