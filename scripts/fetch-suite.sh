#!/usr/bin/env bash
# usage: scripts/fetch-suite.sh [--closure] SUITE DIR PACKAGE...
# Downloads the .debs of PACKAGE... (no dependencies) from the Debian
# suite SUITE (sid, trixie, ...) into DIR, through a private apt state in
# DIR/apt, so the machine's own apt sources and lists are left alone. The
# archive is the one this machine's apt sources name, as apt's index
# targets give it (scripts/install-deps.sh has run apt-get update).
# Prints the paths of the .debs. A package already in DIR is not fetched
# again.
# With --closure, also every package that PACKAGE... need to run, as apt
# would install them on an empty system (Depends and Pre-Depends, no
# Recommends: apt with an empty dpkg status, DIR/apt/status); the paths
# of all of them are printed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

closure=
if [ "${1-}" = --closure ]; then
	closure=1
	shift
fi
[ $# -ge 3 ] || die "usage: $0 [--closure] SUITE DIR PACKAGE..."
suite=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
shift 2
mirror=$(apt_site Debian)
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

if [ -n "$closure" ]; then
	: >>"$state/status"
	closure_opts=(-o Dir::State::status="$state/status"
		      -o Dir::Cache::archives="$dir/"
		      -o APT::Sandbox::User=root -q --no-install-recommends)
	apt-get "${apt_opts[@]}" "${closure_opts[@]}" -y install --download-only \
		"$@" >>"$state/download.log" 2>&1 ||
		die "cannot download $* with what they need from $suite, see $state/download.log"
	# "Inst NAME (VERSION RELEASE [ARCH])": apt's file NAME_VERSION_ARCH.deb
	apt-get "${apt_opts[@]}" "${closure_opts[@]}" -s install "$@" 2>/dev/null |
		awk '$1 == "Inst" { p = $2; sub(/^[^(]*[(]/, ""); sub(/[)].*/, "")
			v = $1; sub(/:/, "%3a", v); a = $NF; gsub(/[][]/, "", a)
			print p "_" v "_" a ".deb" }' |
		while read -r deb; do
			[ -f "$dir/$deb" ] || die "apt did not download $deb"
			echo "$dir/$deb"
		done
	exit 0
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
