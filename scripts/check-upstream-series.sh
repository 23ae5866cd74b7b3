#!/usr/bin/env bash
# usage: scripts/check-upstream-series.sh [FOLDER...]
# Applies each series of upstream/ (or the FOLDERs named) to Debian's
# linux-source-7.2 (the tag "base" of build/upstream/linux) after only
# the series it needs, with plain git am as a maintainer would, and
# builds what it touches: the queue's debug kernel for a kernel series,
# its kselftests for one with selftests, perf for a tools/perf one.
# Prints TAP, a line per series, and fails if one fails. Needs
# scripts/prepare-upstream-tree.sh first. About 30 min cold on 2 cores
# (three kernel builds into one directory, two kselftest and three perf
# builds, ccache); a series that did not change since its last check is
# skipped.
set -euo pipefail
export PATCHES=${PATCHES:-$(cd "$(dirname "$0")/.." && pwd)/upstream}
. "$(dirname "$0")/lib.sh"
queue=$BUILD/upstream/linux
out=$BUILD/upstream/alone
tree=$out/linux
[ -d "$queue/.git" ] || die "no $queue: run scripts/prepare-upstream-tree.sh"

# "FOLDER NEEDS..." per series, in the order of upstream/series.
mapfile -t series < <(sed -n 's/^# *series \([^ ]*\) needs \(.*\)$/\1 \2/p' "$PATCHES/series" |
	sed 's/ -$//')
if [ $# -gt 0 ]; then
	for f; do
		printf '%s\n' "${series[@]}" | grep -qE "^$f( |$)" ||
			die "upstream/series names no series $f"
	done
	mapfile -t series < <(printf '%s\n' "${series[@]}" |
		grep -E "^($(IFS='|'; echo "$*"))( |$)")
fi
[ -d "$tree" ] || git -C "$queue" worktree add -q --detach "$tree" base

echo "1..${#series[@]}"
n=0 failed=0
for line in "${series[@]}"; do
	n=$((n + 1))
	read -r folder needs <<<"$line"
	files=()
	for f in $needs $folder; do
		for p in "$PATCHES/$f"/0*.patch; do
			[ "${p##*/}" = 0000-cover-letter.patch ] || files+=("$p")
		done
	done
	digest=$(cat "${files[@]}" | sha256sum | cut -d' ' -f1)
	if [ "$(cat "$out/$folder.ok" 2>/dev/null)" = "$digest" ]; then
		echo "ok $n $folder # SKIP unchanged since its last check"
		continue
	fi
	git -C "$tree" am --abort >/dev/null 2>&1 || true
	git -C "$tree" checkout -q -f --detach base
	git -C "$tree" clean -q -fdx
	if ! LINUX=$tree git_linux am -q --keep-cr "${files[@]}" >"$out/$folder.log" 2>&1; then
		git -C "$tree" am --abort >>"$out/$folder.log" 2>&1 || true
		failed=1
		echo "not ok $n $folder does not apply after ${needs:-7.2.13 alone} ($out/$folder.log)"
		continue
	fi
	touched=$(git -C "$tree" diff --name-only base HEAD)
	built=()
	if grep -qv '^tools/' <<<"$touched"; then
		LINUX=$tree "$TOP/scripts/build-kernel.sh" -u -o "$out/kernel" debug \
			>>"$out/$folder.log" 2>&1 && built+=(kernel) || built+=(FAIL:kernel)
	fi
	# Against this series' kernel headers only.
	if grep -q '^tools/testing/selftests/' <<<"$touched" &&
	   [[ " ${built[*]} " = *" kernel "* ]]; then
		LINUX=$tree "$TOP/scripts/build-selftests.sh" -o "$out/selftests" \
			-k "$out/kernel" >>"$out/$folder.log" 2>&1 &&
			built+=(selftests) || built+=(FAIL:selftests)
	fi
	if grep -q '^tools/perf/' <<<"$touched"; then
		LINUX=$tree "$TOP/scripts/build-perf.sh" -o "$out/perf" NO_RUST=1 \
			>>"$out/$folder.log" 2>&1 && built+=(perf) || built+=(FAIL:perf)
	fi
	if [[ " ${built[*]} " = *FAIL:* ]]; then
		failed=1
		echo "not ok $n $folder applies after ${needs:-7.2.13 alone}; builds: ${built[*]} ($out/$folder.log)"
	else
		echo "$digest" >"$out/$folder.ok"
		echo "ok $n $folder applies after ${needs:-7.2.13 alone} and builds: ${built[*]}"
	fi
done
exit $failed
