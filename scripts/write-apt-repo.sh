#!/usr/bin/env bash
# usage: scripts/write-apt-repo.sh [--key KEYID] PKGDIR
# Writes PKGDIR/repo, the signed flat apt repository of the packages at
# PKGDIR's top: hard links of the .debs, Packages and Packages.xz
# (apt-ftparchive packages), Release (apt-ftparchive release), InRelease
# and Release.gpg (gpg), and the public key,
# deferred-callchains-archive-keyring.gpg, for apt's signed-by=. Copy
# that folder to the machines. linux-libc-dev stays out of it: its version
# is above the release's, so apt upgrade would replace the system's uapi
# headers with it.
# --key signs with KEYID of the user's own keyring (GNUPGHOME or
# ~/.gnupg). Without it the project's key signs: made on first use in
# APT_KEY_HOME (default ~/.local/share/deferred-callchains/apt-key),
# outside the repository and outside build/, so that a rebuild of the
# repository keeps the key its users trust.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

key=
if [ "${1-}" = --key ]; then
	[ $# -ge 2 ] || die "--key needs a key id"
	key=$2
	shift 2
fi
[ $# -eq 1 ] || die "usage: $0 [--key KEYID] PKGDIR"
pkgdir=$1
ls "$pkgdir"/*.deb >/dev/null 2>&1 || die "no .deb in $pkgdir"

if [ -z "$key" ]; then
	GNUPGHOME=${APT_KEY_HOME:-$HOME/.local/share/deferred-callchains/apt-key}
	export GNUPGHOME
	# gpg starts an agent of its own for this key's home
	trap 'gpgconf --kill gpg-agent' EXIT
	if [ ! -s "$GNUPGHOME/key-id" ]; then
		mkdir -p "$GNUPGHOME"
		chmod 700 "$GNUPGHOME"
		say "making the repository's signing key in $GNUPGHOME"
		gpg --batch --quiet --passphrase '' --quick-gen-key \
			"$GIT_IDENT_NAME archive key ($(hostname)) <$GIT_IDENT_EMAIL>" \
			ed25519 sign never || die "gpg could not make a key in $GNUPGHOME"
		gpg --batch --list-secret-keys --with-colons 2>/dev/null |
			awk -F: '$1 == "fpr" { print $10; exit }' >"$GNUPGHOME/key-id"
	fi
	key=$(cat "$GNUPGHOME/key-id")
fi
gpg --batch --list-secret-keys "$key" >/dev/null 2>&1 ||
	die "no secret key $key${GNUPGHOME:+ in $GNUPGHOME}"

# A new folder, renamed into place: apt-ftparchive indexes every .deb
# below the folder it is given, and a copy of the old repository made
# with hard links (scripts/smoke-package.sh) keeps its own files.
repo=$pkgdir/repo
rm -rf "$repo.new"
mkdir "$repo.new"
for deb in "$pkgdir"/*.deb; do
	case ${deb##*/} in linux-libc-dev_*) continue ;; esac
	ln "$deb" "$repo.new/"
done
cd "$repo.new"
apt-ftparchive packages . >Packages 2>/dev/null
grep -q '^Package: ' Packages || die "apt-ftparchive found no package in $pkgdir"
xz -9 <Packages >Packages.xz
apt-ftparchive -o APT::FTPArchive::Release::Label=deferred-callchains \
	release . >Release.tmp
mv Release.tmp Release
gpg --batch --yes --local-user "$key" --clearsign -o InRelease Release
gpg --batch --yes --local-user "$key" --armor --detach-sign -o Release.gpg Release
gpg --batch --yes --export "$key" >deferred-callchains-archive-keyring.gpg
cd - >/dev/null
rm -rf "$repo"
mv "$repo.new" "$repo"
say "apt repository in $repo, signed by $key"
