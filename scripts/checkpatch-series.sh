#!/usr/bin/env bash
# usage: scripts/checkpatch-series.sh
# Runs the base tree's scripts/checkpatch.pl --strict on every patch of
# $PATCHES/series (patches/series) and prints TAP: a patch with errors fails; warnings and
# checks are shown but do not fail.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# The SPDX check runs "python3" and needs Debian's python3-ply.
export PATH=/usr/bin:$PATH

mapfile -t series < <(series_patches)
echo "1..${#series[@]}"
n=0
for p in "${series[@]}"; do
	n=$((n + 1))
	out=$(cd "$LINUX" && scripts/checkpatch.pl --strict \
		"$PATCHES/$p" 2>&1) || true
	total=$(grep '^total:' <<<"$out" || echo "total: ? errors")
	if grep -q '^total: 0 errors' <<<"$out" &&
	   grep -q '^From: Deferred Callchains Project' "$PATCHES/$p" &&
	   grep -q '^Signed-off-by: Deferred Callchains Project' "$PATCHES/$p"; then
		echo "ok $n checkpatch: $p # $total"
	else
		echo "not ok $n checkpatch: $p ($total, or not the project's identity)"
		sed 's/^/# /' <<<"$out" >&2
	fi
done
