#!/usr/bin/env bash
# usage: scripts/smoke-package.sh [FLAVOUR]
# The smoke test of the packages that scripts/package.sh built in
# build/package-FLAVOUR (cloud-amd64 by default):
# 1. the kernel and perf, taken out of their .debs with dpkg-deb, boot in
#    QEMU with the test initramfs; the deferred kselftests, a short stress
#    test and the deferred perf tests run there (guest/smoke-package.sh);
# 2. the perf package installs over Debian 12's linux-perf with dpkg and
#    is removed again, in a throwaway Debian 12 root that debootstrap
#    makes in build/package-FLAVOUR/debian-root, never on the host.
# Ends with "N passed, N failed, N skipped"; exits 1 if anything failed.
# Not a step of the test command: it needs the packages, whose cold
# build takes 36 minutes (README, "On your own machine").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=${1:-cloud-amd64}
pkgdir=$BUILD/package-$flavour
image=$(find "$pkgdir" -maxdepth 1 -name "linux-image-*-deferred-${flavour}_*.deb" \
	! -name '*-dbg_*' | head -1)
perf_deb=$(find "$pkgdir" -maxdepth 1 -name 'linux-perf_*.deb' | head -1)
[ -n "$image" ] && [ -n "$perf_deb" ] ||
	die "no packages in $pkgdir (scripts/package.sh $flavour)"
results=$pkgdir/results
rm -rf "$results" "$pkgdir/unpacked"
mkdir -p "$results" "$pkgdir/unpacked"

say "unpacking ${image##*/} and ${perf_deb##*/}"
dpkg-deb -x "$image" "$pkgdir/unpacked/image"
dpkg-deb -x "$perf_deb" "$pkgdir/unpacked/perf"
vmlinuz=$(find "$pkgdir/unpacked/image/boot" -name 'vmlinuz-*' | head -1)
[ -n "$vmlinuz" ] || die "no vmlinuz in ${image##*/}"

"$TOP/scripts/build-selftests.sh" -o "$pkgdir/selftests" -k "$pkgdir/linux"
PERF_ROOT=$pkgdir/unpacked/perf KBUILD_DIR=$pkgdir/linux \
	SELFTESTS=$pkgdir/selftests INITRAMFS=$pkgdir/initramfs.cpio \
	"$TOP/scripts/build-initramfs.sh"
say "booting ${vmlinuz##*/} in QEMU (guest log: $results/guest.log)"
INITRAMFS=$pkgdir/initramfs.cpio "$TOP/scripts/run-guest.sh" -s -k "$vmlinuz" \
	-t 1500 -a dcp.run=/guest/smoke-package.sh "$results/guest.log" || true
"$TOP/scripts/check-guest-log.py" --no-kunit "$results/guest.log" \
	>"$results/guest.tap" || true

"$TOP/scripts/check-perf-deb.sh" "$perf_deb" "$pkgdir/debian-root" \
	>"$results/dpkg.tap" || true

"$TOP/scripts/tap-summary.py" "$results"/*.tap
