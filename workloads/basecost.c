// SPDX-License-Identifier: GPL-2.0
/*
 * basecost ROUNDS ITERATIONS: what the hot paths that the series could
 * touch cost a task that does not use perf. No perf event is open. Each
 * round times every row once, in this order, and prints
 * "round=R row=NAME ns=T", T the mean time of one operation:
 *
 *   getppid         a system call that does nothing
 *   signal          raise(SIGUSR1) to a handler: delivery and rt_sigreturn
 *   signal_altstack the same on an alternate signal stack
 *   restart         ppoll() restarted after a default-ignored signal
 *   ptrace          a PTRACE_SYSCALL stop of a traced child and its resume
 *   rseq_abort      a trap in an rseq critical section: the abort, the
 *                   signal and rt_sigreturn
 *   io_uring        an io_uring read of a pipe completed by a write: the
 *                   completion is task_work added with TWA_SIGNAL
 *   fork_exit       fork(), _exit() and waitpid()
 *   execve          the program executing itself (dynamically linked)
 *   uprobe          a call of a function with a uprobe (tracefs, tracing
 *                   off), when /sys/kernel/tracing has uprobe_events
 *   nohz_getppid    getppid() on the first nohz_full CPU, if any
 *
 * After the rounds, once: the first perf_event_open() and close() of an
 * event with a callchain in the boot (row first_callchain_open, which
 * allocates perf's callchain buffers, on both kernels), then of an event
 * with defer_callchain (first_defer_open: it enables what deferral
 * needs, once) and another one (defer_open); a kernel without deferral
 * prints neither of the last two.
 *
 * ITERATIONS is for the system calls; the rows around a process (ptrace,
 * fork_exit, execve) do a tenth of it. Rows that cannot run print nothing.
 * With QEMU's -icount the guest clock counts instructions: T is then the
 * instructions of one operation, which a busy host does not change.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long iterations;

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void report(int round, const char *row, double t0, long n)
{
	printf("round=%d row=%s ns=%.1f\n", round, row, (now_ns() - t0) / n);
	fflush(stdout);
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void on_signal(int sig)
{
}

static void row_getppid(int round, const char *row)
{
	double t0 = now_ns();
	long i;

	for (i = 0; i < iterations; i++)
		syscall(SYS_getppid);
	report(round, row, t0, iterations);
}

static void row_signal(int round, bool altstack)
{
	static char stack[65536];
	stack_t ss = { .ss_sp = stack, .ss_size = sizeof(stack) };
	struct sigaction sa = {
		.sa_handler = on_signal,
		.sa_flags = altstack ? SA_ONSTACK : 0,
	};
	double t0;
	long i;

	if (altstack && sigaltstack(&ss, NULL))
		die("sigaltstack");
	if (sigaction(SIGUSR1, &sa, NULL))
		die("sigaction");
	t0 = now_ns();
	for (i = 0; i < iterations; i++)
		raise(SIGUSR1);
	report(round, altstack ? "signal_altstack" : "signal", t0, iterations);
	ss.ss_flags = SS_DISABLE;
	if (altstack && sigaltstack(&ss, NULL))
		die("sigaltstack");
}

/*
 * SIGWINCH is ignored by default, but queued while blocked. ppoll()
 * unblocks it, finds it pending and returns -ERESTARTNOHAND; delivery
 * drops it and, with no handler, restarts the ppoll(), which returns 0.
 */
static void row_restart(int round)
{
	struct timespec zero = { 0 };
	sigset_t block, none;
	double t0;
	long i;

	sigemptyset(&block);
	sigaddset(&block, SIGWINCH);
	sigemptyset(&none);
	signal(SIGWINCH, SIG_DFL);
	sigprocmask(SIG_BLOCK, &block, NULL);
	t0 = now_ns();
	for (i = 0; i < iterations; i++) {
		raise(SIGWINCH);
		if (ppoll(NULL, 0, &zero, &none))
			die("ppoll");
	}
	report(round, "restart", t0, iterations);
	sigprocmask(SIG_UNBLOCK, &block, NULL);
}

static void row_ptrace(int round)
{
	long i, n = iterations / 10;
	int status;
	double t0;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		for (;;)
			syscall(SYS_getppid);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status))
		die("waitpid");
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		if (ptrace(PTRACE_SYSCALL, pid, NULL, NULL))
			die("PTRACE_SYSCALL");
		if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status))
			die("waitpid");
	}
	report(round, "ptrace", t0, n);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
}

#define RSEQ_SIG	0x53053053

/* Returns 1 when the critical section was aborted. */
static int rseq_trap(struct rseq *rs)
{
	asm volatile goto(
		".pushsection __rseq_cs, \"aw\"\n\t"
		".balign 32\n\t"
		"3: .long 0, 0\n\t"
		".quad 1f, 2f - 1f, 4f\n\t"
		".popsection\n\t"
		"leaq 3b(%%rip), %%rax\n\t"
		"movq %%rax, %0\n\t"
		"1: ud2\n\t"
		"2:\n\t"
		".pushsection .text.unlikely, \"ax\"\n\t"
		".long %c1\n\t"
		"4: jmp %l[aborted]\n\t"
		".popsection\n\t"
		: : "m"(rs->rseq_cs), "i"(RSEQ_SIG) : "rax", "memory"
		: aborted);
	return 0;
aborted:
	return 1;
}

static void row_rseq_abort(int round)
{
	struct rseq *rs = (void *)((char *)__builtin_thread_pointer() +
				   __rseq_offset);
	struct sigaction sa = { .sa_handler = on_signal };
	double t0;
	long i;

	if (!__rseq_size)
		return;
	if (sigaction(SIGILL, &sa, NULL))
		die("sigaction");
	t0 = now_ns();
	for (i = 0; i < iterations; i++) {
		if (!rseq_trap(rs)) {
			fprintf(stderr, "rseq: no abort\n");
			exit(1);
		}
	}
	report(round, "rseq_abort", t0, iterations);
}

struct ring {
	int fd;
	unsigned int *sq_tail, *sq_mask, *sq_array, *cq_head, *cq_tail;
	struct io_uring_sqe *sqes;
};

static int ring_setup(struct ring *r)
{
	struct io_uring_params p = { 0 };
	char *sq, *cq;

	r->fd = syscall(__NR_io_uring_setup, 4, &p);
	if (r->fd < 0)
		return -1;
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd,
		  IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd,
		  IORING_OFF_CQ_RING);
	r->sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe),
		       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd,
		       IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || r->sqes == MAP_FAILED)
		die("mmap io_uring");
	r->sq_tail = (void *)(sq + p.sq_off.tail);
	r->sq_mask = (void *)(sq + p.sq_off.ring_mask);
	r->sq_array = (void *)(sq + p.sq_off.array);
	r->cq_head = (void *)(cq + p.cq_off.head);
	r->cq_tail = (void *)(cq + p.cq_off.tail);
	return 0;
}

static void row_io_uring(int round)
{
	static struct ring r;
	static int ready = -1;
	int pipefd[2];
	char buf, x = 'x';
	unsigned int tail, head, idx;
	double t0;
	long i;

	if (ready < 0)
		ready = !ring_setup(&r);
	if (!ready)
		return;
	if (pipe(pipefd))
		die("pipe");
	t0 = now_ns();
	for (i = 0; i < iterations; i++) {
		tail = *r.sq_tail;
		idx = tail & *r.sq_mask;
		memset(&r.sqes[idx], 0, sizeof(r.sqes[idx]));
		r.sqes[idx].opcode = IORING_OP_READ;
		r.sqes[idx].fd = pipefd[0];
		r.sqes[idx].addr = (unsigned long)&buf;
		r.sqes[idx].len = 1;
		r.sq_array[idx] = idx;
		__atomic_store_n(r.sq_tail, tail + 1, __ATOMIC_RELEASE);
		if (syscall(__NR_io_uring_enter, r.fd, 1, 0, 0, NULL, 0) != 1)
			die("io_uring_enter");
		/* Wakes the armed poll: task_work for this task */
		if (write(pipefd[1], &x, 1) != 1)
			die("write");
		head = *r.cq_head;
		while (__atomic_load_n(r.cq_tail, __ATOMIC_ACQUIRE) == head)
			syscall(__NR_io_uring_enter, r.fd, 0, 1,
				IORING_ENTER_GETEVENTS, NULL, 0);
		__atomic_store_n(r.cq_head, head + 1, __ATOMIC_RELEASE);
	}
	report(round, "io_uring", t0, iterations);
	close(pipefd[0]);
	close(pipefd[1]);
}

static void row_fork_exit(int round)
{
	long i, n = iterations / 10;
	int status;
	double t0;
	pid_t pid;

	t0 = now_ns();
	for (i = 0; i < n; i++) {
		pid = fork();
		if (pid < 0)
			die("fork");
		if (!pid)
			_exit(0);
		waitpid(pid, &status, 0);
	}
	report(round, "fork_exit", t0, n);
}

static void row_execve(int round)
{
	long n = iterations / 10;
	char count[32];
	int status;
	double t0;
	pid_t pid;

	snprintf(count, sizeof(count), "%ld", n);
	t0 = now_ns();
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		execl("/proc/self/exe", "basecost", "exec", count, NULL);
		_exit(1);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("execve chain");
	report(round, "execve", t0, n);
}

static __attribute__((noinline)) void probed(void)
{
	asm volatile("" ::: "memory");
}

static int write_file(const char *path, const char *s, int flags)
{
	int fd = open(path, O_WRONLY | flags), ret;

	if (fd < 0)
		return -1;
	ret = write(fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -1;
	close(fd);
	return ret;
}

/* The file offset of probed() in this program, from /proc/self/maps */
static long probed_offset(char *path, size_t size)
{
	unsigned long start, end, off, addr = (unsigned long)probed;
	char line[512], file[256];
	FILE *f = fopen("/proc/self/maps", "r");
	long ret = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &start, &end,
			   &off, file) == 4 && addr >= start && addr < end) {
			snprintf(path, size, "%s", file);
			ret = addr - start + off;
			break;
		}
	}
	fclose(f);
	return ret;
}

#define TRACING "/sys/kernel/tracing/"

static void row_uprobe(int round)
{
	char path[256], probe[512];
	double t0;
	long i, off;

	off = probed_offset(path, sizeof(path));
	if (off < 0)
		return;
	snprintf(probe, sizeof(probe), "p:basecost/hit %s:%#lx", path, off);
	if (write_file(TRACING "uprobe_events", probe, O_APPEND))
		return;
	if (write_file(TRACING "tracing_on", "0", 0) ||
	    write_file(TRACING "events/basecost/hit/enable", "1", 0))
		die("enabling the uprobe");
	t0 = now_ns();
	for (i = 0; i < iterations; i++)
		probed();
	report(round, "uprobe", t0, iterations);
	write_file(TRACING "events/basecost/hit/enable", "0", 0);
	write_file(TRACING "uprobe_events", "-:basecost/hit", O_APPEND);
	write_file(TRACING "tracing_on", "1", 0);
}

static void row_nohz(int round)
{
	char buf[64] = "";
	cpu_set_t set, old;
	int cpu;
	FILE *f;

	f = fopen("/sys/devices/system/cpu/nohz_full", "r");
	if (!f)
		return;
	if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%d", &cpu) != 1)
		cpu = -1;
	fclose(f);
	if (cpu < 0 || sched_getaffinity(0, sizeof(old), &old))
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return;
	row_getppid(round, "nohz_getppid");
	sched_setaffinity(0, sizeof(old), &old);
}

/*
 * attr.defer_callchain, bit 38 of the flags that follow read_format:
 * set by its position, for headers older than the bit.
 */
static int open_callchain_event(bool defer)
{
	struct perf_event_attr attr = {
		.type		= PERF_TYPE_SOFTWARE,
		.size		= sizeof(attr),
		.config		= PERF_COUNT_SW_TASK_CLOCK,
		.sample_period	= 1000000,
		.sample_type	= PERF_SAMPLE_CALLCHAIN,
		.disabled	= 1,
	};
	uint64_t flags;
	size_t off = offsetof(struct perf_event_attr, read_format) +
		     sizeof(attr.read_format);

	memcpy(&flags, (char *)&attr + off, sizeof(flags));
	if (defer)
		flags |= 1ULL << 38;
	memcpy((char *)&attr + off, &flags, sizeof(flags));
	return syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static void row_first_callchain(void)
{
	const char *rows[] = {
		"first_callchain_open", "first_defer_open", "defer_open"
	};
	double t0;
	int i, fd;

	for (i = 0; i < 3; i++) {
		t0 = now_ns();
		fd = open_callchain_event(i > 0);
		if (fd < 0)
			return;
		close(fd);
		report(0, rows[i], t0, 1);
	}
}

int main(int argc, char **argv)
{
	cpu_set_t set;
	int rounds, round;

	if (argc == 3 && !strcmp(argv[1], "exec")) {
		char count[32];
		long n = atol(argv[2]);

		if (n <= 1)
			return 0;
		snprintf(count, sizeof(count), "%ld", n - 1);
		execl("/proc/self/exe", "basecost", "exec", count, NULL);
		return 1;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: basecost ROUNDS ITERATIONS\n");
		return 2;
	}
	rounds = atoi(argv[1]);
	iterations = atol(argv[2]);

	/* Off the nohz_full CPU, if any, but for its own row */
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");

	for (round = 0; round < rounds; round++) {
		row_getppid(round, "getppid");
		row_signal(round, false);
		row_signal(round, true);
		row_restart(round);
		row_ptrace(round);
		row_rseq_abort(round);
		row_io_uring(round);
		row_fork_exit(round);
		row_execve(round);
		row_uprobe(round);
		row_nohz(round);
	}
	row_first_callchain();
	return 0;
}
