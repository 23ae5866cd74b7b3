#!/usr/bin/env bash
# usage: tests/host/merge-series.sh
# scripts/merge-series.py must keep the series file's comments with
# their patches when patches are added, renamed or dropped.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
case_() {	# case_ NAME OLD WANT NEW-NAME...
	local name=$1 old=$2 want=$3
	shift 3
	n=$((n + 1))
	printf '%b' "$old" >"$tmp/old"
	got=$("$top/scripts/merge-series.py" "$tmp/old" "$@")
	if [ "$got" = "$(printf '%b' "$want")" ]; then
		echo "ok $n merge-series: $name"
	else
		echo "not ok $n merge-series: $name"
		sed 's/^/# /' <<<"$got"
	fi
}
echo "1..8"
case_ "first export keeps the header" '# hdr\n' '# hdr\na.patch' a.patch
case_ "unchanged" '# hdr\n\n# core\na.patch\n# tests\nb.patch\n' \
	'# hdr\n\n# core\na.patch\n# tests\nb.patch' a.patch b.patch
case_ "renamed patch keeps its group" '# core\na.patch\n# tests\nb.patch\n' \
	'# core\na.patch\n# tests\nc.patch' a.patch c.patch
case_ "added patch joins the group above" '# core\na.patch\n# tests\nb.patch\n' \
	'# core\na.patch\nx.patch\n# tests\nb.patch' a.patch x.patch b.patch
case_ "dropped patch leaves its comment" '# core\na.patch\n# tests\nb.patch\n# end\n' \
	'# core\na.patch\n# tests\n# end' a.patch
case_ "patches keep their folders" '# core\na.patch\n# fixes\nbugfix/b.patch\nc.patch\n' \
	'# core\na.patch\n# fixes\nbugfix/b.patch\nc.patch' a.patch b.patch c.patch
case_ "added patch joins the folder above" '# core\na.patch\n# fixes\nbugfix/b.patch\n# tests\nc.patch\n' \
	'# core\na.patch\n# fixes\nbugfix/b.patch\nbugfix/x.patch\n# tests\nc.patch' \
	a.patch b.patch x.patch c.patch
case_ "renamed patch in a folder stays there" '# fixes\nbugfix/b.patch\n# tests\nc.patch\n' \
	'# fixes\nbugfix/y.patch\n# tests\nc.patch' y.patch c.patch
