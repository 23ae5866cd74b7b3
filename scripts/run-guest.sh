#!/usr/bin/env bash
# usage: scripts/run-guest.sh [-s] [-k debug|release|DIR|IMAGE] [-t SECONDS] [-a KERNEL_ARGS] LOG
# Boots build/kernel-<flavour> (or the kernel built in DIR, or the kernel
# image file IMAGE) with build/initramfs.cpio (or $INITRAMFS) in QEMU (TCG,
# 2 vCPUs) and writes the serial console to LOG, while showing its
# "### " progress lines. -a may be given more than once. Exits 124 if the guest ran past the timeout.
# -s runs both vCPUs in one host thread (tcg,thread=single). Under QEMU
# 7.2's multi-threaded TCG a vCPU can still execute the int3 that another
# one put in while patching a jump label after the patching has finished:
# "Oops: int3" in __schedule(), within seconds of the attribute fuzzer on
# any kernel with jump labels, Debian's own 6.12.117 included.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=debug timeout=900 args="" accel=tcg
while getopts sk:t:a: opt; do
	case $opt in
	s) accel=tcg,thread=single ;;
	k) flavour=$OPTARG ;;
	t) timeout=$OPTARG ;;
	a) args="$args $OPTARG" ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || die "usage: $0 [-s] [-k debug|release|DIR|IMAGE] [-t SECONDS] [-a KERNEL_ARGS] LOG"
log=$1
initramfs=${INITRAMFS:-$BUILD/initramfs.cpio}
case $flavour in
*/*) kernel=$flavour/arch/x86/boot/bzImage
     [ -f "$flavour" ] && kernel=$flavour ;;
*) kernel=$BUILD/kernel-$flavour/arch/x86/boot/bzImage ;;
esac
[ -f "$kernel" ] || die "no $kernel (scripts/build-kernel.sh $flavour)"

set +e
timeout -k 10 "$timeout" qemu-system-x86_64 -M pc -accel "$accel" -cpu max -smp 2 -m 1G \
	-nodefaults -no-reboot -display none -serial stdio \
	-kernel "$kernel" -initrd "$initramfs" \
	-append "console=ttyS0 panic=-1 $args" </dev/null |
	tr -d '\r' | tee "$log" | grep --line-buffered '^###' >&2
rc=${PIPESTATUS[0]}
set -e
[ "$rc" = 124 ] && echo "### guest timed out after ${timeout}s" | tee -a "$log" >&2
exit "$rc"
