# Common settings for the project's scripts; source it, do not run it.
# shellcheck shell=bash

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
SRC_TARBALL=${SRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
LINUX=${LINUX:-$BUILD/linux}
JOBS=${JOBS:-$(nproc)}

# The project's own identity for commits in the unpacked tree.
GIT_IDENT_NAME="Deferred Callchains Project"
GIT_IDENT_EMAIL="deferred-callchains@example.org"

# Fixed so that rebuilds of unchanged sources hit ccache.
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
export KBUILD_BUILD_USER=build KBUILD_BUILD_HOST=deferred-callchains
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
export CCACHE_BASEDIR=$TOP

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

git_linux() {
	git -C "$LINUX" -c user.name="$GIT_IDENT_NAME" \
		-c user.email="$GIT_IDENT_EMAIL" "$@"
}

# The patch file names of patches/series, in order.
series_patches() {
	grep -v '^\s*\(#\|$\)' "$TOP/patches/series"
}

# A digest of the series' content, to tell whether build/linux holds it.
series_id() {
	(cd "$TOP/patches" && series_patches | xargs -r cat) | sha256sum | cut -d' ' -f1
}
