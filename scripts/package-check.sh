#!/usr/bin/env bash
# usage: scripts/package-check.sh PKGDIR VERSION SELFTESTS
# Packages the check a user runs on the installed kernel as
# PKGDIR/deferred-callchain-check_VERSION_amd64.deb: check/
# deferred-callchain-check as /usr/bin/deferred-callchain-check, and in
# /usr/lib/deferred-callchain-check the deferred callchain kselftests of
# the build directory SELFTESTS (64-bit and the static 32-bit one) and
# its workload (workloads/deepstack.c, built here with frame pointers).
# It depends on the linux-perf of the same VERSION, whose perf and shell
# tests it runs. scripts/build-packages.sh runs it in the release's root;
# the test command runs it on the host and the guest runs the packaged
# check.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: $0 PKGDIR VERSION SELFTESTS"
pkgdir=$(realpath -m "$1") version=$2 selftests=$3
stage=$pkgdir/check-root
deb=$pkgdir/deferred-callchain-check_${version}_amd64.deb
lib=$stage/usr/lib/deferred-callchain-check

rm -rf "$stage"
mkdir -p "$stage/usr/bin" "$lib" "$stage/usr/share/doc/deferred-callchain-check"
install -m 755 "$TOP/check/deferred-callchain-check" "$stage/usr/bin/"
for t in deferred_callchain deferred_callchain_32; do
	[ -x "$selftests/perf_events/$t" ] ||
		die "no $selftests/perf_events/$t (scripts/build-selftests.sh)"
	install -m 755 "$selftests/perf_events/$t" "$lib/"
done
gcc -O1 -g -fno-omit-frame-pointer -fno-optimize-sibling-calls -Wall \
	-o "$lib/deepstack" "$TOP/workloads/deepstack.c"
# symbols stay: the check looks for main() and stack_level() by name
strip --strip-debug "$lib"/*
cp "$LINUX/COPYING" "$stage/usr/share/doc/deferred-callchain-check/copyright"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/debian"
printf 'Source: deferred-callchain-check\n\nPackage: deferred-callchain-check\nArchitecture: amd64\n' \
	>"$tmp/debian/control"
depends=$(cd "$tmp" && dpkg-shlibdeps -O -e"$lib/deepstack" \
	-e"$lib/deferred_callchain" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"

mkdir -p "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<EOF
Package: deferred-callchain-check
Source: linux-deferred-callchains
Version: $version
Architecture: amd64
Maintainer: $GIT_IDENT_NAME <$GIT_IDENT_EMAIL>
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: $depends, linux-perf (= $version), tmux
Section: devel
Priority: optional
Description: Check that deferred user callchains work on this machine
 deferred-callchain-check runs, as root, the deferred callchain
 kselftests (64-bit and 32-bit tasks) and perf's deferred callchain
 tests, then perf record -g with the hardware cycles event, a software
 event and a tracepoint on a workload with a known stack, and writes a
 summary to attach to a bug report.
EOF
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) \
	>"$stage/DEBIAN/md5sums"
rm -f "$pkgdir"/deferred-callchain-check_*.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
rm -rf "$stage"
say "$deb"
