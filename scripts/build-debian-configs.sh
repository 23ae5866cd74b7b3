#!/usr/bin/env bash
# usage: scripts/build-debian-configs.sh [FLAVOUR...]
# Compiles what the series touches, and the code that uses it, with
# Debian's own configurations from linux-config-6.12 (FLAVOURs amd64,
# cloud-amd64, rt-amd64) and with i386_defconfig plus BPF, uprobes and
# kprobes (FLAVOUR i386), where deferred unwinding is off and only its
# stubs build. Default: all four.
# The series' new directory, kernel/unwind/, is built again with W=1 and
# any warning in it fails. Debug info is turned off to save time; nothing
# else in Debian's configuration is changed. Build trees in
# build/debian-FLAVOUR. A step of scripts/test.sh; install-deps.sh
# installs linux-config-6.12.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$LINUX/.git" ] || die "no $LINUX (scripts/prepare-tree.sh)"
cfgdir=/usr/src/linux-config-6.12

objs=(kernel/unwind/ kernel/events/ kernel/entry/ kernel/task_work.o
	fs/exec.o kernel/exit.o kernel/fork.o arch/x86/events/
	arch/x86/kernel/uprobes.o kernel/bpf/stackmap.o kernel/trace/)

kmake() {
	make -s -C "$LINUX" O="$out" ARCH="$arch" CC="ccache gcc" -j"$JOBS" "$@"
}

flavours=("$@")
[ ${#flavours[@]} -gt 0 ] || flavours=(amd64 cloud-amd64 rt-amd64 i386)
for flavour in "${flavours[@]}"; do
	start=$SECONDS
	out=$BUILD/debian-$flavour arch=x86_64
	mkdir -p "$out"
	case $flavour in
	amd64 | cloud-amd64) cfg=$cfgdir/config.amd64_none_$flavour.xz ;;
	rt-amd64) cfg=$cfgdir/config.amd64_rt_amd64.xz ;;
	i386) cfg="" arch=i386 ;;
	*) die "unknown flavour $flavour" ;;
	esac
	if [ -n "$cfg" ]; then
		[ -f "$cfg" ] || die "no $cfg (scripts/install-deps.sh installs linux-config-6.12)"
		xz -dc "$cfg" >"$out/.config"
		"$LINUX/scripts/config" --file "$out/.config" \
			--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
			-d DEBUG_INFO_DWARF5 -d DEBUG_INFO_DWARF4 \
			-d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -e DEBUG_INFO_NONE
		kmake olddefconfig >/dev/null
	else
		# with the users of the touched code that the defconfig lacks
		kmake i386_defconfig >/dev/null
		"$LINUX/scripts/config" --file "$out/.config" -e BPF_SYSCALL \
			-e UPROBES -e UPROBE_EVENTS -e KPROBES -e KPROBE_EVENTS
		kmake olddefconfig >/dev/null
	fi
	want=$([ "$arch" = x86_64 ] && echo y || echo n)
	got=$(grep -q '^CONFIG_UNWIND_DEFERRED=y' "$out/.config" && echo y || echo n)
	[ "$want" = "$got" ] || die "$flavour: CONFIG_UNWIND_DEFERRED=$got, expected $want"
	say "$flavour: building ${objs[*]} (UNWIND_DEFERRED=$got)"
	progress "$flavour" "$out" kmake "${objs[@]}" >/dev/null
	if [ "$got" = y ]; then
		say "$flavour: kernel/unwind/ with W=1"
		rm -f "$out"/kernel/unwind/*.o
		if ! kmake W=1 kernel/unwind/ 2>"$out/w1.log" ||
		   grep -q 'kernel/unwind/.*warning:' "$out/w1.log" ||
		   [ ! -f "$out/kernel/unwind/deferred.o" ]; then
			cat "$out/w1.log" >&2
			die "$flavour: warnings or errors with W=1 in kernel/unwind/"
		fi
	fi
	say "$flavour: ok, $((SECONDS - start)) s"
done
