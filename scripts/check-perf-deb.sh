#!/usr/bin/env bash
# usage: scripts/check-perf-deb.sh DEB ROOT
# Checks, in the throwaway Debian 12 root ROOT (made with debootstrap if
# it does not exist yet), that the linux-perf package DEB installs with
# dpkg over Debian's linux-perf, keeps its diversions, is removed again
# cleanly, and that Debian's package goes back on after it. Prints TAP.
# Never touches the host's own packages.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: $0 DEB ROOT"
deb=$1 root=$2
# The Debian archive of this machine's apt sources, as apt's index
# targets name it (scripts/install-deps.sh has run apt-get update).
mirror=${DEBIAN_MIRROR:-$(apt-get indextargets --format '$(LABEL) $(SITE)' \
	'Identifier: Packages' | awk '$1 == "Debian" { print $2; exit }')}
[ -n "$mirror" ] || die "no Debian archive in apt's sources (apt-get update?)"

if [ ! -x "$root/usr/bin/apt-get" ]; then
	command -v debootstrap >/dev/null ||
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends debootstrap >/dev/null
	say "debootstrap bookworm into $root"
	rm -rf "$root"
	debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 ||
		die "debootstrap failed, see $root.log"
fi
mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
in_root() {
	DEBIAN_FRONTEND=noninteractive chroot "$root" "$@"
}
n=0
check() {	# check NAME COMMAND...: one TAP result; output of a failure on stderr
	local name=$1 out
	shift
	n=$((n + 1))
	if out=$("$@" 2>&1); then
		echo "ok $n $name"
	else
		echo "not ok $n $name"
		printf '%s\n' "$out" | tail -15 | sed 's/^/# /'
	fi
}
perf_version() {	# perf_version PREFIX: perf says it is PREFIX.*
	in_root perf version | grep -q "^perf version $1"
}

version=$(dpkg-deb -f "$deb" Version)
cp "$deb" "$root/tmp/"
echo "1..7"
check "Debian's linux-perf installs" \
	in_root sh -c 'apt-get update -qq && apt-get install -y -qq linux-perf'
check "Debian's perf 6.1 runs" perf_version 6.1
check "dpkg -i ${deb##*/} over it" \
	in_root sh -c "apt-get satisfy -y -qq '$(dpkg-deb -f "$deb" Depends)' &&
		dpkg -i /tmp/${deb##*/}"
check "linux-perf $version installed, perf 6.12 runs, 3 diversions" \
	sh -c "[ \"\$(chroot '$root' dpkg-query -W -f '\${Version}' linux-perf)\" = '$version' ] &&
		chroot '$root' perf version | grep -q '^perf version 6.12' &&
		[ \"\$(chroot '$root' dpkg-divert --list | grep -c 'by linux-perf\$')\" = 3 ]"
check "dpkg -r linux-perf" in_root dpkg -r linux-perf
check "nothing left: no perf, no /usr/lib/perf-core, no diversions" \
	sh -c "! ls -d '$root/usr/bin/perf' '$root/usr/lib/perf-core' 2>/dev/null &&
		! chroot '$root' dpkg-divert --list | grep 'by linux-perf\$'"
check "Debian's linux-perf goes back on" \
	sh -c "DEBIAN_FRONTEND=noninteractive chroot '$root' apt-get install -y -qq linux-perf &&
		chroot '$root' perf version | grep -q '^perf version 6.1'"
