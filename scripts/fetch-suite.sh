#!/usr/bin/env bash
# usage: scripts/fetch-suite.sh SUITE DIR PACKAGE...
# Downloads the .debs of PACKAGE... (no dependencies) from the Debian
# suite SUITE (sid, trixie, ...) into DIR, through a private apt state in
# DIR/apt, so the machine's own apt sources and lists are left alone. The
# archive is the one this machine's apt sources name, as apt's index
# targets give it (scripts/install-deps.sh has run apt-get update).
# Prints the paths of the .debs. A package already in DIR is not fetched
# again.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 3 ] || die "usage: $0 SUITE DIR PACKAGE..."
suite=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
shift 2
mirror=${DEBIAN_MIRROR:-$(apt-get indextargets --format '$(LABEL) $(SITE)' \
	'Identifier: Packages' | awk '$1 == "Debian" { print $2; exit }')}
[ -n "$mirror" ] || die "no Debian archive in apt's sources (apt-get update?)"

state=$dir/apt
mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
	>"$state/sources.list"
apt_opts=(-o Dir::Etc::SourceList="$state/sources.list"
	  -o Dir::Etc::SourceParts=/dev/null
	  -o Dir::State::Lists="$state/lists"
	  -o Dir::Cache="$state/cache"
	  -o Debug::NoLocking=1)

if [ ! -e "$state/updated" ]; then
	say "apt-get update for $suite"
	apt-get "${apt_opts[@]}" update -qq >"$state/update.log" 2>&1 ||
		die "apt-get update for $suite failed, see $state/update.log"
	touch "$state/updated"
fi

cd "$dir"
for pkg in "$@"; do
	deb=$(find . -maxdepth 1 -name "${pkg}_*.deb" | head -1)
	if [ -z "$deb" ]; then
		# apt's sandbox user cannot write to DIR: download as root.
		apt-get "${apt_opts[@]}" -o APT::Sandbox::User=root download \
			"$pkg" >>"$state/download.log" 2>&1 ||
			die "cannot download $pkg from $suite, see $state/download.log"
		deb=$(find . -maxdepth 1 -name "${pkg}_*.deb" | head -1)
	fi
	echo "$dir/${deb#./}"
done
