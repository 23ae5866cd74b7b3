#!/usr/bin/env bash
# usage: scripts/build-mainline-perf.sh [--no-asan]
# Mainline's perf, from Debian's linux-source-7.2 (sid), built the way
# build-perf.sh builds ours: build/mainline/perf/perf, and with
# AddressSanitizer build/mainline/perf-asan/perf (not with --no-asan). The Rust test workload
# is left out (NO_RUST=1): with Debian 12's toolchain its archive makes ar
# abort with "LLVM ERROR: Invalid encoding". The source is unpacked once
# into build/mainline/linux-source-7.2.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=$BUILD/mainline
src=$dir/linux-source-7.2
if [ ! -f "$src/tools/perf/Makefile.perf" ]; then
	deb=$("$TOP/scripts/fetch-suite.sh" sid "$BUILD/sid" linux-source-7.2)
	say "unpacking ${deb##*/}"
	rm -rf "$src"
	mkdir -p "$dir"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO ./usr/src/linux-source-7.2.tar.xz | tar -xJ -C "$dir"
fi

LINUX=$src "$TOP/scripts/build-perf.sh" -o "$dir/perf" NO_RUST=1
[ "${1:-}" = --no-asan ] && exit 0
LINUX=$src "$TOP/scripts/build-perf.sh" -o "$dir/perf-asan" NO_RUST=1 \
	EXTRA_CFLAGS="-fsanitize=address -fno-omit-frame-pointer"
