#!/usr/bin/env bash
# usage: scripts/install-deps.sh [PACKAGE...]
# Installs the Debian packages the build, the guest and the tests need,
# and the PACKAGEs a script needs on top of those.
# Idempotent: does nothing when everything is already installed.
set -euo pipefail

pkgs=(
	# base source
	linux-source-6.12
	# kernel build
	build-essential bc bison flex libelf-dev libssl-dev cpio xz-utils
	rsync kmod ccache python3 git
	# perf
	pkg-config libdw-dev libtraceevent-dev libunwind-dev libzstd-dev
	liblzma-dev zlib1g-dev libcap-dev libnuma-dev libslang2-dev
	libiberty-dev
	# perf's Python scripting (perf script -s, perf script report)
	python3-dev python3-setuptools
	# guest
	qemu-system-x86 busybox-static
	# kselftests: the deferred callchain tests built 32-bit too (-m32)
	gcc-multilib
	# scripts/build-debian-configs.sh: Debian's kernel configurations
	linux-config-6.12
	# checkpatch.pl's SPDX check (run with Debian's python3)
	python3-ply python3-git
	# tests/perf-data: Debian's perf 6.1 reads what perf inject writes
	linux-perf
	# tests/perf-data: gen-perf-data.py --zstd compresses with zstd(1)
	zstd
	# tests/perf-data: hotspot's perfparser (scripts/get-perfparser.sh)
	libqt5core5a libqt5network5
	# tests/fuzz: perf built with clang, libFuzzer, ASan and UBSan
	clang libclang-rt-14-dev
	# scripts/write-apt-repo.sh and its test: apt-ftparchive, gpg
	apt-utils gnupg
	# the perf top test: perf top in a terminal
	tmux ncurses-base
)
pkgs+=("$@")

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "==> installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
