#!/bin/sh
# usage: trinity.sh SECONDS user|root|user-norecord|root-norecord
# Runs trinity for SECONDS, either as the unprivileged user "fuzz" or as
# root, while a system-wide and a per-task recording of trinity, both
# deferring, run beside it; then reads both back and scans for kernel
# leaks. Both keep the deferred callchains as records (--call-graph
# fp,defer), so that perf report --stats counts the stitched samples and
# perf script tells what became of the others; recording-tap.sh then
# merges them as perf record -g does at its end. *-norecord runs trinity
# alone (the base kernel, which cannot defer). Framed as run-tests.sh
# is, for scripts/check-guest-log.py.
seconds=$1
mode=$2
freq=199
cg=--call-graph=fp,defer
fuzz_uid=1000

echo -1 >/proc/sys/kernel/perf_event_paranoid
echo 0 >/proc/sys/kernel/kptr_restrict
mkdir -p /etc
echo "fuzz:x:$fuzz_uid:$fuzz_uid::/home/fuzz:/bin/sh" >>/etc/passwd
echo "fuzz:x:$fuzz_uid:" >>/etc/group
mkdir -p /home/fuzz
chown $fuzz_uid:$fuzz_uid /home/fuzz

# The guest kernel has no networking (socket() is ENOSYS) and no
# namespaces. Root's trinity: no pseudo files (a write to
# /proc/sysrq-trigger or the console's tty), and none of the calls that
# end the guest, stop its console, change its clock, reach the serial
# port's I/O ports, unmount what the harness uses, or signal, trace,
# write into or limit another process (perf record among them).
root_excludes="-x reboot -x kexec_load -x kexec_file_load -x init_module
	-x finit_module -x delete_module -x syslog -x vhangup -x iopl
	-x ioperm -x settimeofday -x clock_settime -x clock_adjtime
	-x adjtimex -x swapoff -x acct -x mount -x umount -x oldumount
	-x pivot_root -x move_mount -x kill -x tkill -x tgkill
	-x rt_sigqueueinfo -x rt_tgsigqueueinfo -x pidfd_send_signal
	-x ptrace -x process_vm_writev -x prlimit64 -x setrlimit"
case $mode in
user*)
	trinity="/usr/bin/setpriv --reuid=$fuzz_uid --regid=$fuzz_uid --clear-groups
		trinity -q -l off -C 4 --disable-fds=sockets" ;;
root*)
	trinity="trinity --dangerous -q -l off -C 4
		--disable-fds=sockets,pseudo $root_excludes" ;;
*)
	echo "### unknown mode $mode"
	exit 1 ;;
esac

echo "### BEGIN trinity.$mode"
echo "1..1"
cd /home/fuzz || exit 1
# The OOM killer is to take trinity's children, not the recordings.
echo -1000 >/proc/self/oom_score_adj
# Ends trinity from outside: the fuzzed children can kill anything of
# their own user, the timeout command included. trinity does not always
# end on SIGINT; then what it did is in its last progress line.
(
	sleep "$seconds"
	killall -INT trinity
	sleep 30
	killall -KILL trinity
) &
stopper=$!
start=$(cut -d' ' -f1 /proc/uptime)
case $mode in
*-norecord)
	# shellcheck disable=SC2086
	$trinity >/tmp/trinity.out 2>&1 ;;
*)
	perf record -a $cg -F $freq -o /tmp/all.data >/tmp/all.out 2>&1 &
	all=$!
	# shellcheck disable=SC2086
	perf record $cg -F $freq -o /tmp/task.data -- $trinity \
		>/tmp/trinity.out 2>/tmp/task.out
	kill -INT $all
	wait $all ;;
esac
rc=$?
kill $stopper 2>/dev/null
echo "### trinity ran $(awk -v s="$start" '{ printf "%d", $1 - s }' /proc/uptime) s"
grep -v "Can't do protocol\|Couldn't open socket" /tmp/trinity.out |
	tail -40 | sed 's/^/# /'
# Its summary if it ended, else its last progress line
done=$(sed -n 's/^\[main\] Ran \([0-9]*\) syscalls. Successes: \([0-9]*\)  Failures: \([0-9]*\)$/\1 system calls (F:\3 S:\2)/p' /tmp/trinity.out)
[ -n "$done" ] || done=$(grep -o '^\[main\] [0-9]* iterations. \[F:[0-9]* S:[0-9]*' /tmp/trinity.out |
	tail -1 | tr -d '[]' | awk '{ print $2 " system calls (" $4 " " $5 ") by its last progress line" }')
if [ -n "$done" ]; then
	echo "ok 1 trinity as $mode: $done"
else
	echo "not ok 1 trinity as $mode: no progress line (exit $rc)"
fi
echo "### END trinity.$mode rc=0"

case $mode in
*-norecord) ;;
*)
	for f in task all; do
		echo "### BEGIN trinity.$mode.$f-recording"
		/guest/recording-tap.sh /tmp/$f.data /tmp/$f.out
		echo "### END trinity.$mode.$f-recording rc=$?"
		rm -f /tmp/$f.data
	done ;;
esac
if [ -e /sys/kernel/debug/kmemleak ]; then
	echo "### BEGIN kmemleak"
	/guest/kmemleak-tap.sh
	echo "### END kmemleak rc=$?"
fi
