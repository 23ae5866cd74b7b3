#!/usr/bin/env bash
# usage: scripts/smoke-package.sh [--release trixie|bookworm] [FLAVOUR]
# The smoke test of the packages that scripts/package.sh built in
# build/package-RELEASE-FLAVOUR (trixie and cloud-amd64 by default):
# 1. the kernel and perf, taken out of their .debs with dpkg-deb, boot in
#    QEMU with an initramfs made in the root they were built in, so with
#    that release's libraries; the check a user runs
#    (deferred-callchain-check, from its package: the deferred kselftests
#    and perf tests, perf record -g), the deferred kselftests again with
#    their cases in the log, and a short stress test run there
#    (guest/smoke-package.sh);
# 2. scripts/package.sh runs again, and scripts/check-apt-repo.sh uses
#    the apt repositories of both builds in a throwaway root of the
#    release (build/package-RELEASE-FLAVOUR/apt-root): apt install over
#    Debian's linux-perf through signed-by=, apt upgrade to the rebuild,
#    apt remove, and apt refusing a .deb or Release changed after signing.
# Ends with "N passed, N failed, N skipped"; exits 1 if anything failed.
# Not a step of the test command: it needs the packages, whose cold
# build takes more than half an hour (docs/packaging.md).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

release=trixie
if [ "${1-}" = --release ]; then
	[ $# -ge 2 ] || die "--release needs trixie or bookworm"
	release=$2
	shift 2
fi
flavour=${1:-cloud-amd64}
pkgdir=$BUILD/package-$release-$flavour
root=$BUILD/root-$release
image=$(find "$pkgdir" -maxdepth 1 -name "linux-image-*-deferred-${flavour}_*.deb" \
	! -name '*-dbg_*' | head -1)
perf_deb=$(find "$pkgdir" -maxdepth 1 -name 'linux-perf_*.deb' | head -1)
check_deb=$(find "$pkgdir" -maxdepth 1 -name 'deferred-callchain-check_*.deb' | head -1)
[ -n "$image" ] && [ -n "$perf_deb" ] && [ -n "$check_deb" ] &&
	[ -f "$pkgdir/repo/InRelease" ] ||
	die "no packages in $pkgdir (scripts/package.sh --release $release $flavour)"
results=$pkgdir/results
rm -rf "$results" "$pkgdir/unpacked"
mkdir -p "$results" "$pkgdir/unpacked"

say "unpacking ${image##*/} and ${perf_deb##*/}"
dpkg-deb -x "$image" "$pkgdir/unpacked/image"
dpkg-deb -x "$perf_deb" "$pkgdir/unpacked/perf"
vmlinuz=$(find "$pkgdir/unpacked/image/boot" -name 'vmlinuz-*' | head -1)
[ -n "$vmlinuz" ] || die "no vmlinuz in ${image##*/}"

"$TOP/scripts/in-root.sh" "$root" env PERF_ROOT="$pkgdir/unpacked/perf" CHECK_DEB="$check_deb" \
	KBUILD_DIR="$pkgdir/linux" SELFTESTS="$pkgdir/selftests" \
	INITRAMFS="$pkgdir/initramfs.cpio" "$TOP/scripts/build-initramfs.sh"
say "booting ${vmlinuz##*/} in QEMU (guest log: $results/guest.log)"
INITRAMFS=$pkgdir/initramfs.cpio "$TOP/scripts/run-guest.sh" -s -k "$vmlinuz" \
	-t 1500 -a dcp.run=/guest/smoke-package.sh "$results/guest.log" || true
"$TOP/scripts/check-guest-log.py" --no-kunit "$results/guest.log" \
	>"$results/guest.tap" || true

# The repository of this build, kept (hard links) while package.sh
# rebuilds over it; the rebuild has a newer version.
cp -al "$pkgdir/repo" "$results/repo-old"
say "rebuilding (scripts/package.sh --release $release $flavour, log: $results/rebuild.log)"
rebuild_start=$SECONDS
if "$TOP/scripts/package.sh" --release "$release" "$flavour" >"$results/rebuild.log" 2>&1; then
	say "rebuilt in $((SECONDS - rebuild_start)) s"
	"$TOP/scripts/check-apt-repo.sh" "$release" "$pkgdir/apt-root" \
		"$results/repo-old" "$pkgdir/repo" >"$results/apt.tap" || true
else
	printf '1..1\nnot ok 1 scripts/package.sh rebuild (%s)\n' \
		"$results/rebuild.log" >"$results/apt.tap"
fi

"$TOP/scripts/tap-summary.py" "$results"/*.tap
