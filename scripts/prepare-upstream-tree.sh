#!/usr/bin/env bash
# usage: scripts/prepare-upstream-tree.sh [--reset]
# Makes build/upstream/linux: Debian's linux-source-7.2 (sid) committed
# as the base (tag "base"), then one commit per patch of upstream/series,
# the queue of fixes to mainline's code. As prepare-tree.sh, it does
# nothing if the tree already holds exactly that, leaves a tree with
# unexported work alone, and --reset throws such work away. Edit there
# and export with
#   scripts/export-upstream.py
set -euo pipefail
export PATCHES=${PATCHES:-$(cd "$(dirname "$0")/.." && pwd)/upstream}
. "$(dirname "$0")/lib.sh"
LINUX=$BUILD/upstream/linux

reset=0
[ "${1:-}" = --reset ] && reset=1

deb=$("$TOP/scripts/fetch-suite.sh" sid "$BUILD/sid" linux-source-7.2)
stamp_base=$LINUX/.git/dcp-base
stamp_applied=$LINUX/.git/dcp-applied
want=$(series_id)

if [ "$(cat "$stamp_base" 2>/dev/null)" != "${deb##*/}" ]; then
	unpack_source_deb "$deb" "$LINUX"
	commit_base "${deb##*/}"
	echo "${deb##*/}" >"$stamp_base"
	rm -f "$stamp_applied"
fi

if [ -f "$stamp_applied" ] && [ $reset = 0 ]; then
	read -r applied_series applied_head <"$stamp_applied"
	[ "$applied_series" = "$want" ] && exit 0
	[ "$applied_head" = "$(git -C "$LINUX" rev-parse HEAD)" ] ||
		die "upstream/ changed and $LINUX has unexported work; export it or pass --reset"
fi
say "applying upstream/series to $(make -s -C "$LINUX" kernelversion)"
git -C "$LINUX" checkout -q -f -B queue base
git -C "$LINUX" clean -q -fdx
apply_series
echo "$want $(git -C "$LINUX" rev-parse HEAD)" >"$stamp_applied"
