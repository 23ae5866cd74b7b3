#!/usr/bin/env bash
# usage: scripts/build-initramfs.sh
# Writes build/initramfs.cpio for the guest: static busybox, guest/ as
# /guest with guest/init as /init, perf as /usr/bin/perf, the demo's
# workload (workloads/deepstack.c) as /usr/bin/deepstack, objdump, the forced-loss
# test's (workloads/phases.c) as /usr/bin/phases, the return-cost
# benchmark's (workloads/defercost.c, built against the kernel's uapi
# headers) as /usr/bin/defercost, the base-cost benchmark's
# (workloads/basecost.c) as /usr/bin/basecost, the kselftests
# under /opt/selftests, and every shared library these need (from ldd).
# For the packages' smoke test (scripts/smoke-package.sh): PERF_ROOT, an
# unpacked linux-perf package, gives perf and its /usr/lib/perf-core;
# KBUILD_DIR the kernel build whose gen_init_cpio and headers to use;
# SELFTESTS the kselftests' build directory; INITRAMFS the output.
# CHECK_DEB, a deferred-callchain-check package (scripts/package-check.sh),
# adds its files at their own paths.
# MAINLINE_PERF adds that perf binary as /usr/bin/perf-mainline. PERF is
# the perf binary otherwise (default build/perf/perf). EXTRA names more
# host programs (absolute paths), each added at its own path with its
# libraries. For the whole perf test (scripts/peer-perf-test.sh):
# PERF_TESTS=all puts all of $LINUX's perf shell tests, attr tests and
# scripts in /opt/perf and the perf build's Python module at its own path;
# HOST_PACKAGES names installed Debian packages whose files go in as the
# host has them (bash, the GNU tools, Python), before busybox's applets
# of the same names.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ -n "${KBUILD_DIR:-}" ]; then
	gen_init_cpio=$KBUILD_DIR/usr/gen_init_cpio
else
	gen_init_cpio=$BUILD/kernel-debug/usr/gen_init_cpio
	[ -x "$gen_init_cpio" ] || gen_init_cpio=$BUILD/kernel-release/usr/gen_init_cpio
fi
[ -x "$gen_init_cpio" ] || die "no $gen_init_cpio (scripts/build-kernel.sh)"
out=${INITRAMFS:-$BUILD/initramfs.cpio}
# The workloads are built next to the initramfs. The demo's workload:
# frame pointers and no sibling calls, so that every level of its stack
# is in the user callchain.
wdir=$(dirname "$out")
for w in deepstack phases defercost basecost; do
	gcc -O1 -g -fno-omit-frame-pointer -fno-optimize-sibling-calls -Wall \
		-isystem "$(dirname "$gen_init_cpio")/include" \
		-o "$wdir/$w" "$TOP/workloads/$w.c"
done
list=${out%.cpio}.list
selftests=${SELFTESTS:-$BUILD/selftests}

declare -A dirs
entries=()
add_dir() {
	local d=$1
	while [ "$d" != / ] && [ -z "${dirs[$d]:-}" ]; do
		dirs[$d]=1
		d=$(dirname "$d")
	done
}
declare -A taken
add_file() {	# add_file GUEST_PATH HOST_PATH MODE
	[ -z "${taken[$1]:-}" ] || return 0
	taken[$1]=1
	add_dir "$(dirname "$1")"
	entries+=("file $1 $2 $3 0 0")
}
add_elf() {	# add_elf GUEST_PATH HOST_PATH: the binary and its libraries
	add_file "$1" "$2" 755
	while read -r lib; do
		libs[$lib]=1
	done < <(ldd "$2" 2>/dev/null | grep -o '/[^ ]*\.so[^ ]*')
}

declare -A libs
add_file /bin/busybox /bin/busybox 755
add_file /init "$TOP/guest/init" 755
for f in "$TOP"/guest/*.sh "$TOP"/guest/*.awk; do
	add_file "/guest/${f##*/}" "$f" 755
done
if [ -n "${PERF_ROOT:-}" ]; then
	add_elf /usr/bin/perf "$PERF_ROOT/usr/bin/perf"
	while read -r f; do
		add_file "/${f#"$PERF_ROOT"/}" "$f" "$(stat -c %a "$f")"
	done < <(find "$PERF_ROOT/usr/lib/perf-core" "$PERF_ROOT/usr/share/perf-core" -type f)
else
	add_elf /usr/bin/perf "${PERF:-$BUILD/perf/perf}"
fi
if [ -n "${CHECK_DEB:-}" ]; then
	check_root=$(mktemp -d)
	trap 'rm -rf "$check_root"' EXIT
	dpkg-deb -x "$CHECK_DEB" "$check_root"
	while read -r f; do
		case $f in
		*/usr/share/doc/*) ;;
		*/usr/lib/*) add_elf "/${f#"$check_root"/}" "$f" ;;
		*) add_file "/${f#"$check_root"/}" "$f" 755 ;;
		esac
	done < <(find "$check_root" -type f)
fi
for p in ${HOST_PACKAGES:-}; do
	while read -r f; do
		case $f in
		/usr/share/doc/* | /usr/share/man/* | /usr/share/info/* | \
		/usr/share/locale/* | /usr/share/lintian/*) continue ;;
		esac
		if [ -d "$f" ] || [ -n "${taken[$f]:-}" ]; then
			continue
		elif [ -L "$f" ]; then
			taken[$f]=1
			add_dir "$(dirname "$f")"
			entries+=("slink $f $(readlink "$f") 777 0 0")
		elif [ -f "$f" ]; then
			case $f in
			*/bin/* | */sbin/* | *.so | *.so.*) add_elf "$f" "$f" ;;
			*) add_file "$f" "$f" "$(stat -c %a "$f")" ;;
			esac
		fi
	done < <(dpkg-query -L "$p")
done
# /bin/sh is dash where it is installed, as on Debian: busybox's sh runs
# its own applets before any other program of the same name.
case " ${HOST_PACKAGES:-} " in
*" dash "*) entries+=("slink /bin/sh dash 777 0 0") ;;
esac
if [ "${PERF_TESTS:-}" = all ]; then
	for d in tests/shell tests/attr tests/attr.py scripts; do
		while read -r f; do
			add_file "/opt/perf/${f#"$LINUX"/tools/perf/}" "$f" "$(stat -c %a "$f")"
		done < <(find "$LINUX/tools/perf/$d" -type f)
	done
	for f in "$(dirname "$(realpath "${PERF:-$BUILD/perf/perf}")")"/python/*.so; do
		[ -f "$f" ] && add_file "$f" "$f" 755
	done
fi
for f in ${EXTRA:-}; do
	add_elf "$f" "$f"
done
# For scripts/compare-mainline.sh: mainline's perf beside ours
[ -z "${MAINLINE_PERF:-}" ] || add_elf /usr/bin/perf-mainline "$MAINLINE_PERF"
add_elf /usr/bin/deepstack "$wdir/deepstack"
add_elf /usr/bin/phases "$wdir/phases"
add_elf /usr/bin/defercost "$wdir/defercost"
add_elf /usr/bin/basecost "$wdir/basecost"
# The deferred callchain shell tests of $LINUX's perf: perf test finds
# ./tests/shell; 6.12's lookup next to the binary does not terminate the
# path readlink() gives it
for f in "$LINUX"/tools/perf/tests/shell/*deferred_callchain*.sh \
	 "$LINUX"/tools/perf/tests/shell/lib/*deferred_callchain*.sh; do
	t=${f#"$LINUX"/tools/perf/tests/shell/}
	case $t in
	lib/*) mode=644 ;;
	*) mode=755 ;;
	esac
	if [ -f "$f" ]; then
		add_file "/opt/perf/tests/shell/$t" "$f" $mode
	fi
done
# perf annotate disassembles with objdump
add_elf /usr/bin/objdump "$(command -v objdump)"
# The perf top test runs it in tmux, which needs a UTF-8 locale (glibc's
# C.UTF-8), the terminfo entries of the terminal it runs on and of its
# own (ncurses-base)
add_elf /usr/bin/tmux "$(command -v tmux)"
for f in /lib/terminfo/s/screen /lib/terminfo/t/tmux-256color \
	 /usr/lib/locale/C.utf8/LC_CTYPE; do
	add_file "$f" "$f" 644
done
for f in "$selftests"/*/*; do
	[ -x "$f" ] && [ -f "$f" ] || continue
	t=${f#"$selftests"/}
	add_elf "/opt/selftests/$t" "$f"
done
for lib in "${!libs[@]}"; do
	add_file "$lib" "$(readlink -f "$lib")" 755
done
for d in /dev /proc /sys /tmp /root /bin /usr/bin; do
	add_dir "$d"
done

{
	for d in $(printf '%s\n' "${!dirs[@]}" | sort); do
		echo "dir $d 755 0 0"
	done
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "nod /dev/null 666 0 0 c 1 3"
	printf '%s\n' "${entries[@]}"
} >"$list"
"$gen_init_cpio" "$list" >"$out.tmp"
mv "$out.tmp" "$out"
say "initramfs: $out ($(du -h "$out" | cut -f1))"
