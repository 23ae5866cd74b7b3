#!/usr/bin/env bash
# usage: scripts/check-apt-repo.sh RELEASE ROOT OLD_REPO NEW_REPO
# Checks the flat apt repositories (repo/) of two builds of scripts/package.sh
# (OLD_REPO, then NEW_REPO, a rebuild) as a user of Debian RELEASE would
# use them, in the throwaway root ROOT (scripts/make-root.sh), never on
# the host: Debian's linux-perf installs; the repository's key and one
# sources line with signed-by= (no trusted=yes), then apt install, take
# our kernel, perf and deferred-callchain-check over it (the perf package
# keeps Debian's diversions); apt upgrade takes the rebuild; apt remove
# leaves nothing behind; Debian's linux-perf goes back on; apt refuses
# the repository after a .deb or its Release changed without being
# signed anew. Prints TAP.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 4 ] || die "usage: $0 RELEASE ROOT OLD_REPO NEW_REPO"
release=$1 root=$2 old=$3 new=$4
"$TOP/scripts/make-root.sh" "$release" "$root"

repo_version() {	# repo_version REPO: the version of its linux-perf
	awk '/^Package: linux-perf$/ { p = 1 } p && /^Version:/ { print $2; exit }' \
		"$1/Packages"
}
old_version=$(repo_version "$old") new_version=$(repo_version "$new")
[ -n "$old_version" ] && [ -n "$new_version" ] ||
	die "no linux-perf in $old/Packages or $new/Packages"
image=$(sed -n 's/^Package: \(linux-image-.*\)/\1/p' "$new/Packages")
[ -n "$image" ] || die "no linux-image in $new/Packages"
krel=${image#linux-image-}

in_root() {
	"$TOP/scripts/in-root.sh" "$root" "$@"
}
put_repo() {	# put_repo REPO: the root's /srv/deferred is REPO's packages
	rm -rf "$root/srv/deferred"
	mkdir -p "$root/srv/deferred"
	cp "$1"/*.deb "$1"/Packages* "$1"/*Release* "$root/srv/deferred/"
	mkdir -p "$root/etc/apt/keyrings"
	cp "$1/deferred-callchains-archive-keyring.gpg" "$root/etc/apt/keyrings/"
}
installed() {	# installed PACKAGE VERSION: dpkg says PACKAGE VERSION is on
	[ "$(chroot "$root" dpkg-query -W -f '${db:Status-Abbrev}${Version}' "$1")" = "ii $2" ]
}
debian_perf() {	# Debian's linux-perf is on, and its perf runs
	local v
	v=$(chroot "$root" apt-cache policy linux-perf | awk '/Candidate:/ { print $2 }')
	installed linux-perf "$v" && [ "${v#*deferred}" = "$v" ] &&
		chroot "$root" perf version
}
ours_on() {	# ours_on VERSION: our kernel and perf of VERSION, perf and its
		# Python module work
	installed linux-perf "$1" && installed "$image" "$1" &&
		chroot "$root" perf version | grep -q "^perf version ${krel%%-*}" &&
		chroot "$root" python3 -c 'import perf' &&
		installed deferred-callchain-check "$1" &&
		[ -x "$root/usr/bin/deferred-callchain-check" ] &&
		[ -f "$root/boot/vmlinuz-$krel" ] &&
		[ "$(chroot "$root" dpkg-divert --list | grep -c 'by linux-perf$')" = 3 ]
}
apt_in_root() {	# apt_in_root ARGS...: apt-get update, then apt-get ARGS
	in_root sh -c 'apt-get update -qq && apt-get -y -qq "$@"' sh "$@"
}
sources=$root/etc/apt/sources.list.d/deferred.list
nothing_left() {
	local p
	for p in /usr/bin/perf /usr/lib/perf-core "/boot/vmlinuz-$krel" \
		 "/lib/modules/$krel" /usr/bin/deferred-callchain-check \
		 /usr/lib/deferred-callchain-check; do
		[ ! -e "$root$p" ] || { echo "$p is left"; return 1; }
	done
	! chroot "$root" dpkg-divert --list | grep 'by linux-perf$'
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

rm -f "$sources"
echo "1..8"
check "$release: Debian's linux-perf installs, its perf runs" \
	eval 'apt_in_root install linux-perf && debian_perf'
put_repo "$old"
signed='deb [signed-by=/etc/apt/keyrings/deferred-callchains-archive-keyring.gpg] file:/srv/deferred ./'
echo "$signed" >"$sources"
check "apt install $image linux-perf deferred-callchain-check (signed-by=): $old_version, perf and import perf work, 3 diversions" \
	eval 'apt_in_root install "$image" linux-perf deferred-callchain-check &&
	      ours_on "$old_version"'
put_repo "$new"
check "apt upgrade: $new_version" \
	eval 'apt_in_root upgrade && ours_on "$new_version"'
check "apt remove $image linux-perf deferred-callchain-check" \
	apt_in_root remove "$image" linux-perf deferred-callchain-check
check "nothing left: no perf, no check, no kernel, no diversions" nothing_left
rm "$sources"
check "$release: Debian's linux-perf goes back on" \
	eval 'apt_in_root install linux-perf && debian_perf'

# refused PATTERN APT-ARGS...: apt fails with a line that matches PATTERN
# (grep -E), and Debian's perf stays on
refused() {
	local pattern=$1 out v
	shift
	if out=$(apt_in_root "$@" 2>&1); then
		echo "apt $* went through"
		return 1
	fi
	printf '%s\n' "$out" | grep -Eq "$pattern" || { printf '%s\n' "$out"; return 1; }
	v=$(chroot "$root" dpkg-query -W -f '${Version}' linux-perf)
	[ "${v#*deferred}" = "$v" ] || { echo "linux-perf $v is on"; return 1; }
}
put_repo "$new"
echo "$signed" >"$sources"
deb=$(cd "$root/srv/deferred" && echo linux-perf_*.deb)
printf 'X' | dd of="$root/srv/deferred/$deb" bs=1 seek=4096 conv=notrunc 2>/dev/null
check "refused: $deb changed after signing (Hash Sum mismatch)" \
	refused "Hash Sum mismatch" install "linux-perf=$new_version"
put_repo "$new"
rm "$root/srv/deferred/InRelease"
sed -i 's/^Label: .*/Label: changed/' "$root/srv/deferred/Release"
# gpgv (bookworm) says BADSIG, sqv (trixie) "Message has been manipulated"
check "refused: Release changed without being signed anew" \
	refused "^E: The repository .* is (no longer|not) signed" \
	install "linux-perf=$new_version"
rm "$sources"
