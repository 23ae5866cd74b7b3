# Common settings for the project's scripts; source it, do not run it.
# shellcheck shell=bash

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
SRC_TARBALL=${SRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# Absolute: the scripts cd into other directories
LINUX=$(realpath -m "${LINUX:-$BUILD/linux}")
# The patch queue that LINUX holds: patches/ (6.12), upstream/ (7.2)
PATCHES=$(realpath -m "${PATCHES:-$TOP/patches}")
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

# ASAN_OPTIONS for a perf built with ASan that reads made-up perf.data
# files: a size from the file must not become an allocation of gigabytes
# (docs/hardening.md), and leaks are the fuzz harness's job.
PERF_ASAN_OPTIONS=abort_on_error=1:detect_leaks=0:max_allocation_size_mb=2048

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# progress WHAT DIR COMMAND...: runs COMMAND and, while it runs, says
# every 30 s (PROGRESS_EVERY) how long it has taken and how many object
# files it has written under DIR, so that a long build shows how far it is.
progress() {
	local what=$1 dir=$2 start=$SECONDS stamp ticker rc=0
	shift 2
	stamp=$(mktemp)
	while sleep "${PROGRESS_EVERY:-30}"; do
		say "$what: $((SECONDS - start)) s, $(find "$dir" -name '*.o' \
			-newer "$stamp" 2>/dev/null | wc -l) objects compiled"
	done &
	ticker=$!
	"$@" || rc=$?
	kill "$ticker" 2>/dev/null
	wait "$ticker" 2>/dev/null || true
	rm -f "$stamp"
	return "$rc"
}

# The make options of every perf build; scripts/build-perf.sh says why.
# Python scripting with Debian's Python, whatever python3 PATH finds.
PERF_MAKE_OPTS=(NO_LIBPERL=1 BUILD_BPF_SKEL=0 NO_LIBBABELTRACE=1
	NO_JVMTI=1 NO_LIBPFM4=1 NO_LIBLLVM=1
	PYTHON=/usr/bin/python3 PYTHON_CONFIG=/usr/bin/python3-config)

git_linux() {
	git -C "$LINUX" -c user.name="$GIT_IDENT_NAME" \
		-c user.email="$GIT_IDENT_EMAIL" "$@"
}

# The patch files of $PATCHES/series (or of the series file given), in
# order, as paths below $PATCHES.
series_patches() {
	grep -v '^\s*\(#\|$\)' "${1:-$PATCHES/series}" || [ $? = 1 ]
}

# A digest of the series' content, to tell whether $LINUX holds it.
series_id() {
	(cd "$PATCHES" && series_patches | xargs -r cat) | sha256sum | cut -d' ' -f1
}

# What the installed linux-source-6.12 is: "linux-source-6.12 VERSION
# SIZE", to tell whether an unpacked tree holds it; dies without it.
source_id() {
	local version
	version=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null) ||
		die "linux-source-6.12 is not installed (scripts/install-deps.sh)"
	echo "linux-source-6.12 $version $(stat -c %s "$SRC_TARBALL")"
}

# unpack_source DIR: Debian's linux-source-6.12 as it is, in DIR.
unpack_source() {
	local dir=$1 parent
	parent=$(dirname "$dir")
	say "unpacking $SRC_TARBALL into $dir"
	rm -rf "$dir" "$parent/linux-source-6.12"
	mkdir -p "$parent"
	tar -xJf "$SRC_TARBALL" -C "$parent"
	mv "$parent/linux-source-6.12" "$dir"
}

# unpack_source_deb DEB DIR: the kernel source of Debian's
# linux-source-7.2 package DEB, as it is, in DIR.
unpack_source_deb() {
	local deb=$1 dir=$2 parent
	parent=$(dirname "$dir")
	say "unpacking ${deb##*/} into $dir"
	rm -rf "$dir" "$parent/linux-source-7.2"
	mkdir -p "$parent"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO ./usr/src/linux-source-7.2.tar.xz | tar -xJ -C "$parent"
	mv "$parent/linux-source-7.2" "$dir"
}

# commit_base NAME: makes $LINUX, an unpacked Debian source, a git tree
# whose first commit, tagged "base", is "Debian NAME". Debian's
# .gitignore ignores every top-level path (its packaging repository
# holds only debian/): that rule goes, so that new files show up in git
# status and git add.
commit_base() {
	sed -i '/^# Debian packaging: ignore everything/,$d' "$LINUX/.gitignore"
	sed -i '${/^#$/d}' "$LINUX/.gitignore"
	git -C "$LINUX" init -q -b base-tree
	git -C "$LINUX" add -A -f
	git_linux commit -q --date="@0 +0000" -m "Debian $1" \
		-m "Unmodified but for Debian's ignore-everything rule in .gitignore."
	git -C "$LINUX" tag -f base >/dev/null
}

# apply_series: commits each patch of $PATCHES/series on top of $LINUX's
# HEAD (git am); says which one does not apply. Three-way, for a series
# of upstream/ made on 7.2.13 alone that follows another in the queue.
apply_series() {
	local p
	while read -r p; do
		if ! git_linux am -q -3 --keep-cr --committer-date-is-author-date \
			"$PATCHES/$p" >/dev/null 2>"$BUILD/am.log"; then
			git -C "$LINUX" am --abort || true
			cat "$BUILD/am.log" >&2
			die "$PATCHES/$p does not apply to $LINUX; rebase the series"
		fi
	done < <(series_patches)
}

# apt_site LABEL: the archive this machine's apt sources name for LABEL
# (Debian, Debian-Security), as apt's index targets give it; empty if
# none. DEBIAN_MIRROR overrides the Debian one.
apt_site() {
	if [ "$1" = Debian ] && [ -n "${DEBIAN_MIRROR:-}" ]; then
		echo "$DEBIAN_MIRROR"
		return
	fi
	apt-get indextargets --format '$(LABEL) $(SITE)' 'Identifier: Packages' |
		awk -v label="$1" '$1 == label { print $2; exit }'
}

# root_mounts ROOT: the mount points below ROOT (scripts/in-root.sh's),
# deepest first.
root_mounts() {
	awk -v root="$(realpath "$1")/" 'index($2, root) == 1 { print $2 }' \
		/proc/self/mounts | sort -r
}

# clocks_of ARG: the guest clocks that a benchmark's -c ARG names (icount,
# tcg or both), for scripts/run-guest.sh with -i or without
clocks_of() {
	case $1 in
	icount|tcg) echo "$1" ;;
	both) echo "icount tcg" ;;
	*) die "-c takes icount, tcg or both" ;;
	esac
}
