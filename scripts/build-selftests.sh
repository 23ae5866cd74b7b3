#!/usr/bin/env bash
# usage: scripts/build-selftests.sh [-o OUTDIR] [-k KERNEL_BUILD_DIR]
# Builds the kselftests the guest runs (tools/testing/selftests/perf_events)
# into build/selftests (or OUTDIR), against the uapi headers installed in
# build/kernel-debug (or KERNEL_BUILD_DIR).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$BUILD/selftests kdir=$BUILD/kernel-debug
while getopts o:k: opt; do
	case $opt in
	o) out=$OPTARG ;;
	k) kdir=$OPTARG ;;
	*) exit 2 ;;
	esac
done
hdr=$kdir/usr/include
[ -d "$hdr/linux" ] || die "no kernel headers in $hdr (scripts/build-kernel.sh)"
for t in perf_events; do
	say "building kselftests: $t"
	mkdir -p "$out/$t"
	make -s -C "$LINUX/tools/testing/selftests/$t" CC="ccache gcc" \
		OUTPUT="$out/$t" KHDR_INCLUDES="-isystem $hdr" \
		>/dev/null
	# A test program left out of TEST_GEN_PROGS would silently not run.
	for c in "$LINUX/tools/testing/selftests/$t"/*.c; do
		grep -q 'TEST_HARNESS_MAIN\|^int main' "$c" || continue
		prog=$(basename "$c" .c)
		[ -x "$out/$t/$prog" ] || die "$t/$prog.c was not built (not in TEST_GEN_PROGS?)"
	done
done
