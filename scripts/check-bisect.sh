#!/usr/bin/env bash
# usage: scripts/check-bisect.sh [FIRST_COMMIT]
# Builds every commit of build/linux from FIRST_COMMIT (default: the first
# patch) to HEAD on its own, in the worktree build/bisect: the release
# kernel always, perf if the commit touches tools/ outside tools/testing,
# the kselftests if it touches tools/testing. Builds are
# incremental and use ccache, so each step only rebuilds what the patch
# changed. Not part of the test command (it takes a build per patch).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

first=${1:-$(git -C "$LINUX" rev-list --reverse base..HEAD | sed -n 1p)}
[ -n "$first" ] || die "no patches on top of base"
wt=$BUILD/bisect
if [ ! -d "$wt" ]; then
	git -C "$LINUX" worktree add -q --detach "$wt" base
fi

for c in $(git -C "$LINUX" rev-list --reverse "$first^..HEAD"); do
	subject=$(git -C "$LINUX" log -1 --format=%s "$c")
	say "building $(git -C "$LINUX" rev-parse --short "$c") $subject"
	git -C "$wt" checkout -q --detach "$c"
	files=$(git -C "$LINUX" diff-tree --no-commit-id --name-only -r "$c")
	LINUX=$wt CONFIG_CHECK=warn \
		"$TOP/scripts/build-kernel.sh" -o "$BUILD/bisect-kernel" release ||
		die "kernel build fails at: $subject"
	if grep -q '^tools/' <<<"$files" && grep -qv '^tools/testing/' <<<"$files"; then
		LINUX=$wt "$TOP/scripts/build-perf.sh" -o "$BUILD/bisect-perf" ||
			die "perf build fails at: $subject"
	fi
	if grep -q '^tools/testing/' <<<"$files"; then
		LINUX=$wt "$TOP/scripts/build-selftests.sh" -o "$BUILD/bisect-selftests" \
			-k "$BUILD/bisect-kernel" || die "kselftest build fails at: $subject"
	fi
done
say "every commit from $(git -C "$LINUX" rev-parse --short "$first") to HEAD builds"
