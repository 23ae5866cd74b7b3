#!/usr/bin/env bash
# usage: scripts/get-readers.sh
# Three perf.data readers of newer Debian suites, runnable here without
# installing them: each runs with its own suite's dynamic loader and
# libraries, unpacked (dpkg-deb -x) into one root per suite:
#   build/readers/bin/samply          samply (sid): samply import perf.data
#   build/readers/bin/perfparser-1.6  hotspot's perfparser (sid)
#   build/readers/bin/perf-6.12       perf (trixie's linux-perf)
# The .debs come through scripts/fetch-suite.sh --closure (a private apt
# state in build/readers/debs/SUITE, the machine's own Debian archive),
# which brings each package with all that it needs. hotspot is the
# exception: its closure is the KDE GUI (over 300 packages), while the
# perfparser in it links only Qt 6 core and network, elfutils, zstd and
# the C++ runtime, so hotspot comes alone and those libraries with
# their closure. A second run finds the roots and the wrappers there
# and only prints the versions.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=$BUILD/readers
bin=$dir/bin
sid_pkgs=(samply libqt6core6t64 libqt6network6 libdw1t64 libelf1t64
	  libzstd1 libstdc++6)
trixie_pkgs=(linux-perf)

# unpack SUITE PACKAGE...: the closure of PACKAGE... from SUITE, and
# hotspot with no dependencies for sid, unpacked into $dir/SUITE. The
# packages asked for are kept in $dir/SUITE/.packages: a root that has
# them is left as it is, with its wrappers.
unpack() {
	local suite=$1 root=$dir/$1 debs deb
	shift
	[ "$(cat "$root/.packages" 2>/dev/null)" = "$*" ] && return 0
	say "$suite: downloading $* and what they need"
	debs=$("$TOP/scripts/fetch-suite.sh" --closure "$suite" "$dir/debs/$suite" "$@")
	if [ "$suite" = sid ]; then
		debs+=$'\n'$("$TOP/scripts/fetch-suite.sh" sid "$dir/debs/sid" hotspot)
	fi
	say "$suite: unpacking $(wc -l <<<"$debs") packages into $root"
	rm -rf "$root"
	mkdir -p "$root"
	# and the wrappers into the old root, to be written anew
	# (none on a first run: grep fails then)
	grep -l "/\.\./$suite\"" "$bin"/* 2>/dev/null | xargs -r rm -f || :
	for deb in $debs; do
		dpkg-deb -x "$deb" "$root"
		dpkg-deb -W --showformat='${Package} ${Version}\n' "$deb" >>"$root/.versions"
	done
	echo "$*" >"$root/.packages"
}

# wrapper NAME SUITE PROGRAM [VAR=VALUE...]: $bin/NAME runs PROGRAM of
# the SUITE root (a path in it) with the root's loader and libraries, in
# the environment VAR=VALUE... ($r in a VALUE: the root). It fails when
# the loader finds not every library.
wrapper() {
	local name=$1 suite=$2 prog=$3 root=$dir/$2 ld libs v out
	shift 3
	ld=$(first "$root" {usr/,}lib64/ld-linux-x86-64.so.2)
	[ -n "$ld" ] || die "$suite: no dynamic loader in $root"
	[ -x "$root/$prog" ] || die "$suite: no $prog in $root"
	libs=
	for v in {,usr/}lib/x86_64-linux-gnu; do
		[ ! -d "$root/$v" ] || libs+=${libs:+:}\$r/$v
	done
	# A library that the loader does not find on the path is in a
	# directory of its own (libproxy's backend, by RUNPATH): add it.
	while :; do
		out=$("$root/$ld" --library-path "${libs//\$r/$root}" --list \
			"$root/$prog" 2>&1) && ! grep -q 'not found' <<<"$out" && break
		v=$(sed -n 's/.*error while loading shared libraries: \([^:]*\):.*/\1/p
			s/^[[:space:]]*\([^ ]*\) => not found.*/\1/p' <<<"$out" | head -1)
		[ -n "$v" ] || die "$name: $out"
		v=$(cd "$root" && find . -name "$v" -printf '%h\n' -quit)
		[ -n "$v" ] && [[ ":$libs:" != *":\$r/${v#./}:"* ]] ||
			die "$name: libraries missing in $root: $out"
		libs+=:\$r/${v#./}
	done
	mkdir -p "$bin"
	{
		echo '#!/bin/sh'
		echo "# $name: /$prog of Debian $suite with $suite's loader and"
		echo "# libraries, from the root that scripts/get-readers.sh unpacked."
		echo "r=\$(cd \"\$(dirname \"\$0\")/../$suite\" && pwd)"
		for v in "$@"; do echo "export ${v%%=*}=\"${v#*=}\""; done
		echo "exec \"\$r/$ld\" --library-path \"$libs\" \"\$r/$prog\" \"\$@\""
	} >"$bin/$name.new"
	chmod +x "$bin/$name.new"
	mv "$bin/$name.new" "$bin/$name"
}

# first ROOT PATH...: the first PATH that is in ROOT
first() {
	local root=$1 p
	shift
	for p; do
		[ -e "$root/$p" ] && { echo "$p"; return; }
	done
	return 0
}

start=$SECONDS
unpack sid "${sid_pkgs[@]}"
unpack trixie "${trixie_pkgs[@]}"
pp=$(first "$dir/sid" usr/libexec/hotspot-perfparser \
	usr/lib/x86_64-linux-gnu/libexec/hotspot-perfparser)
[ -n "$pp" ] || die "no hotspot-perfparser in $dir/sid"
# perf's own programs (perf-archive, dlfilters, scripts) and, for perf
# script -s, the Python 3.13 of the root (perf embeds it).
[ -x "$bin/samply" ] || wrapper samply sid usr/bin/samply
[ -x "$bin/perfparser-1.6" ] || wrapper perfparser-1.6 sid "$pp"
[ -x "$bin/perf-6.12" ] || wrapper perf-6.12 trixie usr/bin/perf \
	'PERF_EXEC_PATH=$r/usr/lib/perf-core' 'PYTHONHOME=$r/usr'
[ $((SECONDS - start)) -lt 2 ] || say "readers ready in $((SECONDS - start)) s"

for suite in sid trixie; do
	say "$suite: $(du -ch "$dir/debs/$suite"/*.deb | tail -1 | cut -f1) of .debs," \
		"$(du -sh "$dir/$suite" | cut -f1) unpacked"
done
echo "$bin/samply: $("$bin/samply" --version) (Debian $(awk '$1 == "samply" { print $2 }' "$dir/sid/.versions"))"
echo "$bin/perfparser-1.6: $("$bin/perfparser-1.6" --version) (Debian hotspot $(awk '$1 == "hotspot" { print $2 }' "$dir/sid/.versions"))"
echo "$bin/perf-6.12: $("$bin/perf-6.12" --version) (Debian $(awk '$1 == "linux-perf" { print $2 }' "$dir/trixie/.versions"))"
