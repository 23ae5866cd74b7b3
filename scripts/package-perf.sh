#!/usr/bin/env bash
# usage: scripts/package-perf.sh PKGDIR VERSION
# Builds perf from build/linux and packages it as PKGDIR/linux-perf_*.deb
# of VERSION, laid out as Debian's linux-perf: /usr/bin/perf,
# /usr/lib/perf-core (scripts, tests, dlfilters), perf's Python module,
# /usr/share/perf-core, /usr/include/perf, gzipped man pages, bash
# completion, and the diversions of linux-base's perf wrapper that
# Debian's package makes, so that it installs over Debian's linux-perf of
# a lower version and dpkg -r removes it cleanly. scripts/build-packages.sh
# runs it, in the root of the release.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: $0 PKGDIR VERSION"
pkgdir=$1 version=$2
out=$pkgdir/perf stage=$pkgdir/perf-root
deb=$pkgdir/linux-perf_${version}_amd64.deb

say "building perf for linux-perf $version"
mkdir -p "$out"
rm -rf "$stage"
# Debian's features: perl and python scripting, babeltrace (perf data
# convert), CoreSight decoding; the paths are Debian's too. asciidoc is
# a Debian Python script: Debian's python3 first.
# Makefile.perf itself: the wrapper Makefile hands it command-line
# variables only as environment, which its own perfexecdir and tipdir
# override.
pmake() {
	PATH=/usr/bin:$PATH make -s -C "$LINUX/tools/perf" -f Makefile.perf \
		O="$out" \
		CC="ccache gcc" NO_JVMTI=1 NO_LIBPFM4=1 NO_LIBLLVM=1 \
		BUILD_BPF_SKEL=0 CORESIGHT=1 PYTHON=/usr/bin/python3 \
		PYTHON_CONFIG=/usr/bin/python3-config prefix=/usr \
		perfexecdir=lib/perf-core tipdir=share/doc/linux-perf \
		DESTDIR="$stage" "$@" >>"$out/install.log" 2>&1 ||
		{ tail -20 "$out/install.log" >&2; die "perf $*: failed"; }
}
: >"$out/install.log"
progress perf "$out" pmake -j"$JOBS" install
# not in parallel with the build: its pages are made by the install
pmake install-man

# Debian's places for the completion and the man pages; no "trace"
# link, which Debian's package does not have either
rm "$stage/usr/bin/trace"
mkdir -p "$stage/usr/share/bash-completion/completions"
mv "$stage/etc/bash_completion.d/perf" \
	"$stage/usr/share/bash-completion/completions/perf"
rm -rf "${stage:?}/etc"
find "$stage/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +
# perf's Python module (import perf), where Debian's package has it
mkdir -p "$stage/usr/lib/python3/dist-packages"
cp "$out"/python/perf.cpython-*.so "$stage/usr/lib/python3/dist-packages/"
strip --strip-unneeded "$stage"/usr/lib/python3/dist-packages/perf.cpython-*.so
mkdir -p "$stage/usr/share/doc/linux-perf"
cp "$LINUX/COPYING" "$stage/usr/share/doc/linux-perf/copyright"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/debian"
printf 'Source: linux-perf\n\nPackage: linux-perf\nArchitecture: amd64\n' \
	>"$tmp/debian/control"
# The 32-bit and x32 vDSO readers only run where those libcs are: not a
# dependency, as in Debian's package.
mapfile -t elfs < <(find "$stage" -type f \( -perm -u+x -o -name '*.so' \) \
	! -name 'perf-read-vdso*' \
	-exec sh -c 'head -c4 "$1" | grep -q ELF' _ {} \; -print)
depends=$(cd "$tmp" && dpkg-shlibdeps -O "${elfs[@]/#/-e}" 2>/dev/null |
	sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"

mkdir -p "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<EOF
Package: linux-perf
Source: linux-deferred-callchains
Version: $version
Architecture: amd64
Maintainer: $GIT_IDENT_NAME <$GIT_IDENT_EMAIL>
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: $depends, perl:any, python3:any
Section: devel
Priority: optional
Homepage: https://www.kernel.org/
Description: Performance analysis tools for Linux, with deferred user callchains
 perf from Linux ${version%%-*} with the deferred user callchain series:
 perf record -g asks the kernel to walk user stacks once per kernel
 entry, and perf report, perf script and the other commands stitch them
 back onto every sample. It replaces Debian's linux-perf of the same name.
EOF
# The diversions of Debian's linux-perf, so that the two replace each
# other cleanly (preinst adds them, postrm on remove takes them back).
diversions='for wrapper in /usr/bin/perf \
	       /usr/share/bash-completion/completions/perf \
	       /usr/share/man/man1/perf.1.gz; do
	diversion="${wrapper%/perf*}/perf.wrapper${wrapper#*/perf}"
	dpkg-divert --package linux-perf --divert "$diversion" --rename \
		--$op "$wrapper"
done'
printf '#!/bin/sh\nset -e\nif [ "$1" = install ] || [ "$1" = upgrade ]; then\nop=add\n%s\nfi\n' \
	"$diversions" >"$stage/DEBIAN/preinst"
printf '#!/bin/sh\nset -e\nif [ "$1" = remove ]; then\nop=remove\n%s\nfi\n' \
	"$diversions" >"$stage/DEBIAN/postrm"
chmod 755 "$stage/DEBIAN/preinst" "$stage/DEBIAN/postrm"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) \
	>"$stage/DEBIAN/md5sums"

rm -f "$pkgdir"/linux-perf_*.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
say "$deb"
