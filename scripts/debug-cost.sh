#!/usr/bin/env bash
# usage: scripts/debug-cost.sh [NAME...]
# Benchmark, not a test: what each bug detector of configs/debug.config
# costs. For the release kernel alone and with each detector added
# (names: release lockdep atomic-sleep kasan kmemleak debug; default:
# all), builds from scratch with ccache off into build/cost/<name> and
# boots it three times; prints the build's wall time, the bzImage size
# and the time from power-on to /init in the guest.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

declare -A frag=(
	[release]=""
	[lockdep]="CONFIG_DEBUG_KERNEL=y CONFIG_PROVE_LOCKING=y"
	[atomic-sleep]="CONFIG_DEBUG_KERNEL=y CONFIG_DEBUG_ATOMIC_SLEEP=y"
	[kasan]="CONFIG_DEBUG_KERNEL=y CONFIG_SLUB_TINY=n CONFIG_KASAN=y CONFIG_KASAN_GENERIC=y CONFIG_KASAN_INLINE=y"
	[kmemleak]="CONFIG_DEBUG_KERNEL=y CONFIG_DEBUG_KMEMLEAK=y CONFIG_DEBUG_KMEMLEAK_AUTO_SCAN=n"
	[debug]=""
)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(release lockdep atomic-sleep kasan kmemleak debug)

printf '%-13s %10s %10s  %s\n' variant build_s bzImage boot_to_init_s
for name in "${names[@]}"; do
	[ -n "${frag[$name]+set}" ] || die "unknown variant $name"
	out=$BUILD/cost/$name
	rm -rf "$out"
	mkdir -p "$out"
	extra=()
	if [ "$name" != release ] && [ "$name" != debug ]; then
		for kv in ${frag[$name]}; do
			case $kv in
			*=n) echo "# ${kv%=n} is not set" ;;
			*) echo "$kv" ;;
			esac
		done >"$out.config"
		extra=("$out.config")
	fi
	flavour=release
	[ "$name" = debug ] && flavour=debug
	start=$SECONDS
	CCACHE_DISABLE=1 "$TOP/scripts/build-kernel.sh" -o "$out" "$flavour" \
		"${extra[@]}" >"$out.log" 2>&1 || die "build of $name failed ($out.log)"
	build_s=$((SECONDS - start))
	size=$(stat -c %s "$out/arch/x86/boot/bzImage")
	boot=$("$TOP/scripts/boot-time.sh" 3 -k "$out" | sed 's/.*init at min [0-9.]* median \([0-9.]*\).*/\1/')
	printf '%-13s %10s %9sK  %s\n' "$name" "$build_s" "$((size / 1024))" "$boot"
done
