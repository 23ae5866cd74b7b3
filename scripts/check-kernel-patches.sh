#!/usr/bin/env bash
# usage: scripts/check-kernel-patches.sh [-c release|debug]... [FIRST_COMMIT]
# Checks each kernel patch of build/linux on its own, from FIRST_COMMIT
# (default: the first patch) to the last commit that touches the kernel
# outside tools/: it builds the release and the debug kernel (or the -c
# configurations only), in the worktree build/bisect, and where the
# commit touches kernel/unwind/ and the tree has the KUnit suite, boots
# each kernel without an init so that the unwind_deferred suite runs,
# and requires every case to pass. Builds are incremental and use
# ccache; a run takes 47 min on 2 cores cold, 17 with a warm ccache (11
# kernel patches, two configurations; most patches change a header that
# much of the kernel includes).
# Not part of the test command.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

configs=()
while getopts c: opt; do
	case $opt in
	c) configs+=("$OPTARG") ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ ${#configs[@]} -gt 0 ] || configs=(release debug)

last=$(git -C "$LINUX" log -1 --format=%H base..HEAD -- . ':!tools')
[ -n "$last" ] || die "no kernel patches on top of base"
first=${1:-$(git -C "$LINUX" rev-list --reverse base..HEAD | sed -n 1p)}
wt=$BUILD/bisect
if [ ! -d "$wt" ]; then
	git -C "$LINUX" worktree add -q --detach "$wt" base
fi
out=$BUILD/check-kernel-patches
mkdir -p "$out"
# No init: KUnit runs during boot, then the kernel panics and QEMU exits.
empty=$out/empty.cpio
[ -f "$empty" ] || (cd "$(mktemp -d)" && echo . | cpio -o -H newc 2>/dev/null) >"$empty"

n=0
for c in $(git -C "$LINUX" rev-list --reverse "$first^..$last"); do
	files=$(git -C "$LINUX" diff-tree --no-commit-id --name-only -r "$c")
	grep -qv '^tools/' <<<"$files" || continue
	subject=$(git -C "$LINUX" log -1 --format=%s "$c")
	git -C "$wt" checkout -q --detach "$c"
	for config in "${configs[@]}"; do
		say "$config: $subject"
		LINUX=$wt CONFIG_CHECK=warn "$TOP/scripts/build-kernel.sh" \
			-o "$BUILD/bisect-$config" "$config" 2>"$out/build.log" || {
			cat "$out/build.log" >&2
			die "the $config kernel does not build at: $subject"
		}
		if ! grep -q '^kernel/unwind/' <<<"$files" ||
			[ ! -f "$wt/kernel/unwind/deferred_kunit.c" ]; then
			continue
		fi
		log=$out/kunit-$config.log
		INITRAMFS=$empty "$TOP/scripts/run-guest.sh" -k "$BUILD/bisect-$config" \
			-t 300 -a kunit.filter_glob=unwind_deferred "$log" || true
		result=$(grep -o '# unwind_deferred: pass:[0-9]* fail:[0-9]* skip:[0-9]* total:[0-9]*' "$log") ||
			die "no KUnit result from the $config kernel at: $subject (log: $log)"
		say "$config: $result"
		case $result in
		*" fail:0 skip:0 "*) ;;
		*) grep 'not ok' "$log" >&2
		   die "KUnit fails in the $config kernel at: $subject" ;;
		esac
	done
	n=$((n + 1))
done
say "$n kernel patches build in ${configs[*]}, and KUnit passes where they touch kernel/unwind"
