#!/usr/bin/env bash
# usage: scripts/build-perf-fuzz.sh [-o OUTDIR]
# Builds perf with clang, AddressSanitizer, UndefinedBehaviorSanitizer
# (every finding aborts) and libFuzzer's coverage into build/perf-fuzz,
# then links tests/fuzz/perf-data-fuzz.c with perf's objects as perf is
# linked (tests/fuzz/fuzz.mk) into the libFuzzer binary
# build/perf-fuzz/perf-data-fuzz (or OUTDIR). Redoes only what changed.
# LINUX=TREE builds another tree (a scratch copy with fixes, say).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$BUILD/perf-fuzz
[ "${1:-}" = -o ] && out=$(realpath -m "${2:?usage: build-perf-fuzz.sh [-o OUTDIR]}")
# Not -fsanitize=alignment: perf reads records in place where the file
# has them, and valid files have records at any offset (what follows a
# PERF_RECORD_COMPRESSED); x86 loads them unaligned (docs/hardening.md).
san="-fsanitize=address,undefined -fno-sanitize=alignment -fno-sanitize-recover=all"
# No Python: the harness links perf's objects without libpython.
opts=(CC="ccache clang" WERROR=0 NO_LIBPYTHON=1
	EXTRA_CFLAGS="-g -fno-omit-frame-pointer $san -fsanitize=fuzzer-no-link")
"$TOP/scripts/build-perf.sh" -o "$out" "${opts[@]}"

say "linking $out/perf-data-fuzz"
make -s -C "$LINUX/tools/perf" -f Makefile.perf -f "$TOP/tests/fuzz/fuzz.mk" \
	FIXDEP=1 \
	O="$out" -j"$JOBS" "${PERF_MAKE_OPTS[@]}" "${opts[@]}" \
	"$out/perf-data-fuzz" >"$out/link.log" 2>&1 ||
	{ tail -40 "$out/link.log" >&2; die "fuzzer link failed (log: $out/link.log)"; }
