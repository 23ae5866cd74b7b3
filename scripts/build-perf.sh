#!/usr/bin/env bash
# usage: scripts/build-perf.sh [-o OUTDIR]
# Builds perf from build/linux/tools/perf into build/perf or OUTDIR
# (binary: build/perf/perf). Switched off, and why:
#   NO_LIBPERL: the Perl scripting engine; not used by the tests (Python
#     scripting is built: perf script -s, perf script report; the guest
#     gets libpython, ~8 MB, but no Python library)
#   BUILD_BPF_SKEL=0: needs clang and bpftool; BPF counters are not used
#   NO_LIBBABELTRACE: CTF conversion only; NO_JVMTI: Java agent only
#   NO_LIBPFM4: no hardware PMU in the TCG guest
#   NO_LIBLLVM: libLLVM and its dependencies are ~150 MB in the guest;
#     addr2line and objdump do the same work, slower
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$BUILD/perf
if [ "${1:-}" = -o ]; then
	out=$2
	shift 2
fi
mkdir -p "$out"
say "building perf in $out"
perf_make() {
	make -s -C "$LINUX/tools/perf" O="$out" -j"$JOBS" CC="ccache gcc" \
		"${PERF_MAKE_OPTS[@]}" "$@" >"$out/build.log" 2>&1
}
progress perf "$out" perf_make "$@" ||
	{ tail -40 "$out/build.log" >&2; die "perf build failed (log: $out/build.log)"; }
