#!/usr/bin/env bash
# usage: scripts/export-series.sh
# Writes the commits of $LINUX (build/linux) since the tag "base" back to
# $PATCHES (patches/):
# one file per commit, named after its subject (no number, so that
# inserting a patch does not rename the others), no commit hashes or
# version signature, and patches/series in commit order. A patch stays
# in its folder of patches/ (bugfix/ ...); a new one goes where
# scripts/merge-series.py puts it, which also keeps the comment lines
# of the old series.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
grep -q '^# *series .* needs ' "$PATCHES/series" 2>/dev/null &&
	die "$PATCHES holds series for posting: export with scripts/export-upstream.py"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$LINUX" format-patch -q --zero-commit --no-signature -N --no-stat \
	--filename-max-length=80 -o "$tmp/numbered" base..HEAD

mkdir "$tmp/named"
names=()
for f in "$tmp"/numbered/*.patch; do
	name=${f##*/}
	name=${name#[0-9][0-9][0-9][0-9]-}
	[ -e "$tmp/named/$name" ] && die "two patches named $name"
	mv "$f" "$tmp/named/$name"
	names+=("$name")
done
# merge-series.py puts each patch in its folder of the old series.
"$TOP/scripts/merge-series.py" "$PATCHES/series" "${names[@]}" >"$tmp/series"
rm -f "$PATCHES/"*.patch "$PATCHES/"*/*.patch
while read -r path; do
	mkdir -p "$PATCHES/$(dirname "$path")"
	mv "$tmp/named/${path##*/}" "$PATCHES/$path"
done < <(series_patches "$tmp/series")
find "$PATCHES" -mindepth 1 -type d -empty -delete
mv "$tmp/series" "$PATCHES/series"

# The tree now holds exactly the series: record it so that
# prepare-tree.sh sees nothing unexported.
echo "$(series_id) $(git -C "$LINUX" rev-parse HEAD)" >"$LINUX/.git/dcp-applied"
say "exported $(git -C "$LINUX" rev-list --count base..HEAD) patches to $PATCHES"
