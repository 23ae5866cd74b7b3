#!/usr/bin/env bash
# usage: scripts/build-kernel.sh [-o OUTDIR] [-u] [debug|release] [FRAGMENT...]
# Builds build/kernel-<flavour>/arch/x86/boot/bzImage (or OUTDIR's) from
# $LINUX (build/linux): ARCH=x86_64 tinyconfig + configs/qemu.config +
# configs/series.config (not with -u, for a tree without the series such
# as build/upstream/linux) (+ configs/debug.config for "debug") + the
# FRAGMENTs, checked so that every requested symbol is in the final
# .config. Also installs the uapi headers in the output directory's
# usr/include.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out="" series=1
while getopts o:u opt; do
	case $opt in
	o) out=$OPTARG ;;
	u) series=0 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
flavour=${1:-debug}
[ $# -gt 0 ] && shift
frags=("$TOP/configs/qemu.config")
[ $series = 0 ] || frags+=("$TOP/configs/series.config")
case $flavour in
debug) frags+=("$TOP/configs/debug.config") ;;
release) ;;
*) die "unknown flavour '$flavour' (debug or release)" ;;
esac
frags+=("$@")
out=${out:-$BUILD/kernel-$flavour}
mkdir -p "$out"
kmake() {
	make -s -C "$LINUX" O="$out" ARCH=x86_64 CC="ccache gcc" \
		HOSTCC="ccache gcc" "$@"
}

# Make the config in a scratch directory so that an unchanged result does
# not touch $out/.config and rebuilds stay incremental.
cfg=$out.config-tmp
rm -rf "$cfg" && mkdir -p "$cfg"
make -s -C "$LINUX" O="$cfg" ARCH=x86_64 tinyconfig >/dev/null
(cd "$cfg" && ARCH=x86_64 "$LINUX/scripts/kconfig/merge_config.sh" -m \
	-O "$cfg" "$cfg/.config" "${frags[@]}" >/dev/null)
make -s -C "$LINUX" O="$cfg" ARCH=x86_64 olddefconfig >/dev/null

# CONFIG_CHECK=warn: symbols of later patches are missing before they apply.
if ! "$TOP/scripts/check-config.sh" "$cfg/.config" "${frags[@]}"; then
	[ "${CONFIG_CHECK:-}" = warn ] || exit 1
	say "warning: continuing with the .config above"
fi
cmp -s "$cfg/.config" "$out/.config" || cp "$cfg/.config" "$out/.config"
rm -rf "$cfg"

say "building kernel ($flavour) in $out"
progress "kernel ($flavour)" "$out" kmake -j"$JOBS" olddefconfig bzImage
kmake headers >/dev/null
