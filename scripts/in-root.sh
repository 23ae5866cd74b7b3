#!/usr/bin/env bash
# usage: scripts/in-root.sh ROOT COMMAND...
# Runs COMMAND in the Debian root ROOT (scripts/make-root.sh) with the
# project (read-only), build/ and the ccache directory mounted at their
# own paths, so that the project's scripts run there as they do here,
# with ROOT's compiler and libraries. Unmounts what it mounted when
# COMMAND ends.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: $0 ROOT COMMAND..."
root=$(realpath "$1")
shift
[ -x "$root/usr/bin/apt-get" ] || die "$root is not a Debian root (scripts/make-root.sh)"

mounted=()
cleanup() {
	local i
	for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
		umount "${mounted[i]}" || umount -l "${mounted[i]}"
	done
}
trap cleanup EXIT
mnt() {	# mnt TARGET MOUNT-ARGS...: mounts unless something already is
	mkdir -p "$1"
	mountpoint -q "$1" && return
	mount "${@:2}" "$1"
	mounted+=("$1")
}
mkdir -p "$CCACHE_DIR"
mnt "$root/proc" -t proc proc
# The project read-only, build/ writable: should a mount be left behind
# (the script killed), rm -rf build/ cannot reach the project through it.
mnt "$root$TOP" --bind "$TOP"
mount -o remount,bind,ro "$root$TOP"
mnt "$root$BUILD" --bind "$BUILD"
mnt "$root$CCACHE_DIR" --bind "$CCACHE_DIR"

env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
	TERM="${TERM:-dumb}" JOBS="$JOBS" CCACHE_DIR="$CCACHE_DIR" \
	DEBIAN_FRONTEND=noninteractive chroot "$root" "$@"
