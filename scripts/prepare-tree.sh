#!/usr/bin/env bash
# usage: scripts/prepare-tree.sh [--reset]
# Makes build/linux: Debian's linux-source-6.12 committed as the base
# (tag "base"), then one commit per patch of patches/series (git am).
# Does nothing if the tree already holds exactly that. A tree with
# commits or changes of its own (the edit loop) is left alone while
# patches/ is unchanged; --reset throws such work away.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

reset=0
[ "${1:-}" = --reset ] && reset=1

base_id=$(source_id)
pkg_version=$(echo "$base_id" | cut -d' ' -f2)
stamp_base=$LINUX/.git/dcp-base
stamp_applied=$LINUX/.git/dcp-applied

unpack_base() {
	unpack_source "$LINUX"
	commit_base "linux-source-6.12 $pkg_version"
	echo "$base_id" >"$stamp_base"
}

if [ ! -f "$stamp_base" ] || [ "$(cat "$stamp_base")" != "$base_id" ]; then
	if [ -d "$LINUX/.git" ] && [ $reset = 0 ] &&
	   [ "$(git -C "$LINUX" rev-parse HEAD)" != "$(cut -d' ' -f2 "$stamp_applied" 2>/dev/null)" ]; then
		die "the base changed but $LINUX has unexported work; export it or pass --reset"
	fi
	unpack_base
fi

version=$(make -s -C "$LINUX" kernelversion)
echo "$version (Debian linux-source-6.12 $pkg_version)" >"$BUILD/base-version"

want=$(series_id)
head=$(git -C "$LINUX" rev-parse HEAD)
if [ -f "$stamp_applied" ] && [ $reset = 0 ]; then
	read -r applied_series applied_head <"$stamp_applied"
	dirty=$(git -C "$LINUX" status --porcelain --untracked-files=no)
	if [ "$applied_head" = "$head" ] && [ -z "$dirty" ]; then
		[ "$applied_series" = "$want" ] && exit 0
	elif [ "$applied_series" = "$want" ]; then
		say "build/linux has work beyond patches/ (not exported): using it as it is"
		exit 0
	else
		die "patches/ changed and $LINUX has unexported work; export it (scripts/export-series.sh) or pass --reset"
	fi
fi

say "applying patches/series to $version"
git -C "$LINUX" checkout -q -f -B series base
git -C "$LINUX" clean -q -fdx
apply_series
echo "$want $(git -C "$LINUX" rev-parse HEAD)" >"$stamp_applied"
