#!/usr/bin/env bash
# usage: scripts/run-guest.sh [-s] [-i] [-k debug|release|DIR|IMAGE] [-t SECONDS] [-m MEMORY] [-a KERNEL_ARGS] [-o FILE] LOG
# Boots build/kernel-<flavour> (or the kernel built in DIR, or the kernel
# image file IMAGE) with build/initramfs.cpio (or $INITRAMFS) in QEMU (TCG,
# 2 vCPUs) and writes the serial console to LOG, while showing its
# "### " progress lines. -a may be given more than once.
# -t is the time the guest may take on the idle machine (default 900 s):
# it is multiplied by the largest "### speed factor F" the guest has
# printed so far (guest/speed.sh), so that a guest slowed down by a busy
# host is not cut short. Exits 124 if the guest ran past that.
# -s runs both vCPUs in one host thread (tcg,thread=single). Under QEMU
# 7.2's multi-threaded TCG a vCPU can still execute the int3 that another
# one put in while patching a jump label after the patching has finished:
# "Oops: int3" in __schedule(), within seconds of the attribute fuzzer on
# any kernel with jump labels, Debian's own 6.12.117 included.
# -i runs the guest with -icount shift=0,sleep=off (implies -s): its
# clock counts instructions, one nanosecond each, so that the time a
# benchmark measures in the guest is a count of the instructions it ran,
# which a busy host does not change. It does not price a cache miss, a
# locked instruction or a fence, and each iteration of a rep-prefixed
# instruction counts as one.
# -m MEMORY: the guest's memory, as QEMU's -m takes it (default 1G).
# -o FILE: what the guest writes to its second serial port, /dev/ttyS1
# (files for the host: guest/send-files.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=debug timeout=900 args="" accel=tcg serial2=null icount=() memory=1G
while getopts sik:t:m:a:o: opt; do
	case $opt in
	s) accel=tcg,thread=single ;;
	i) accel=tcg,thread=single icount=(-icount shift=0,sleep=off) ;;
	k) flavour=$OPTARG ;;
	t) timeout=$OPTARG ;;
	m) memory=$OPTARG ;;
	a) args="$args $OPTARG" ;;
	o) serial2=file:$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || die "usage: $0 [-s] [-i] [-k debug|release|DIR|IMAGE] [-t SECONDS] [-m MEMORY] [-a KERNEL_ARGS] [-o FILE] LOG"
log=$1
initramfs=${INITRAMFS:-$BUILD/initramfs.cpio}
case $flavour in
*/*) kernel=$flavour/arch/x86/boot/bzImage
     [ -f "$flavour" ] && kernel=$flavour ;;
*) kernel=$BUILD/kernel-$flavour/arch/x86/boot/bzImage ;;
esac
[ -f "$kernel" ] || die "no $kernel (scripts/build-kernel.sh $flavour)"

# limit: the timeout times the largest speed factor in the log so far
limit() {
	awk -v t="$timeout" '
		/^### speed factor [0-9.]+/ && $4 + 0 > f { f = $4 + 0 }
		END { if (f < 1) f = 1; printf "%d\n", t * f + 0.999 }' "$log" 2>/dev/null ||
		echo "$timeout"
}

pidfile=$(mktemp) expired=$(mktemp -u)
trap 'rm -f "$pidfile" "$expired"' EXIT
: >"$log"
start=$SECONDS
(
	while sleep 2; do
		elapsed=$((SECONDS - start)) allowed=$(limit)
		[ "$elapsed" -lt "$allowed" ] && continue
		echo "$allowed" >"$expired"
		kill "$(cat "$pidfile")" 2>/dev/null
		sleep 10
		kill -9 "$(cat "$pidfile")" 2>/dev/null
		exit
	done
) &
watchdog=$!

set +e
qemu-system-x86_64 -M pc -accel "$accel" "${icount[@]}" -cpu max -smp 2 -m "$memory" \
	-nodefaults -no-reboot -display none -serial stdio -serial "$serial2" \
	-pidfile "$pidfile" \
	-kernel "$kernel" -initrd "$initramfs" \
	-append "console=ttyS0 panic=-1 $args" </dev/null |
	stdbuf -oL tr -d '\r' | tee "$log" | grep --line-buffered '^###' >&2
rc=${PIPESTATUS[0]}
set -e
kill "$watchdog" 2>/dev/null
wait "$watchdog" 2>/dev/null || true
if [ -e "$expired" ]; then
	echo "### guest timed out after $(cat "$expired")s ($timeout s on the idle machine)" |
		tee -a "$log" >&2
	exit 124
fi
exit "$rc"
