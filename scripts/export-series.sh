#!/usr/bin/env bash
# usage: scripts/export-series.sh
# Writes the commits of build/linux since the tag "base" back to patches/:
# one file per commit, named after its subject (no number, so that
# inserting a patch does not rename the others), no commit hashes or
# version signature, and patches/series in commit order.
# Comment lines of the old series stay (scripts/merge-series.py).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$LINUX" format-patch -q --zero-commit --no-signature -N --no-stat \
	--filename-max-length=80 -o "$tmp" base..HEAD

rm -f "$TOP/patches/"*.patch
names=()
for f in "$tmp"/*.patch; do
	name=${f##*/}
	name=${name#[0-9][0-9][0-9][0-9]-}
	[ -e "$TOP/patches/$name" ] && die "two patches named $name"
	cp "$f" "$TOP/patches/$name"
	names+=("$name")
done
"$TOP/scripts/merge-series.py" "$TOP/patches/series" "${names[@]}" >"$tmp/series"
mv "$tmp/series" "$TOP/patches/series"

# The tree now holds exactly the series: record it so that
# prepare-tree.sh sees nothing unexported.
echo "$(series_id) $(git -C "$LINUX" rev-parse HEAD)" >"$LINUX/.git/dcp-applied"
say "exported $(git -C "$LINUX" rev-list --count base..HEAD) patches to patches/"
