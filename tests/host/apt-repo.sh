#!/usr/bin/env bash
# usage: tests/host/apt-repo.sh
# scripts/write-apt-repo.sh on two small packages and a linux-libc-dev,
# with a .deb in a subfolder beside them, read by the host's apt with a state of its own (never the host's
# sources or keys): apt takes the signed repository through signed-by=
# and refuses it without the key, with a .deb or an index changed after
# signing, with a Release changed without re-signing and with another
# key's signature.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
export APT_KEY_HOME=$tmp/key
cleanup() {
	GNUPGHOME=$APT_KEY_HOME gpgconf --kill gpg-agent 2>/dev/null
	GNUPGHOME=$tmp/other gpgconf --kill gpg-agent 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

make_deb() {	# make_deb NAME: NAME_1.0_all.deb in $tmp/debs
	local s=$tmp/stage-$1
	mkdir -p "$s/DEBIAN" "$s/usr/share/$1" "$tmp/debs"
	echo "$1" >"$s/usr/share/$1/file"
	printf 'Package: %s\nVersion: 1.0\nArchitecture: all\nMaintainer: t <t@example.org>\nDescription: test package\n' \
		"$1" >"$s/DEBIAN/control"
	dpkg-deb --root-owner-group --build "$s" "$tmp/debs/${1}_1.0_all.deb" >/dev/null
}
make_deb dcp-one
make_deb dcp-two
make_deb linux-libc-dev
pkgdir=$tmp/pkg repo=$tmp/pkg/repo
mkdir -p "$pkgdir/sub"
cp "$tmp"/debs/*.deb "$pkgdir/"
mv "$pkgdir/dcp-two_1.0_all.deb" "$pkgdir/sub/"
keyring=$repo/deferred-callchains-archive-keyring.gpg

# apt with a configuration and state of its own
a=$tmp/apt
mkdir -p "$a/parts" "$a/trusted.d" "$a/prefs.d"
cat >"$a/apt.conf" <<EOF
Dir::Etc::SourceList "$a/sources.list";
Dir::Etc::SourceParts "$a/parts";
Dir::Etc::Parts "$a/parts";
Dir::Etc::Trusted "$a/trusted.gpg";
Dir::Etc::TrustedParts "$a/trusted.d";
Dir::Etc::Preferences "$a/preferences";
Dir::Etc::PreferencesParts "$a/prefs.d";
Dir::State "$a/state";
Dir::State::status "$a/status";
Dir::Cache "$a/cache";
Dir::Log "$a/log";
APT::Sandbox::User "root";
Debug::NoLocking "true";
EOF
export APT_CONFIG=$a/apt.conf
# fetch SOURCE-OPTIONS: a fresh apt state, then apt-get update and
# apt-get download dcp-one from the repository; its output in $tmp/out
fetch() {
	rm -rf "$a/state" "$a/cache" "$a/log" "$tmp/dl"
	mkdir -p "$a/state/lists/partial" "$a/cache/archives/partial" "$a/log" "$tmp/dl"
	: >"$a/status"
	echo "deb $1 file:$repo ./" >"$a/sources.list"
	apt-get update >"$tmp/out" 2>&1 &&
		(cd "$tmp/dl" && apt-get download dcp-one) >>"$tmp/out" 2>&1
}
n=0
result() {	# result OK NAME
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n apt-repo: $2"
	else
		echo "not ok $n apt-repo: $2"
		sed 's/^/# /' "$tmp/out"
	fi
}
# refused NAME SOURCE-OPTIONS PATTERN: apt fails with a line that
# matches PATTERN (grep -E)
refused() {
	local rc=0
	if fetch "$2"; then
		rc=1
	else
		grep -Eq -- "$3" "$tmp/out" || rc=1
	fi
	result $rc "$1"
}
# apt verifies with gpgv up to Debian 12 and with sqv from 13 on
no_key="NO_PUBKEY|Missing key"
bad_sig="BADSIG|Message has been manipulated"
write_repo() {
	"$top/scripts/write-apt-repo.sh" "$pkgdir" >"$tmp/out" 2>&1
}
signed_by="[signed-by=$keyring]"
save_repo() { rm -rf "$tmp/saved"; cp -a "$repo" "$tmp/saved"; }
restore_repo() { rm -rf "$repo"; cp -a "$tmp/saved" "$repo"; }

echo "1..10"
rc=0
write_repo || rc=1
[ -s "$APT_KEY_HOME/key-id" ] && [ -s "$keyring" ] || rc=1
[ "$(sed -n 's/^Package: //p' "$repo/Packages")" = dcp-one ] ||
	{ rc=1; cat "$repo/Packages" >>"$tmp/out"; }
[ "$(cd "$repo" && echo *)" = "InRelease Packages Packages.xz Release Release.gpg dcp-one_1.0_all.deb deferred-callchains-archive-keyring.gpg" ] ||
	{ rc=1; ls -l "$repo" >>"$tmp/out"; }
result $rc "a key is made on first use outside the repository; the index holds the top's .debs but linux-libc-dev"

rc=0
for f in InRelease Release.gpg; do
	case $f in
	InRelease) gpgv --keyring "$keyring" "$repo/InRelease" ;;
	*) gpgv --keyring "$keyring" "$repo/Release.gpg" "$repo/Release" ;;
	esac >>"$tmp/out" 2>&1 || rc=1
done
result $rc "InRelease and Release.gpg verify with the exported key (gpgv)"

rc=0
fetch "$signed_by" || rc=1
grep -q '^[WE]:' "$tmp/out" && rc=1
cmp -s "$tmp/dl/dcp-one_1.0_all.deb" "$tmp/debs/dcp-one_1.0_all.deb" || rc=1
result $rc "apt update and download through signed-by=, without a warning"

key=$(cat "$APT_KEY_HOME/key-id")
rc=0
write_repo || rc=1
[ "$(cat "$APT_KEY_HOME/key-id")" = "$key" ] || rc=1
gpgv --keyring "$keyring" "$repo/InRelease" >>"$tmp/out" 2>&1 || rc=1
result $rc "a second run signs with the same key"

refused "refused without the key (no signed-by=, no trusted=yes)" "" "$no_key"

save_repo
# a new file, as a changed upload would be: the repository's .debs are
# hard links of the package folder's
cp "$repo/dcp-one_1.0_all.deb" "$tmp/changed.deb"
printf 'X' | dd of="$tmp/changed.deb" bs=1 seek=600 conv=notrunc 2>/dev/null
mv "$tmp/changed.deb" "$repo/dcp-one_1.0_all.deb"
refused "refused: a .deb changed after signing" "$signed_by" "Hash Sum mismatch"

(cd "$repo" && apt-ftparchive packages . >Packages 2>/dev/null &&
	xz -9 <Packages >Packages.xz && apt-ftparchive release . >Release.new &&
	mv Release.new Release)
refused "refused: a .deb changed, Packages and Release written anew, not signed anew" \
	"$signed_by" "Hash Sum mismatch"

restore_repo
rm "$repo/InRelease"
sed -i 's/^Label: .*/Label: changed/' "$repo/Release"
refused "refused: Release changed, not signed anew (Release.gpg)" "$signed_by" "$bad_sig"

restore_repo
mkdir -m 700 "$tmp/other"
GNUPGHOME=$tmp/other gpg --batch --quiet --passphrase '' \
	--quick-gen-key "other <other@example.org>" ed25519 sign never 2>/dev/null
other=$(GNUPGHOME=$tmp/other gpg --batch --list-secret-keys --with-colons 2>/dev/null |
	awk -F: '$1 == "fpr" { print $10; exit }')
cp "$keyring" "$tmp/trusted.gpg"
GNUPGHOME=$tmp/other "$top/scripts/write-apt-repo.sh" --key "$other" "$pkgdir" \
	>"$tmp/out" 2>&1
refused "refused: signed by another key" "[signed-by=$tmp/trusted.gpg]" "$no_key"

rc=0
fetch "$signed_by" || rc=1
grep -q "$other" <(GNUPGHOME=$tmp/other gpg --show-keys --with-colons "$keyring" 2>/dev/null) || rc=1
result $rc "--key: the user's own key signs, and is the one exported"
